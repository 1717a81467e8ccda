import { ApiError } from '../../lib/api-client';
import { promoErrorText } from '../../shared/checkout/promo-messages';
import {
  invalidPromoForPlan,
  isInvalidPromoForPlan,
  isPromoNotBetter,
  promoNotBetter,
} from './invalid-promo-for-plan';

/** The dialog a failed subscription payment shows; `dropsPromoCode` when the code caused it. */
export interface PaymentFailure {
  title: string;
  text: string;
  dropsPromoCode: boolean;
  /** she already had her free trial: the checkout now shows the plan without it */
  endsFreeTrial?: boolean;
}

/**
 * A payment that failed before any outcome (not a refusal): the promo code no longer valid for
 * this plan ('Atención', spec §8), the code itself refused at payment time (expired since the
 * price was shown, already used by her: the promo table's message mapped to Spanish, spec §8), or
 * anything else (the server's own Spanish message, or a generic one).
 */
export function paymentFailure(error: unknown): PaymentFailure {
  if (isInvalidPromoForPlan(error)) {
    return { title: invalidPromoForPlan.title, text: invalidPromoForPlan.text, dropsPromoCode: true };
  }
  if (error instanceof ApiError && error.internalCode === 'FREE_TRIAL_ALREADY_USED') {
    return {
      title: 'Ya usaste tu prueba gratis',
      text: 'La prueba gratis es una por persona, y ya la usaste con esta cuenta o con esta tarjeta. Podés suscribirte igual: el primer cobro se hace hoy. Revisá el resumen y confirmá si querés seguir.',
      dropsPromoCode: false,
      endsFreeTrial: true,
    };
  }
  if (isPromoNotBetter(error)) {
    return { title: promoNotBetter.title, text: promoNotBetter.text, dropsPromoCode: true };
  }
  if (error instanceof ApiError && error.internalCode === 'PROMO_CODE') {
    return { title: 'No pudimos aplicar tu código', text: promoErrorText(error), dropsPromoCode: true };
  }
  return {
    title: 'No pudimos completar el pago',
    text:
      error instanceof ApiError && error.message
        ? error.message
        : 'Ocurrió un error inesperado. Probá de nuevo en unos minutos.',
    dropsPromoCode: false,
  };
}
