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

/** What became of an approved payment's money, as the API's ledger says (refundState). */
const refundStateLabels: Record<AdminPayment['refundState'], [string, string] | null> = {
  refunded: ['Devuelto', 'admin-badge'],
  refund_in_progress: ['Devolución en curso', 'admin-badge-warn'],
  partially_refunded: ['Devuelto en parte', 'admin-badge-warn'],
  not_refunded: null,
};

/**
 * A payment's status in Spanish and its badge tone: the provider's status, except that what was
 * refunded of an approved payment is said from its refund state (all of it, part, in progress).
 */
export function paymentStatusLabel(payment: Pick<AdminPayment, 'status' | 'refundState'>): [string, string] {
  const refund = payment.status === 'approved' ? refundStateLabels[payment.refundState] : null;
  return refund ?? paymentLabels[payment.status] ?? [payment.status, 'admin-badge'];
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

const refundKinds: Record<string, string> = {
  operator: 'Devolución de soporte',
  withdrawal: 'Arrepentimiento de la compra',
  upgrade: 'Cambio a un plan mayor',
  duplicate_payment: 'Pago duplicado',
};

/** Why a refund was made: the operator's own words when she typed them, else its kind in Spanish. */
export function refundReasonText(refund: Pick<AdminRefund, 'reason' | 'note'>): string {
  return refund.note ?? refundKinds[refund.reason] ?? refund.reason;
}

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
