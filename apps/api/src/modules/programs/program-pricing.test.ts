import { describe, expect, it } from 'vitest';
import type { ProgramStructure } from './load-program';
import { priceProgram } from './program-pricing';

const programAt = (priceCentavos: number, regularPriceCentavos = priceCentavos) =>
  ({
    course: { id: 'p', isFree: false, priceCentavos, regularPriceCentavos },
  }) as unknown as ProgramStructure;
const code25 = { id: 1, code: 'PROGRAMA25', kind: 'DISCOUNT' as const, percent: 25 };

describe('priceProgram', () => {
  it('takes a code’s percent off the program’s price', () => {
    expect(priceProgram(programAt(8_000_000, 10_000_000), code25)).toEqual({
      regularCentavos: 10_000_000,
      chargeCentavos: 6_000_000,
      discountPercent: 40,
      promoCodeApplied: 'PROGRAMA25',
    });
  });

  it('does not apply (so does not spend) a code that would not lower the price', () => {
    expect(priceProgram(programAt(1), code25)).toEqual({
      regularCentavos: 1,
      chargeCentavos: 1,
      discountPercent: 0,
      promoCodeApplied: null,
    });
  });
});
