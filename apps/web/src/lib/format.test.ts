import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

const nbsp = /\u00a0/g;

describe('formatMoney', () => {
  it('formats whole pesos the Argentine way', () => {
    expect(formatMoney(1_234_500).replace(nbsp, ' ')).toBe('$ 12.345');
  });
  it('keeps centavos when there are some', () => {
    expect(formatMoney(60_050).replace(nbsp, ' ')).toBe('$ 600,50');
  });
  it('writes what Intl.NumberFormat es-AR writes for pesos', () => {
    const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
    const whole = new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: 'ARS',
      maximumFractionDigits: 0,
    });
    const amounts = [
      0, 1, 9, 10, 99, 100, 101, 999, 1_000, 50_000, 99_999, 100_000, 123_456, 1_000_000, 8_900_000,
      2_966_666.67, 12_345_678_901, -1, -60_050, -1_234_500, 1_780_000, 1_234.4,
    ];
    for (const centavos of amounts) {
      const intl = centavos % 100 === 0 ? whole : money;
      expect(formatMoney(centavos), String(centavos)).toBe(intl.format(centavos / 100));
    }
  });
});

describe('formatDate', () => {
  it('reads a date-only string as that calendar day in Buenos Aires', () => {
    expect(formatDate('2026-03-01')).toBe('1 de marzo de 2026');
  });
  it('formats an instant in Buenos Aires time', () => {
    expect(formatDate('2026-12-01T02:00:00Z')).toBe('30 de noviembre de 2026');
  });
});
