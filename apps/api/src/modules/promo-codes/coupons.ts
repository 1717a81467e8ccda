import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { type Coupon, couponAppliesTo } from './coupon';
import { checkPromoCode, findPromoCode, hasRedeemed, promoCodeError } from './promo-code-rules';

export const invalidPromoCodeForPlan = () =>
  new AppError(
    'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN',
    400,
    'El código promocional no es válido para este plan y/o frecuencia de pago.',
  );

/** A coupon for this plan that would not lower its price: it is not used, so not spent either. */
export const promoCodeNotBetter = () =>
  new AppError(
    'PROMO_CODE_NOT_BETTER',
    409,
    'Tu código no mejora el precio de este plan: ya tiene un descuento igual o mayor. Podés suscribirte al precio actual sin usarlo.',
  );

/**
 * The discount coupon behind `code` for showing prices, or null when the code cannot discount
 * anything now (unknown, expired, exhausted, a free period…): a plan list simply shows no discount.
 */
export async function couponForDisplay(
  db: Db,
  code: string,
  facts: { today: string; countryCode: string | null | undefined },
): Promise<Coupon | null> {
  try {
    const effect = checkPromoCode(await findPromoCode(db, code), facts);
    return effect.kind === 'DISCOUNT_COUPON' ? effect.coupon : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The coupon a card checkout will charge with, or the error the payer must see: the promo-code
 * table's messages for the code itself, INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN when it is fine
 * but not a coupon for this plan and frequency.
 */
export async function couponForCheckout(
  db: Db,
  code: string,
  user: { id: string; countryCode: string | null },
  item: { planId: string; frequency: string; today: string },
): Promise<Coupon> {
  const row = await findPromoCode(db, code);
  const effect = checkPromoCode(row, { today: item.today, countryCode: user.countryCode });
  if (effect.kind !== 'DISCOUNT_COUPON' || !couponAppliesTo(effect.coupon, item.planId, item.frequency)) {
    throw invalidPromoCodeForPlan();
  }
  if (await hasRedeemed(db, user.id, effect.coupon.id)) throw promoCodeError('alreadyPromoCode');
  return effect.coupon;
}
