import { ApiError } from '../../lib/api-client';
import { promoErrorText } from '../../shared/checkout/promo-messages';

/** Spec §8 INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN: the dialog 'Atención'. */
export const invalidPromoForPlan = {
  code: 'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN',
  title: 'Atención',
  text: 'El código promocional no es válido para este plan y/o frecuencia de pago.',
} as const;

export function isInvalidPromoForPlan(error: unknown): boolean {
  return error instanceof ApiError && error.internalCode === invalidPromoForPlan.code;
}

/**
 * A coupon that would not lower this plan's price (its own discount is as good or better): the
 * code is not used, so it is not spent either (decision 43). Same 'Atención' dialog.
 */
export const promoNotBetter = {
  code: 'PROMO_CODE_NOT_BETTER',
  title: 'Atención',
  text: 'Tu código no mejora el precio de este plan: ya tiene un descuento igual o mayor. Podés suscribirte al precio actual sin usarlo, y tu código queda sin usar.',
} as const;

export function isPromoNotBetter(error: unknown): boolean {
  return error instanceof ApiError && error.internalCode === promoNotBetter.code;
}

/** Whether a failed plan load is about its promo code (and not about the plan). */
export function isPromoRefusal(error: unknown): boolean {
  return (
    isInvalidPromoForPlan(error) ||
    isPromoNotBetter(error) ||
    (error instanceof ApiError && error.internalCode === 'PROMO_CODE')
  );
}

/**
 * The text shown under the promo field for a refused code: the plan's own refusals (not for this
 * plan or frequency, not better) or the promo-code table's (not found, expired…).
 */
export function subscriptionPromoErrorText(error: unknown): string {
  if (isInvalidPromoForPlan(error)) return invalidPromoForPlan.text;
  if (isPromoNotBetter(error)) return promoNotBetter.text;
  return promoErrorText(error);
}
