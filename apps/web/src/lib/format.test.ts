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
});

describe('formatDate', () => {
  it('reads a date-only string as that calendar day in Buenos Aires', () => {
    expect(formatDate('2026-03-01')).toBe('1 de marzo de 2026');
  });
  it('formats an instant in Buenos Aires time', () => {
    expect(formatDate('2026-12-01T02:00:00Z')).toBe('30 de noviembre de 2026');
  });
});
