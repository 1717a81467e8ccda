import { describe, expect, it } from 'vitest';
import { commaList, formatDateTime, formatDay, formatPesos, parseDay, parsePesos } from './admin-format';

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

describe('days an operator types and reads', () => {
  it('reads dd/mm/aaaa into a calendar day, refusing days that do not exist', () => {
    expect(parseDay('27/12/2026')).toBe('2026-12-27');
    expect(parseDay('7/1/26')).toBe('2026-01-07');
    expect(parseDay('27-12-2026')).toBe('2026-12-27');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('12/27/2026')).toBeNull();
    expect(parseDay('2026-12-27')).toBeNull();
  });

  it('writes days and instants as dd/mm/aaaa, in Argentina time', () => {
    expect(formatDay('2026-12-27')).toBe('27/12/2026');
    expect(formatDateTime('2026-12-27T02:30:00Z')).toBe('26/12/2026, 23:30');
  });
});
