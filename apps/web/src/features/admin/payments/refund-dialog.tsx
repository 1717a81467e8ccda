import type { AdminPayment, AdminRefundResponse } from '@alcancia/contract/admin';
import { useId, useState } from 'react';
import { TextField } from '../../../ui/text-field';
import { formatPesos } from '../admin-format';
import { ConfirmDialog } from '../confirm-dialog';
import { refundPayment } from './payments-api';
import { refundOutcomeText, refundPlan } from './refund-rules';

/**
 * "Devolver": the whole amount left or a part, whether her access ends, and why (kept in the audit
 * log's sentence). The confirmation
 * carries one idempotency key from the moment it opens, so pressing twice refunds once.
 */
export function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  onClose(): void;
  onDone(result: AdminRefundResponse, message: string): void;
}) {
  const [amountText, setAmountText] = useState('');
  const [endAccess, setEndAccess] = useState<boolean | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const checkboxId = useId();
  if (!payment) return null;
  const left = payment.refundableAmount;
  const { amount, full, endsAccess: ends, error: amountError } = refundPlan(amountText, left, endAccess);

  return (
    <ConfirmDialog
      open
      title="Devolver el pago"
      confirmLabel={full ? `Devolver ${formatPesos(left)}` : `Devolver ${formatPesos(amount)}`}
      danger
      askReason
      canConfirm={!amountError && left > 0}
      onClose={() => {
        setAmountText('');
        setEndAccess(null);
        setKey(crypto.randomUUID());
        onClose();
      }}
      onConfirm={async (reason) => {
        const result = await refundPayment(payment.id, {
          ...(full ? {} : { amount }),
          endAccess: ends,
          idempotencyKey: key,
          reason,
        });
        onDone(result, refundOutcomeText(result.refund.status));
        setAmountText('');
        setEndAccess(null);
        setKey(crypto.randomUUID());
      }}
    >
      <p>
        {payment.concept} · operación {payment.providerPaymentId} · pagado {formatPesos(payment.amount)}
        {payment.refundedAmount > 0 && `, ya devuelto ${formatPesos(payment.refundedAmount)}`}.
      </p>
      <TextField
        label="Monto a devolver (vacío: todo lo que queda)"
        name="amount"
        inputMode="decimal"
        placeholder={formatPesos(left)}
        value={amountText}
        error={amountError}
        onChange={(event) => setAmountText(event.target.value)}
      />
      <p className="admin-check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={ends}
          onChange={(event) => setEndAccess(event.target.checked)}
        />
        <label htmlFor={checkboxId}>Quitarle el acceso que le dio este pago</label>
      </p>
      <p className="admin-muted">La devolución se pide al proveedor de pagos y no se puede deshacer.</p>
    </ConfirmDialog>
  );
}
