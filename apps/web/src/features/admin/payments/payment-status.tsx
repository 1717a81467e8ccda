import type { AdminPayment, AdminRefund } from '@alcancia/contract/admin';
import { Button } from '../../../ui/button';
import { formatPesos } from '../admin-format';

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

/** The provider's status of a payment in Spanish and its badge tone; approved and partly refunded says so. */
export function paymentStatusLabel(
  payment: Pick<AdminPayment, 'status' | 'refundedAmount'>,
): [string, string] {
  if (payment.status === 'approved' && payment.refundedAmount > 0)
    return ['Devuelto en parte', 'admin-badge-warn'];
  return paymentLabels[payment.status] ?? [payment.status, 'admin-badge'];
}

/** The provider's status of a payment, in Spanish, with what was refunded of it. */
export function PaymentStatus({ payment }: { payment: AdminPayment }) {
  const [label, tone] = paymentStatusLabel(payment);
  return <span className={`admin-badge ${tone}`}>{label}</span>;
}

/** A payment's amount cell: what was paid, and below it what was refunded, if anything. */
export function PaymentAmount({ payment }: { payment: Pick<AdminPayment, 'amount' | 'refundedAmount'> }) {
  return (
    <td className="admin-number">
      {formatPesos(payment.amount)}
      {payment.refundedAmount > 0 && (
        <>
          <br />
          <span className="admin-muted">devuelto {formatPesos(payment.refundedAmount)}</span>
        </>
      )}
    </td>
  );
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

/** "Devolver" for a payment with something left to refund; nothing for one without. */
export function RefundButton({
  payment,
  onRefund,
}: {
  payment: AdminPayment;
  onRefund(payment: AdminPayment): void;
}) {
  if (payment.refundableAmount <= 0) return null;
  return (
    <Button
      variant="secondary"
      size="compact"
      onClick={() => onRefund(payment)}
      aria-label={`Devolver el pago ${payment.providerPaymentId}`}
    >
      Devolver
    </Button>
  );
}
