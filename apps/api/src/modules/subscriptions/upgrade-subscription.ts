import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { daysBetween } from '../../lib/subscription-dates';
import { addHistory, type OrderRow } from '../payments/orders-repository';
import { requireGateway } from '../payments/payments-core';
import { requestRefund } from '../payments/refund-payment';

export type UpgradeRefundStatus = 'SUCCESS' | 'FAILED' | 'NONE';

/**
 * The unused part of the last charge, prorated by days: paid for [periodStart, periodEnd), used up
 * to today. Rounded down to the centavo, never more than what is still refundable.
 */
export function proratedRefundCentavos(input: {
  refundableCentavos: number;
  paidCentavos: number;
  periodStart: string;
  periodEnd: string;
  today: string;
}): number {
  const total = daysBetween(input.periodStart, input.periodEnd);
  if (total <= 0) return 0;
  const unused = Math.min(Math.max(daysBetween(input.today, input.periodEnd), 0), total);
  return Math.min(Math.floor((input.paidCentavos * unused) / total), input.refundableCentavos);
}

/** Stops the provider charging a superseded agreement. Failures are logged for operators. */
async function cancelAgreement(app: FastifyInstance, order: OrderRow): Promise<string | null> {
  if (!order.providerPreapprovalId) return null;
  const gateway = requireGateway(app);
  try {
    const current = await gateway.getSubscription(order.providerPreapprovalId);
    if (current.status !== 'cancelled') await gateway.cancelSubscription(order.providerPreapprovalId);
    return current.nextPaymentDate ? argentinaDate(current.nextPaymentDate) : null;
  } catch (error) {
    app.log.error({ err: error, orderId: order.id }, 'could not cancel a superseded subscription');
    return null;
  }
}

/** The upgrade's refund of the previous plan's unused days, through the provider. */
async function refundUnusedDays(
  app: FastifyInstance,
  upgrade: OrderRow,
  previous: OrderRow,
  periodEnd: string | null,
): Promise<UpgradeRefundStatus> {
  const [last] = await app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, previous.id),
        eq(payments.status, 'approved'),
        sql`${payments.refundedCentavos} < ${payments.amountCentavos}`,
      ),
    )
    .orderBy(desc(payments.approvedAt), desc(payments.id))
    .limit(1);
  if (!last || !periodEnd) return 'NONE';
  const amount = proratedRefundCentavos({
    refundableCentavos: last.amountCentavos - last.refundedCentavos,
    paidCentavos: last.amountCentavos,
    periodStart: argentinaDate(last.approvedAt ?? last.createdAt),
    periodEnd,
    today: argentinaDate(),
  });
  if (amount <= 0) return 'NONE';
  // One key per upgrade: a retried settlement can never refund twice. A refused first try is
  // retried in the background; the payer is told it comes within 10 business days (FAILED).
  const outcome = await requestRefund(app, {
    payment: last,
    amountCentavos: amount,
    reason: 'upgrade',
    causedByOrderId: upgrade.id,
    idempotencyKey: `${upgrade.idempotencyKey}:refund`,
    payerEmail: upgrade.payerEmail,
  });
  return outcome === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
}

/**
 * After a subscription order became the user's active one: the agreements it superseded stop
 * charging, and an upgrade refunds the unused days of the plan it replaces. Runs once per order
 * (only the caller that activated it gets here); records the outcome on the upgrade order.
 */
export async function settleSuperseded(
  app: FastifyInstance,
  order: OrderRow,
  superseded: OrderRow[],
): Promise<UpgradeRefundStatus | null> {
  let status: UpgradeRefundStatus = 'NONE';
  for (const previous of superseded) {
    const periodEnd = await cancelAgreement(app, previous);
    if (previous.id === order.replacesOrderId)
      status = await refundUnusedDays(app, order, previous, periodEnd);
    else
      app.log.warn(
        { orderId: order.id, previous: previous.id },
        'an unexpected active subscription was superseded',
      );
  }
  if (!order.replacesOrderId) return null;
  await app.db
    .update(paymentOrders)
    .set({ upgradeRefundStatus: status, updatedAt: sql`now()` })
    .where(eq(paymentOrders.id, order.id));
  await addHistory(app.db, {
    orderId: order.id,
    fromStatus: 'active',
    toStatus: 'active',
    actor: 'system',
    reason: `upgrade settled: refund ${status}`,
    details: { replaced: order.replacesOrderId },
  });
  return status;
}
