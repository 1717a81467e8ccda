import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema';
import { addToDate } from '../../lib/subscription-dates';
import type { GatewaySubscription } from '../../providers/payments/payment-gateway';
import { attachPreapproval, type OrderRow, transitionOrder } from '../payments/orders-repository';
import type { OrderPaymentHandler } from '../payments/payment-routing';
import { requireGateway } from '../payments/payments-core';
import { refusedReasonOf } from '../payments/refused-reason';
import { releasePromoCode } from '../promo-codes/promo-code-rules';
import { grantSubscription } from './activate-subscription';
import { clearPastDue, markPastDue } from './dunning';
import { billingPeriodOf } from './plan-pricing';

/** Where a charge's period ends when the provider gives no next date: one billing period on. */
function fallbackPaidUntil(order: OrderRow, approvedAt: Date | null): Date {
  const period = billingPeriodOf(String(order.details.frequencyType ?? '1months'));
  const from = (approvedAt ?? new Date()).toISOString().slice(0, 10);
  const months = period.frequencyType === 'months' ? period.frequency : 0;
  const days = period.frequencyType === 'days' ? period.frequency : 0;
  return new Date(`${addToDate(from, { months, days })}T12:00:00Z`);
}

/** A checkout whose first charge failed: the agreement stops, the coupon comes back. */
async function refuseOrder(app: FastifyInstance, order: OrderRow, statusDetail: string | null) {
  const refused = await app.db.transaction(async (tx) => {
    const moved = await transitionOrder(
      tx,
      order.id,
      ['created', 'pending', 'error'],
      'refused',
      { actor: 'webhook', reason: `first charge refused: ${statusDetail ?? 'unknown'}` },
      { refusedReason: refusedReasonOf(statusDetail) },
    );
    if (moved && order.promoCodeId) await releasePromoCode(tx, order.promoCodeId, order.id);
    return moved;
  });
  const preapprovalId = refused?.providerPreapprovalId;
  if (preapprovalId) {
    await requireGateway(app)
      .cancelSubscription(preapprovalId)
      .catch((error: unknown) => app.log.error({ err: error, orderId: order.id }, 'could not cancel'));
  }
}

/**
 * The subscriptions module's side of the payments core: an approved charge grants (first one) or
 * extends (renewals) the subscription up to the provider's next charge date; a refused first
 * charge refuses the checkout; a refused renewal makes it past due (grace period, see dunning.ts).
 */
export function subscriptionPaymentHandler(app: FastifyInstance): OrderPaymentHandler {
  return {
    async onPayment({ order, payment, seen }) {
      if (payment.status === 'approved' && !payment.grantedAt) {
        const subscriptionId = seen.subscriptionId ?? order.providerPreapprovalId;
        let subscription: GatewaySubscription | null = null;
        if (subscriptionId) {
          if (!order.providerPreapprovalId) await attachPreapproval(app.db, order.id, subscriptionId);
          subscription = await requireGateway(app).getSubscription(subscriptionId);
        }
        const grant = await grantSubscription(app, {
          order,
          payment,
          paidUntil: subscription?.nextPaymentDate ?? fallbackPaidUntil(order, payment.approvedAt),
          actor: 'webhook',
        });
        // A renewal paid after a refusal (a retry, or the new card): "pago pendiente" is over.
        if (grant.granted && !grant.activated) await clearPastDue(app, order.id, payment.id);
        return;
      }
      if (payment.status === 'rejected' && order.status === 'active') {
        // A renewal (or a retry of it) refused: grace period and a mail, once per refused period.
        await markPastDue(app, order, payment);
        return;
      }
      if (payment.status === 'rejected' && ['created', 'pending', 'error'].includes(order.status)) {
        const approved = await app.db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
        if (approved.length === 0) await refuseOrder(app, order, payment.statusDetail);
      }
    },

    async onSubscription({ order, subscription }) {
      if (subscription.status === 'cancelled') {
        // Cancelled at the provider (by the payer or an operator): no more charges, but what was
        // paid runs to its end date, which stays as it is.
        await transitionOrder(app.db, order.id, ['active', 'pending', 'created'], 'cancelled', {
          actor: 'webhook',
          reason: 'subscription cancelled at the provider',
        });
        return;
      }
      // A free trial whose checkout answer was lost (crash, timeout): the agreement itself proves it.
      if (
        subscription.status === 'authorized' &&
        order.details.freeTrial &&
        subscription.nextPaymentDate &&
        ['created', 'pending', 'error'].includes(order.status)
      ) {
        await grantSubscription(app, {
          order,
          payment: null,
          paidUntil: subscription.nextPaymentDate,
          actor: 'webhook',
        });
      }
    },
  };
}
