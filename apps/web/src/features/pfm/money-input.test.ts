import { describe, expect, it } from 'vitest';
import { amountText, formatDollars, formatRate, parseAmount } from './money-input';

describe('amounts as she types them', () => {
  it('reads es-AR and plain amounts into minor units', () => {
    expect(parseAmount('1.234,56')).toBe(123_456);
    expect(parseAmount('$ 1.234')).toBe(123_400);
    expect(parseAmount('1234,5')).toBe(123_450);
    expect(parseAmount('1234.56')).toBe(123_456);
    expect(parseAmount('1.000.000')).toBe(100_000_000);
    expect(parseAmount('-250')).toBe(-25_000);
    expect(parseAmount('US$ 10')).toBe(1_000);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,2,3', '12.3456', '1.23.4', '12,345'])
      expect(parseAmount(bad)).toBeNull();
  });

  it('writes amounts and rates back', () => {
    expect(amountText(123_456)).toBe('1234,56');
    expect(amountText(100_000)).toBe('1000');
    expect(formatDollars(150_000)).toBe('US$\u00a01.500,00');
    expect(formatRate('1468.25')).toBe('1.468,25');
    expect(formatRate('1421.7')).toBe('1.421,70');
  });
});
