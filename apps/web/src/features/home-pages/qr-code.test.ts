import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr-code';

describe('QR code', () => {
  it('picks the smallest version that fits (21 modules for version 1, 57 for version 10)', () => {
    expect(qrMatrix('https://a.ar').length).toBe(21);
    expect(qrMatrix(`https://example.com/${'b'.repeat(190)}`).length).toBe(57);
    expect(() => qrMatrix('x'.repeat(300))).toThrow();
  });
  it('draws the three finder patterns and the dark module', () => {
    const m = qrMatrix('https://alcancia.com.ar/scan/news');
    const size = m.length;
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(m[y]?.slice(x, x + 7)).toEqual([true, true, true, true, true, true, true]);
      expect(m[y + 1]?.slice(x, x + 7)).toEqual([true, false, false, false, false, false, true]);
    }
    expect(m[size - 8]?.[8]).toBe(true);
  });
  it('renders dark modules as an SVG path with a quiet zone', () => {
    expect(qrPath([[true, false]], 4)).toBe('M4 4h1v1h-1z');
  });
});
