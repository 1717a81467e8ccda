import type { RefusedReason } from '@alcancia/contract';

/** Mercado Pago's status_detail of a refused card → the spec's refusedReason. */
const reasons: Record<string, RefusedReason> = {
  cc_rejected_insufficient_amount: 'INSUFFICIENT_AMOUNT',
  cc_rejected_call_for_authorize: 'CALL_FOR_AUTHORIZE',
  cc_rejected_bad_filled_security_code: 'FILLED_SECURITY_CODE',
  cc_rejected_bad_filled_date: 'FILLED_DATE',
};

/** Anything not listed (other reasons, bad data, blacklists, unknown) is UNEXPECTED_ERROR. */
export function refusedReasonOf(statusDetail: string | null | undefined): RefusedReason {
  return (statusDetail && reasons[statusDetail]) || 'UNEXPECTED_ERROR';
}

/** The Spanish fallback message of a refusal; the web shows its own text per reason. */
export const refusalMessages: Record<RefusedReason, string> = {
  INSUFFICIENT_AMOUNT: 'La tarjeta no tiene fondos suficientes.',
  CALL_FOR_AUTHORIZE: 'Tenés que autorizar el pago con el banco emisor de la tarjeta.',
  FILLED_SECURITY_CODE: 'El código de seguridad de la tarjeta no es correcto.',
  FILLED_DATE: 'La fecha de vencimiento de la tarjeta no es correcta.',
  UNEXPECTED_ERROR: 'No pudimos procesar el pago. Probá con otra tarjeta.',
};

/** The 402 PAYMENT_REFUSED answer of a card checkout. */
export const refusalBody = (refusedReason: RefusedReason) => ({
  internalCode: 'PAYMENT_REFUSED' as const,
  message: refusalMessages[refusedReason],
  refusedReason,
});
