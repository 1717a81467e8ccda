import type { RefusedReason } from '@alcancia/contract';
import type { CardField } from './card-rules';

/**
 * What the payer reads for each refusal reason the server gives (refusedReason). Anything
 * unknown reads as UNEXPECTED_ERROR.
 */
export const refusalMessages = {
  INSUFFICIENT_AMOUNT:
    'Tu tarjeta no tiene fondos suficientes para este pago. Probá con otra tarjeta o cargá saldo e intentá de nuevo.',
  CALL_FOR_AUTHORIZE:
    'Tu banco necesita que autorices este pago. Llamá al número que figura al dorso de tu tarjeta, autorizalo y volvé a intentar.',
  FILLED_SECURITY_CODE:
    'El código de seguridad no es correcto. Revisá los números del dorso de tu tarjeta y volvé a intentar.',
  FILLED_DATE: 'La fecha de vencimiento no es correcta. Revisala en tu tarjeta y volvé a intentar.',
  UNEXPECTED_ERROR: 'No pudimos procesar el pago con esta tarjeta. Probá de nuevo o usá otra tarjeta.',
} as const satisfies Record<RefusedReason, string>;

const known = new Set<string>(Object.keys(refusalMessages));

/** The reason as a known value (UNEXPECTED_ERROR for anything else). */
export function asRefusedReason(value: unknown): RefusedReason {
  return typeof value === 'string' && known.has(value) ? (value as RefusedReason) : 'UNEXPECTED_ERROR';
}

export function refusalMessage(reason: unknown): string {
  return refusalMessages[asRefusedReason(reason)];
}

/**
 * The card field a refusal is about (a wrong security code, a wrong expiry date), or null. After
 * "Intentar de nuevo" the reason stays next to that field (decision 76).
 */
export function refusalField(reason: RefusedReason | null | undefined): CardField | null {
  if (reason === 'FILLED_SECURITY_CODE') return 'securityCode';
  if (reason === 'FILLED_DATE') return 'expiry';
  return null;
}
