import type { AdminPayment, MemberDetail } from '@alcancia/contract/admin';
import { Button } from '../../../ui/button';
import { formatDateTime, formatPesos } from '../admin-format';
import { TablePanel } from '../admin-table';
import {
  PaymentAmount,
  PaymentStatus,
  RefundButton,
  RefundStatus,
  refundReasonText,
} from '../payments/payment-status';

/** What she bought (each with "Quitar"), what she paid (each with "Devolver") and the refunds. */
export function MemberMoney({
  member,
  onRevoke,
  onRefund,
}: {
  member: MemberDetail;
  onRevoke(productId: string): void;
  onRefund(payment: AdminPayment): void;
}) {
  return (
    <>
      <TablePanel
        title="Compras"
        columns={['Producto', 'Tipo', 'Origen', 'Desde', '']}
        empty="No tiene programas ni packs."
      >
        {member.purchases.map((purchase) => (
          <tr key={`${purchase.productType}-${purchase.productId}`}>
            <td>{purchase.name ?? purchase.productId}</td>
            <td>{purchase.productType === 'packs' ? 'Pack' : 'Programa'}</td>
            <td>{purchase.sourceText}</td>
            <td>{formatDateTime(purchase.createdAt)}</td>
            <td>
              <Button
                variant="link"
                onClick={() => onRevoke(purchase.productId)}
                aria-label={`Quitar ${purchase.name ?? purchase.productId}`}
              >
                Quitar
              </Button>
            </td>
          </tr>
        ))}
      </TablePanel>

      <TablePanel
        title="Pagos"
        columns={['Fecha', 'Concepto', 'Importe', 'Estado', 'Operación del proveedor', '']}
        empty="No tiene pagos."
      >
        {member.payments.map((payment) => (
          <tr key={payment.id}>
            <td>{formatDateTime(payment.approvedAt ?? payment.createdAt)}</td>
            <td>{payment.concept}</td>
            <PaymentAmount payment={payment} />
            <td>
              <PaymentStatus payment={payment} />
            </td>
            <td>
              <code>{payment.providerPaymentId}</code>
              {payment.providerPreapprovalId && (
                <>
                  <br />
                  <span className="admin-muted">acuerdo {payment.providerPreapprovalId}</span>
                </>
              )}
            </td>
            <td>
              <RefundButton payment={payment} onRefund={onRefund} />
            </td>
          </tr>
        ))}
      </TablePanel>

      {member.refunds.length > 0 && (
        <TablePanel title="Devoluciones" columns={['Pedida', 'Importe', 'Estado', 'Motivo', 'Intentos']}>
          {member.refunds.map((refund) => (
            <tr key={refund.id}>
              <td>{formatDateTime(refund.createdAt)}</td>
              <td className="admin-number">{formatPesos(refund.amount)}</td>
              <td>
                <RefundStatus refund={refund} />
              </td>
              <td>{refundReasonText(refund)}</td>
              <td>{refund.attempts}</td>
            </tr>
          ))}
        </TablePanel>
      )}
    </>
  );
}
