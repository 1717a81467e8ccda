import type { AwaitingOrder, PaymentsAttention } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentOrders, paymentRefunds } from '../../../db/schema';
import { conceptOf } from '../../payments/her-payments';
import { adminRefundsWhere } from './payment-views';

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

/**
 * GET /admin/payments/attention: what waits for someone: refunds given up after their last try
 * (FAILED: retry, or refund by hand at the provider), refunds still being retried, and orders the
 * provider never answered about.
 */
export async function paymentsAttention(db: Database): Promise<PaymentsAttention> {
  return {
    failedRefunds: await adminRefundsWhere(db, eq(paymentRefunds.status, 'FAILED'), 100),
    pendingRefunds: await adminRefundsWhere(db, eq(paymentRefunds.status, 'PENDING'), 100),
    awaitingOrders: await awaitingOrders(db),
  };
}
