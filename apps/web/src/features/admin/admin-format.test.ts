import { describe, expect, it } from 'vitest';
import { commaList, formatPesos, parsePesos } from './admin-format';

describe('amounts an operator types', () => {
  it('reads es-AR pesos into centavos', () => {
    expect(parsePesos('1.234,56')).toBe(123_456);
    expect(parsePesos('$ 100')).toBe(10_000);
    expect(parsePesos('0,5')).toBe(50);
    expect(parsePesos('12,345')).toBeNull();
    expect(parsePesos('abc')).toBeNull();
    expect(parsePesos('')).toBeNull();
  });

  it('writes centavos as es-AR pesos', () => {
    expect(formatPesos(123_456).replace(/\s/g, ' ')).toBe('$ 1.234,56');
  });
});

describe('lists typed in one field', () => {
  it('splits by commas, trims and drops empty items', () => {
    expect(commaList(' prog-a, pack-b ,, ')).toEqual(['prog-a', 'pack-b']);
    expect(commaList('')).toEqual([]);
  });
});
