import {
  type AccountSubscription,
  accountSubscriptionSchema,
  changeCardRequestSchema,
  paymentRefusalSchema,
} from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { PaymentProviderError, PaymentRefusedError } from '../../providers/payments/payment-gateway';
import { readOwnCardToken } from '../payments/card-tokens';
import { providerUnavailable, type Refusal } from '../payments/checkout-orders';
import { addHistory, findOrder, type OrderRow } from '../payments/orders-repository';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { refusalBody, refusedReasonOf } from '../payments/refused-reason';
import { latestSubscriptionOrder, loadAccountSubscription, noSubscription } from './account-subscription';
import { cardOf, recordSubscriptionCard, saveCardForReuse } from './subscription-card';

/** How long the answer waits for the provider to charge a pending renewal with the new card. */
export const PAST_DUE_CHARGE_WAIT_MS = 10_000;

const notChangeable = () =>
  new AppError(
    'SUBSCRIPTION_CARD_NOT_CHANGEABLE',
    409,
    'Solo podés cambiar la tarjeta de una suscripción activa. Si la cancelaste, reactivala con la tarjeta nueva.',
  );

/** A past-due subscription: the provider charges the refused renewal with the new card at once; its webhook clears the debt. */
async function awaitPastDueCleared(app: FastifyInstance, orderId: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const order = await findOrder(app.db, orderId);
    if (!order?.pastDueSince || order.status !== 'active') return;
    // A refused charge of the new card: its payment arrives, the debt stays.
    const refused = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments
           where order_id = ${orderId} and status = 'rejected' and created_at > ${order.updatedAt.toISOString()}::timestamptz`,
    );
    if ((refused.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Replaces the card her subscription charges, at the provider (the same agreement, a new card
 * token), and keeps its brand and last four digits. When a renewal was refused, the provider
 * charges it with the new card at once and its notification brings her back to active; the answer
 * waits a moment for it.
 */
export async function changeSubscriptionCard(
  app: FastifyInstance,
  userId: string,
  cardToken: string,
  waitMs = PAST_DUE_CHARGE_WAIT_MS,
): Promise<AccountSubscription | Refusal> {
  // The card changes under her person lock (decision 0270); the wait for a past-due charge runs
  // after it, since that charge's notification takes the same lock.
  const changed = await withPersonLock(app.database, userId, () => replaceCard(app, userId, cardToken));
  if ('refusal' in changed) return changed.refusal;
  if (changed.order.pastDueSince) await awaitPastDueCleared(app, changed.order.id, waitMs);
  return loadAccountSubscription(app.db, userId);
}

async function replaceCard(
  app: FastifyInstance,
  userId: string,
  cardToken: string,
): Promise<{ refusal: Refusal } | { order: OrderRow }> {
  const gateway = requireGateway(app);
  const order = await latestSubscriptionOrder(app.db, userId);
  if (!order) throw noSubscription();
  if (order.status !== 'active' || !order.providerPreapprovalId) throw notChangeable();
  const card = await readOwnCardToken(app, userId, cardToken);
  let updated: Awaited<ReturnType<typeof gateway.updateSubscriptionCard>>;
  try {
    updated = await gateway.updateSubscriptionCard(order.providerPreapprovalId, cardToken);
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      return { refusal: { status: 'refused', refusedReason: refusedReasonOf(error.statusDetail) } };
    }
    if (error instanceof PaymentProviderError) {
      app.log.error({ err: error, orderId: order.id }, 'could not change the subscription card');
      throw providerUnavailable();
    }
    throw error;
  }
  await app.db.transaction(async (tx) => {
    await recordSubscriptionCard(tx, order.id, { brand: updated.paymentMethodId, ...cardOf(card) });
    await addHistory(tx, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: `user:${userId}`,
      reason: 'card changed',
      details: { brand: updated.paymentMethodId },
    });
  });
  await saveCardForReuse(app, { orderId: order.id, userId, email: order.payerEmail, cardToken, card });
  return { order };
}

/** PUT /users/me/subscription/card { cardToken } */
export const changeSubscriptionCardRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/me/subscription/card',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cambiar la tarjeta de la suscripción (si hay un cobro rechazado, se cobra en el momento)',
        security: [{ bearerAuth: [] }],
        body: changeCardRequestSchema,
        response: { 200: accountSubscriptionSchema, 402: paymentRefusalSchema },
      },
      config: perUserLimit(app.config, 'subscription-card', 10, 15),
    },
    async (request, reply) => {
      const outcome = await changeSubscriptionCard(app, requireUserId(request), request.body.cardToken);
      if ('refusedReason' in outcome) return reply.code(402).send(refusalBody(outcome.refusedReason));
      return outcome;
    },
  );
};
