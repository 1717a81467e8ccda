import { ApiError } from '../../lib/api-client';

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
