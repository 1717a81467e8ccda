import type { AdminPayment, AdminRefund } from '@alcancia/contract/admin';
import { desc, eq, type SQL } from 'drizzle-orm';
import { paymentOrders, paymentRefunds, payments } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { conceptOf } from '../../invoices/order-concept';
import { pendingRefundCentavos, refundStateOf } from '../../payments/money-ledger';

/** Payments as operators see them (newest first), with their order and what is left to refund. */
export async function adminPaymentsWhere(
  db: Db,
  condition: SQL | undefined,
  limit = 200,
): Promise<AdminPayment[]> {
  const rows = await db
    .select({ payment: payments, order: paymentOrders, pending: pendingRefundCentavos })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(condition)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map(({ payment, order, pending }) => ({
    id: String(payment.id),
    orderId: order.id,
    memberId: order.userId,
    payerEmail: order.payerEmail,
    kind: order.kind,
    concept: conceptOf(order),
    productId: order.itemId,
    orderStatus: order.status,
    status: payment.status,
    statusDetail: payment.statusDetail,
    provider: payment.provider,
    providerPaymentId: payment.providerPaymentId,
    providerPreapprovalId: order.providerPreapprovalId,
    amount: payment.amountCentavos,
    refundedAmount: payment.refundedCentavos,
    refundableAmount:
      payment.status === 'approved'
        ? Math.max(0, payment.amountCentavos - payment.refundedCentavos - Number(pending))
        : 0,
    refundState: refundStateOf(payment, Number(pending)),
    installments: payment.installments,
    approvedAt: payment.approvedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
  }));
}

export async function adminPaymentById(db: Db, id: number): Promise<AdminPayment | undefined> {
  const [payment] = await adminPaymentsWhere(db, eq(payments.id, id), 1);
  return payment;
}

export function toAdminRefund(
  refund: typeof paymentRefunds.$inferSelect,
  providerPaymentId: string,
  payerEmail: string | null,
): AdminRefund {
  return {
    id: String(refund.id),
    paymentId: String(refund.paymentId),
    providerPaymentId,
    payerEmail: refund.payerEmail ?? payerEmail,
    amount: refund.amountCentavos,
    status: refund.status,
    reason: refund.reason,
    note: refund.note,
    error: refund.error,
    attempts: refund.attempts,
    providerRefundId: refund.providerRefundId,
    nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
    createdAt: refund.createdAt.toISOString(),
    succeededAt: refund.succeededAt?.toISOString() ?? null,
  };
}

/** Refunds as operators see them (newest first), with the provider's payment id. */
export async function adminRefundsWhere(
  db: Db,
  condition: SQL | undefined,
  limit = 200,
): Promise<AdminRefund[]> {
  const rows = await db
    .select({
      refund: paymentRefunds,
      providerPaymentId: payments.providerPaymentId,
      email: paymentOrders.payerEmail,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(condition)
    .orderBy(desc(paymentRefunds.updatedAt), desc(paymentRefunds.id))
    .limit(limit);
  return rows.map((row) => toAdminRefund(row.refund, row.providerPaymentId, row.email));
}
