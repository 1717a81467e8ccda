import type { AccountPayment } from '@alcancia/contract';

type Money = (centavos: number) => string;

/**
 * What a withdrawal gives back, in the figures of Mi cuenta, the mail and the receipt (decision
 * 0103): all she paid, her card's financing included (the cuotas are undone), or, when part of the
 * payment came back already (an upgrade's refund), what is left of it.
 */
export function withdrawalRefundText(
  payment: Pick<AccountPayment, 'totalPaid' | 'returnedAmount'>,
  money: Money,
): string {
  if (payment.returnedAmount <= 0)
    return `Te devolvemos ${money(payment.totalPaid)} completos al mismo medio de pago.`;
  const left = Math.max(0, payment.totalPaid - payment.returnedAmount);
  return `Te devolvemos ${money(left)}, lo que queda de lo que pagaste (ya te devolvimos ${money(payment.returnedAmount)}), al mismo medio de pago.`;
}

/**
 * What ends with the purchase, in her words. A card subscription's withdrawal ends the access that
 * subscription gave, not what she bought apart (a guest membership runs on, issue 27).
 */
export function withdrawalAccessNote(payment: Pick<AccountPayment, 'kind' | 'concept'>): string {
  if (payment.kind === 'subscription') {
    return 'Tu suscripción se da de baja y hoy termina el acceso que te daba; lo que compraste aparte, como una membresía, sigue.';
  }
  if (payment.kind === 'guest_tier') return 'La membresía queda sin efecto.';
  return `Dejás de tener acceso a ${payment.concept}.`;
}
