import { discountPercent } from '../academy/catalog-rows';
import type { ProgramStructure } from './load-program';
import type { ProgramPromo } from './program-promo-codes';

export interface ProgramPrice {
  regularCentavos: number;
  /** what this buyer pays, in all */
  chargeCentavos: number;
  /** percent off the regular price, rounded */
  discountPercent: number;
  /** the code that lowered the price, or null */
  promoCodeApplied: string | null;
}

/**
 * The server's price of a program: courses.price_centavos (already below regular_price_centavos
 * when the program is on offer), then a program promo code: a discount takes its percent off that
 * price (centavos rounded to the nearest), a free code makes it 0. A free program costs 0. A code
 * that would not lower the price is not applied (promoCodeApplied null).
 */
export function priceProgram(program: ProgramStructure, promo: ProgramPromo | null): ProgramPrice {
  const { course } = program;
  const price = course.isFree ? 0 : (course.priceCentavos ?? 0);
  const regular = Math.max(course.regularPriceCentavos ?? price, price);
  const withCode = promo ? Math.round((price * (100 - promo.percent)) / 100) : price;
  // A code is used only when it lowers the price (a 1-centavo price stays 1): else it stays unspent.
  const applied = promo !== null && withCode < price;
  const charge = applied ? withCode : price;
  return {
    regularCentavos: regular,
    chargeCentavos: charge,
    discountPercent: regular === 0 ? 0 : discountPercent(charge, regular),
    promoCodeApplied: applied ? promo.code : null,
  };
}
