import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate, daysBetween } from '../../lib/subscription-dates';
import { addHistory, type OrderRow } from '../payments/orders-repository';
import { requireGateway } from '../payments/payments-core';
import { type RefundOutcome, requestRefund } from '../payments/refund-payment';
import { billingPeriodOf, frequencyTypeOf } from './plan-pricing';

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

/**
 * The upgrade's refund of the previous plan's unused days, through the provider: of every charge
 * of the agreement whose period the upgrade ends (decision 0302). The charges pay periods laid end
 * to end up to the provider's next charge date: the last one from its approval, each earlier one
 * the billing period before. A renewal the provider charged early (before the period it pays
 * began) leaves the earlier charge's period unused too: both are refunded for their unused days.
 * A charge whose period is over gives nothing back, as before.
 */
async function refundUnusedDays(
  app: FastifyInstance,
  upgrade: OrderRow,
  previous: OrderRow,
  periodEnd: string | null,
): Promise<UpgradeRefundStatus> {
  if (!periodEnd) return 'NONE';
  const charges = await app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, previous.id),
        eq(payments.status, 'approved'),
        sql`${payments.refundedCentavos} < ${payments.amountCentavos}`,
      ),
    )
    .orderBy(desc(payments.approvedAt), desc(payments.id));
  const billing = billingPeriodOf(frequencyTypeOf(previous));
  const back = (times: number) =>
    billing.frequencyType === 'months'
      ? { months: -billing.frequency * times }
      : { days: -billing.frequency * times };
  const today = argentinaDate();
  const outcomes: RefundOutcome[] = [];
  for (const [i, charge] of charges.entries()) {
    const amount = proratedRefundCentavos({
      refundableCentavos: charge.amountCentavos - charge.refundedCentavos,
      paidCentavos: charge.amountCentavos,
      periodStart:
        i === 0 ? argentinaDate(charge.approvedAt ?? charge.createdAt) : addToDate(periodEnd, back(i + 1)),
      periodEnd: i === 0 ? periodEnd : addToDate(periodEnd, back(i)),
      today,
    });
    if (amount <= 0) continue;
    // One key per upgrade and charge: a retried settlement can never refund twice. A refused first
    // try is retried in the background; the payer is told it comes within 10 business days (FAILED).
    outcomes.push(
      await requestRefund(app, {
        payment: charge,
        amountCentavos: amount,
        reason: 'upgrade',
        causedByOrderId: upgrade.id,
        idempotencyKey:
          i === 0 ? `${upgrade.idempotencyKey}:refund` : `${upgrade.idempotencyKey}:refund:${charge.id}`,
        payerEmail: upgrade.payerEmail,
      }),
    );
  }
  if (outcomes.length === 0) return 'NONE';
  return outcomes.every((o) => o === 'SUCCESS') ? 'SUCCESS' : 'FAILED';
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
