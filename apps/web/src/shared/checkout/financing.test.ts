import { describe, expect, it } from 'vitest';
import { financingTerms, formatRate, monthlyRate } from './financing';

describe('financing terms of a purchase in cuotas', () => {
  it('finds the monthly rate that makes the cuotas worth the cash price', () => {
    // 12 cuotas of 10 on 100: the textbook 2,92 % a month
    expect(monthlyRate(100, 10, 12)).toBeCloseTo(0.029229, 5);
    expect(monthlyRate(100, 100 / 3, 3)).toBe(0);
    expect(monthlyRate(100, 50, 1)).toBe(0);
  });

  it('six cuotas with 20 % more (the emulator’s rate): TNA and CFTEA from what she pays', () => {
    const terms = financingTerms(
      { installments: 6, installmentAmount: 1_780_000, totalAmount: 10_680_000 },
      8_900_000,
    );
    expect(terms.interestFree).toBe(false);
    expect(terms.totalFinanced).toBe(10_680_000);
    expect(terms.cashPrice).toBe(8_900_000);
    const i = terms.tna / 100 / (365 / 30);
    // the six cuotas, discounted at i, are worth the cash price
    const worth = [1, 2, 3, 4, 5, 6].reduce((sum, k) => sum + 1_780_000 / (1 + i) ** k, 0);
    expect(worth).toBeCloseTo(8_900_000, 0);
    expect(terms.tna).toBeCloseTo(66.57, 1);
    expect(terms.cftea).toBeCloseTo(91.2, 1);
    expect(terms.cftea).toBeGreaterThan(terms.tna);
  });

  it('"sin interés" only when she pays nothing over the cash price', () => {
    const free = financingTerms(
      { installments: 3, installmentAmount: 2_966_667, totalAmount: 8_900_000 },
      8_900_000,
    );
    expect(free).toMatchObject({ interestFree: true, tna: 0, cftea: 0 });
    // a zero rate at the provider but a total above the price (a fee): not interest-free
    const fee = financingTerms(
      { installments: 3, installmentAmount: 3_000_000, totalAmount: 9_000_000 },
      8_900_000,
    );
    expect(fee.interestFree).toBe(false);
    expect(fee.cftea).toBeGreaterThan(0);
  });

  it('writes rates the es-AR way', () => {
    expect(formatRate(84.5)).toBe('84,50\u00a0%');
    expect(formatRate(0)).toBe('0,00\u00a0%');
  });
});
