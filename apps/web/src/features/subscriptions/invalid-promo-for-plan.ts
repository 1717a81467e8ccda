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
