import type { AdminPayment, AdminRefund } from '@alcancia/contract/admin';

const paymentLabels: Record<string, [string, string]> = {
  approved: ['Aprobado', 'admin-badge-ok'],
  refunded: ['Devuelto', 'admin-badge'],
  charged_back: ['Contracargo', 'admin-badge-bad'],
  rejected: ['Rechazado', 'admin-badge-bad'],
  cancelled: ['Cancelado', 'admin-badge'],
  pending: ['Pendiente', 'admin-badge-warn'],
  in_process: ['En proceso', 'admin-badge-warn'],
  authorized: ['Autorizado', 'admin-badge-warn'],
};

/** The provider's status of a payment, in Spanish, with what was refunded of it. */
export function PaymentStatus({ payment }: { payment: AdminPayment }) {
  const partly = payment.status === 'approved' && payment.refundedAmount > 0;
  const [label, tone] = partly
    ? ['Devuelto en parte', 'admin-badge-warn']
    : (paymentLabels[payment.status] ?? [payment.status, 'admin-badge']);
  return <span className={`admin-badge ${tone}`}>{label}</span>;
}

const refundLabels: Record<AdminRefund['status'], [string, string]> = {
  SUCCESS: ['Hecha', 'admin-badge-ok'],
  PENDING: ['Reintentando', 'admin-badge-warn'],
  FAILED: ['Fallida', 'admin-badge-bad'],
};

export function RefundStatus({ refund }: { refund: AdminRefund }) {
  const [label, tone] = refundLabels[refund.status];
  return <span className={`admin-badge ${tone}`}>{label}</span>;
}
