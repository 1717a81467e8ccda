import type { AwaitingOrder, HeldPayment, PaymentsAttention } from '@alcancia/contract/admin';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentOrders, paymentRefunds, payments } from '../../../db/schema';
import { conceptOf } from '../../invoices/order-concept';
import { adminPaymentsWhere, adminRefundsWhere } from './payment-views';

/** Orders still waiting for the provider's word after this long are listed. */
const awaitingAfter = sql`interval '5 minutes'`;

async function awaitingOrders(db: Database): Promise<AwaitingOrder[]> {
  const rows = await db
    .select({
      order: paymentOrders,
      providerPaymentId: sql<string | null>`(select p.provider_payment_id from payments p
        where p.order_id = payment_orders.id order by p.id desc limit 1)`,
    })
    .from(paymentOrders)
    .where(
      sql`${paymentOrders.status} in ('created', 'pending', 'error') and ${paymentOrders.createdAt} < now() - ${awaitingAfter}`,
    )
    .orderBy(sql`${paymentOrders.createdAt} desc`)
    .limit(100);
  return rows.map(({ order, providerPaymentId }) => ({
    orderId: order.id,
    memberId: order.userId,
    payerEmail: order.payerEmail,
    kind: order.kind,
    concept: conceptOf(order),
    status: order.status,
    amount: order.amountCentavos,
    provider: order.provider,
    providerPaymentId,
    providerPreapprovalId: order.providerPreapprovalId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }));
}

/** Approved payments held because their amount differs from their order's, while not refunded whole (decision 0278). */
async function heldPayments(db: Database): Promise<HeldPayment[]> {
  const held = await db
    .select({
      id: payments.id,
      heldAt: payments.heldAt,
      heldReason: payments.heldReason,
      orderAmount: paymentOrders.amountCentavos,
    })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(
      and(
        isNotNull(payments.heldAt),
        isNull(payments.grantedAt),
        sql`${payments.refundedCentavos} < ${payments.amountCentavos}`,
      ),
    )
    .orderBy(desc(payments.heldAt))
    .limit(100);
  if (held.length === 0) return [];
  const views = await adminPaymentsWhere(
    db,
    inArray(
      payments.id,
      held.map((h) => h.id),
    ),
    100,
  );
  return views.flatMap((view) => {
    const row = held.find((h) => String(h.id) === view.id);
    return row?.heldAt
      ? [
          {
            ...view,
            orderAmount: row.orderAmount,
            heldAt: row.heldAt.toISOString(),
            heldReason: row.heldReason ?? '',
          },
        ]
      : [];
  });
}

/**
 * GET /admin/payments/attention: what waits for someone: refunds given up after their last try
 * (FAILED: retry, or refund by hand at the provider), refunds still being retried, orders the
 * provider never answered about, and approved payments held because their amount differs from
 * their order's (nothing granted: refund them, decision 0278).
 */
export async function paymentsAttention(db: Database): Promise<PaymentsAttention> {
  return {
    failedRefunds: await adminRefundsWhere(db, eq(paymentRefunds.status, 'FAILED'), 100),
    pendingRefunds: await adminRefundsWhere(db, eq(paymentRefunds.status, 'PENDING'), 100),
    awaitingOrders: await awaitingOrders(db),
    heldPayments: await heldPayments(db),
  };
}
