import type { AccountPayment, WithdrawalResponse } from '@alcancia/contract';

/** A payment's state as she reads it. */
export const paymentStatusLabels: Record<AccountPayment['status'], string> = {
  approved: 'Aprobado',
  pending: 'Pendiente',
  rejected: 'Rechazado',
  refunded: 'Devuelto',
  partially_refunded: 'Devuelto en parte',
  cancelled: 'Cancelado',
};

/** "1 pago", "3 cuotas". */
export const installmentsLabel = (installments: number) =>
  installments === 1 ? '1 pago' : `${installments} cuotas`;

/**
 * What she paid, in the checkout's, the mail's and the receipt's words (decision 0103):
 * "1 pago de $ 89.000,00", "3 cuotas sin interés de $ 29.666,67 (total $ 89.000,00)",
 * "6 cuotas de $ 17.800,00 (total $ 106.800,00)".
 */
export function paidInstallmentsLabel(
  payment: Pick<AccountPayment, 'installments' | 'installmentAmount' | 'totalPaid' | 'amount'>,
  money: (centavos: number) => string,
): string {
  if (payment.installments <= 1) return `1 pago de ${money(payment.totalPaid)}`;
  const free = payment.totalPaid <= payment.amount ? ' sin interés' : '';
  return `${payment.installments} cuotas${free} de ${money(payment.installmentAmount)} (total ${money(payment.totalPaid)})`;
}

let todayFormatter: Intl.DateTimeFormat | null = null;

/** Today in Argentina (YYYY-MM-DD): the withdrawal window counts Argentine calendar days. */
export function argentinaToday(now: Date = new Date()): string {
  todayFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return todayFormatter.format(now);
}

/**
 * Whether she can still withdraw a payment: open until its last day (inclusive), closed after
 * it, or none (a renewal, refunded, pending, withdrawn already).
 */
export function withdrawalWindow(
  payment: Pick<AccountPayment, 'withdrawableUntil' | 'revocationCode'>,
  today = argentinaToday(),
): 'open' | 'closed' | 'none' {
  if (payment.revocationCode || !payment.withdrawableUntil) return 'none';
  return today <= payment.withdrawableUntil ? 'open' : 'closed';
}

/** What happens with the money after a withdrawal, by the refund's first outcome. */
export function refundStatusText(status: WithdrawalResponse['refundStatus']): string {
  if (status === 'SUCCESS') return 'Ya pedimos la devolución completa a tu medio de pago.';
  if (status === 'PENDING')
    return 'La devolución está en curso: la reintentamos hasta que se acredite y te avisamos por correo.';
  return 'La devolución la hace una persona de nuestro equipo; te avisamos por correo cuando esté hecha.';
}
