import type { FastifyInstance } from 'fastify';
import { withPersonLock } from '../../db/person-lock';
import type { HostedCheckout } from '../../providers/payments/hosted-checkout-gateway';
import type { GatewayPayment } from '../../providers/payments/payment-gateway';
import { releasePromoCode } from '../promo-codes/promo-code-rules';
import {
  type Actor,
  findOrder,
  type OrderRow,
  parseExternalReference,
  transitionOrder,
} from './orders-repository';
import { requireHostedCheckout } from './payments-core';
import { recordProviderPayment } from './record-payment';

/** A paid hosted checkout as a provider payment of ours: approved, for the checkout's amount. */
/**
 * The payment as our records keep it. Its id is namespaced (`HOSTED:<id>`) because
 * payments.provider_payment_id is unique across providers: another provider's ids cannot collide.
 */
function paymentOf(checkout: HostedCheckout & { paymentId: string }): GatewayPayment {
  return {
    id: `HOSTED:${checkout.paymentId}`,
    status: 'approved',
    statusDetail: 'accredited',
    amountCentavos: checkout.amountCentavos,
    refundedCentavos: 0,
    currency: checkout.currency,
    externalReference: checkout.externalReference,
    subscriptionId: null,
    operationType: 'hosted_checkout',
    approvedAt: checkout.paidAt,
  };
}

/** A checkout that will never be paid (cancelled by the payer, expired by us): its order closes, its coupon comes back. */
export async function closeUnpaidHostedOrder(
  app: FastifyInstance,
  order: OrderRow,
  reason: string,
  actor: Actor,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const moved = await transitionOrder(tx, order.id, ['created', 'pending', 'error'], 'cancelled', {
      actor,
      reason,
    });
    if (moved && order.promoCodeId) await releasePromoCode(tx, order.promoCodeId, order.id);
  });
}

/**
 * Brings one hosted checkout into our records, from the provider's own answer (never from a
 * notification body): paid → its payment is recorded once (unique provider payment id) and the
 * module that sold the order grants it (once); cancelled or expired → the order closes. Safe to
 * run any number of times, in any order.
 */
export async function syncHostedCheckout(
  app: FastifyInstance,
  checkout: HostedCheckout | string,
  actor: Actor,
): Promise<void> {
  const seen =
    typeof checkout === 'string' ? await requireHostedCheckout(app).getCheckout(checkout) : checkout;
  const reference = parseExternalReference(seen.externalReference);
  const order = reference ? await findOrder(app.db, reference.orderId) : undefined;
  if (!reference || !order || order.kind !== reference.kind || order.provider !== 'HOSTED') {
    app.log.warn(
      { checkoutId: seen.id, externalReference: seen.externalReference },
      'checkout without an order of ours: ignored',
    );
    return;
  }
  const paymentId = seen.paymentId;
  const apply = async () => {
    if (seen.status === 'paid' && paymentId) {
      // Read again under her lock: a checkout or refund of hers may have moved the order.
      const current = (await findOrder(app.db, order.id)) ?? order;
      const payment = paymentOf({ ...seen, paymentId });
      const recorded = await app.db.transaction((tx) => recordProviderPayment(tx, current, payment, actor));
      app.invoicing.kick();
      const handler = app.paymentRouter.handlerFor(current.kind);
      if (!handler) {
        app.log.error({ kind: order.kind, orderId: order.id }, 'no payment handler for this kind of order');
        return;
      }
      await handler.onPayment({ order: current, payment: recorded.payment, seen: payment });
      return;
    }
    if (seen.status === 'cancelled' || seen.status === 'expired') {
      await closeUnpaidHostedOrder(app, order, `hosted checkout ${seen.id} ${seen.status}`, actor);
    }
  };
  // One money write of hers at a time (decision 0270).
  await (order.userId ? withPersonLock(app.database, order.userId, apply) : apply());
}
