import { describe, expect, it } from 'vitest';
import { priceWithoutNationalTaxes } from './payments';

describe('priceWithoutNationalTaxes (decision 0132)', () => {
  it('takes the 21 % IVA out of a final price, rounded to the centavo', () => {
    expect(priceWithoutNationalTaxes(1_210_000)).toBe(1_000_000); // $ 12.100 → $ 10.000
    expect(priceWithoutNationalTaxes(1_190_000)).toBe(983_471); // $ 11.900 → $ 9.834,71
    expect(priceWithoutNationalTaxes(8_900_000)).toBe(7_355_372); // $ 89.000 → $ 73.553,72
    expect(priceWithoutNationalTaxes(1)).toBe(1);
    expect(priceWithoutNationalTaxes(0)).toBe(0);
  });

  it('matches the net of a Factura B for the same total', () => {
    for (const total of [99, 990_000, 1_490_000, 13_410_000]) {
      const net = priceWithoutNationalTaxes(total);
      // what the invoice shows apart: net + IVA contained = final price
      expect(net + Math.round(net * 0.21)).toBeGreaterThanOrEqual(total - 1);
      expect(net + Math.round(net * 0.21)).toBeLessThanOrEqual(total + 1);
    }
  });
});
