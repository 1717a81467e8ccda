import { randomInt } from 'node:crypto';
import { type AccountSubscription, accountSubscriptionSchema } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { paymentOrders, users } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { enqueueMail } from '../../providers/mail/outbox';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import { providerUnavailable } from '../payments/checkout-orders';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { latestSubscriptionOrder, loadAccountSubscription, noSubscription } from './account-subscription';
import { cancellationMail } from './subscription-mails';

// No 0/O, 1/I/L: read aloud or typed from a mail without mistakes. 10 characters of 32 = 50 bits.
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** "BAJA-7KQ2M9XW4T": the cancellation number ("código de baja"), random and unguessable. */
export function newCancellationCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return `BAJA-${code}`;
}

const notCancellable = () =>
  new AppError(
    'SUBSCRIPTION_NOT_CANCELLABLE',
    409,
    'Tu suscripción no se puede cancelar desde acá: no tiene cobros con tarjeta pendientes.',
  );

/**
 * Stops the agreement at the provider. A preapproval already cancelled there (by her at Mercado
 * Pago, a webhook that came first, a retry of this call) counts as done.
 */
export async function cancelAtProvider(app: FastifyInstance, order: OrderRow): Promise<void> {
  const preapprovalId = order.providerPreapprovalId;
  if (!preapprovalId) return;
  const gateway = requireGateway(app);
  try {
    await gateway.cancelSubscription(preapprovalId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const seen = await gateway.getSubscription(preapprovalId).catch(() => null);
    if (seen?.status === 'cancelled') return;
    app.log.error({ err: error, orderId: order.id }, 'could not cancel the subscription at the provider');
    throw providerUnavailable();
  }
}

/**
 * "Botón de baja", in one step: the agreement is cancelled at the provider (no more charges), the
 * order becomes `cancelled` with the date and a código de baja, access lasts until the end date
 * she has, and a mail confirms. A second call answers the same thing. `by`: an operator cancelling
 * it for her from the back office (issue 18), recorded as such in the order's history.
 */
/** Her baja, one money write of hers at a time (decision 0270): see cancelUnderLock. */
export function cancelSubscription(
  app: FastifyInstance,
  userId: string,
  by?: Parameters<typeof cancelUnderLock>[2],
): Promise<AccountSubscription> {
  return withPersonLock(app.database, userId, () => cancelUnderLock(app, userId, by));
}

async function cancelUnderLock(
  app: FastifyInstance,
  userId: string,
  by: {
    actor: Actor;
    reason: string;
    /**
     * Runs inside the cancellation's transaction, only when this call cancels it (the back office's
     * audit entry: both commit or neither).
     */
    inTransaction?: (
      tx: Tx,
      cancelled: { cancellationCode: string; accessUntil: string | null },
    ) => Promise<void>;
  } = {
    actor: `user:${userId}`,
    reason: 'cancelled by her (botón de baja)',
  },
): Promise<AccountSubscription> {
  const order = await latestSubscriptionOrder(app.db, userId);
  if (!order) {
    const current = await loadAccountSubscription(app.db, userId);
    throw current.status === 'none' ? noSubscription() : notCancellable();
  }
  if (order.cancellationCode) return loadAccountSubscription(app.db, userId);
  if (order.status !== 'active' && order.status !== 'cancelled') throw notCancellable();

  await cancelAtProvider(app, order);
  const mailed = await app.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.id))
      .for('update');
    if (!locked || locked.cancellationCode) return false;
    if (locked.status === 'active') {
      await transitionOrder(tx, order.id, ['active'], 'cancelled', by);
    } else if (locked.status !== 'cancelled') {
      return false;
    }
    const code = newCancellationCode();
    await tx
      .update(paymentOrders)
      .set({
        cancelledAt: sql`now()`,
        cancellationCode: code,
        // A refused renewal no longer matters: nothing will be charged. The grace days stay hers.
        pastDueSince: null,
        graceUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentOrders.id, order.id));
    const [user] = await tx
      .select({ email: users.email, name: users.name, endDate: users.subscriptionEndDate })
      .from(users)
      .where(eq(users.id, userId));
    const endDate = user?.endDate?.slice(0, 10) ?? null;
    const accessUntil = isOnOrAfter(endDate, argentinaDate()) ? endDate : null;
    await by.inTransaction?.(tx, { cancellationCode: code, accessUntil });
    if (user) {
      await enqueueMail(
        tx,
        cancellationMail({
          to: user.email,
          name: user.name,
          planName: String(locked.details.planName ?? 'plan'),
          accessUntil,
          cancellationCode: code,
          publicUrl: app.config.publicUrl,
        }),
      );
    }
    return true;
  });
  if (mailed) app.mail.kick();
  return loadAccountSubscription(app.db, userId);
}

/** POST /users/me/subscription/cancel */
export const cancelSubscriptionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/subscription/cancel',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancelar la suscripción (botón de baja): sin más cobros, acceso hasta el fin del período',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSubscriptionSchema },
      },
      config: perUserLimit(app.config, 'subscription-cancel', 10, 15),
    },
    async (request) => cancelSubscription(app, requireUserId(request)),
  );
};
