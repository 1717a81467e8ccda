import { randomUUID } from 'node:crypto';
import {
  type AccountSubscription,
  accountSubscriptionSchema,
  paymentRefusalSchema,
  reactivateSubscriptionRequestSchema,
} from '@alcancia/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { providerPlans, subscriptionPriceChanges, users } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { enqueueMail } from '../../providers/mail/outbox';
import { readOwnCardToken } from '../payments/card-tokens';
import {
  closeFailedCheckoutOrder,
  isProviderFailure,
  openCheckoutOrder,
  type Refusal,
} from '../payments/checkout-orders';
import {
  attachPreapproval,
  externalReferenceOf,
  type OrderRow,
  transitionOrder,
} from '../payments/orders-repository';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { refusalBody } from '../payments/refused-reason';
import { latestSubscriptionOrder, loadAccountSubscription } from './account-subscription';
import { assertNoPendingCheckout } from './checkout-guards';
import { billingPeriodOf } from './plan-pricing';
import { priceChangeEffectiveOn, priceChangeMail } from './price-changes';
import { cardOf, recordSubscriptionCard, saveCardForReuse, storedCardOf } from './subscription-card';

const securityCodeRequired = () =>
  new AppError(
    'SECURITY_CODE_REQUIRED',
    409,
    'Mercado Pago pide el código de seguridad de tu tarjeta para reactivar tu suscripción.',
  );
const cardRequired = () =>
  new AppError('CARD_REQUIRED', 409, 'Ingresá los datos de tu tarjeta para reactivar tu suscripción.');

/**
 * Decision 0283: with no token, the card saved for her (the one her cancelled agreement charged)
 * is tokenized by our server without its security code — a confirmation is all she gives. When the
 * provider asks for the code, she is asked for it (SECURITY_CODE_REQUIRED); with no saved card,
 * for the whole card (CARD_REQUIRED).
 */
async function tokenOfCardOnFile(app: FastifyInstance, previous: OrderRow): Promise<string> {
  const stored = storedCardOf(previous);
  if (!stored || !previous.providerCustomerId) throw cardRequired();
  try {
    return await requireGateway(app).savedCardToken({
      customerId: previous.providerCustomerId,
      cardId: stored.id,
    });
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    app.log.info({ orderId: previous.id }, 'the provider asks the security code of the card on file');
    throw securityCodeRequired();
  }
}

const notReactivatable = () =>
  new AppError(
    'SUBSCRIPTION_NOT_REACTIVATABLE',
    409,
    'Solo podés reactivar una suscripción cancelada antes de que termine tu acceso. Elegí un plan para suscribirte de nuevo.',
  );

/** The first charge of a reactivation: the day her paid period reaches, never sooner than an hour from now. */
function firstChargeAt(endDate: string, providerDate: Date | null): Date {
  const soonest = Date.now() + 60 * 60 * 1000;
  const planned = providerDate?.getTime() ?? new Date(`${endDate}T12:00:00-03:00`).getTime();
  return new Date(Math.max(planned, soonest));
}

/**
 * Issue 27 point 6 (decision 92): a reactivated agreement starts at the amount she paid, and if an
 * operator changed the plan's price meanwhile, the price in force reaches it with the 30-day
 * notice rule: a change scheduled (counted in the back office's scheduled changes) on the date
 * her earlier notice gave, or 30 days from now with a notice mail when she never had one. A
 * subscriber with a coupon keeps her own price, as in schedulePriceChange.
 */
async function scheduleReactivatedPrice(
  app: FastifyInstance,
  tx: Tx,
  input: { previous: OrderRow; orderId: string; userId: string },
): Promise<void> {
  const { previous } = input;
  if (previous.details.couponCode || !previous.frequency) return;
  const [row] = await tx
    .select()
    .from(providerPlans)
    .where(and(eq(providerPlans.planId, previous.itemId), eq(providerPlans.frequency, previous.frequency)));
  if (!row) return;
  const inForce = row.discountPriceCentavos ?? row.regularPriceCentavos;
  if (inForce === previous.amountCentavos) return;
  const [noticed] = await tx
    .select({ effectiveOn: subscriptionPriceChanges.effectiveOn })
    .from(subscriptionPriceChanges)
    .where(
      and(
        eq(subscriptionPriceChanges.orderId, previous.id),
        eq(subscriptionPriceChanges.toCentavos, inForce),
        inArray(subscriptionPriceChanges.status, ['scheduled', 'skipped']),
      ),
    )
    .orderBy(desc(subscriptionPriceChanges.id))
    .limit(1);
  const effectiveOn = noticed?.effectiveOn ?? priceChangeEffectiveOn(argentinaDate());
  await tx.insert(subscriptionPriceChanges).values({
    orderId: input.orderId,
    planId: previous.itemId,
    frequency: previous.frequency,
    fromCentavos: previous.amountCentavos,
    toCentavos: inForce,
    effectiveOn,
  });
  if (noticed) return;
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return;
  await enqueueMail(
    tx,
    priceChangeMail({
      to: user.email,
      name: user.name,
      planName: String(previous.details.planName ?? previous.itemId),
      frequency: previous.frequency,
      fromCentavos: previous.amountCentavos,
      toCentavos: inForce,
      effectiveOn,
      publicUrl: app.config.publicUrl,
    }),
  );
}

/**
 * Reactivates a subscription she cancelled, before its access ends, without paying again until
 * then. Mercado Pago cannot resume a cancelled preapproval ("You can not modify a cancelled
 * preapproval"), so this is a new agreement on the card she gives: same plan, frequency and
 * amount, its first charge (start_date) the day the paid period ends. The new order is active at
 * once; the cancelled one stays cancelled (one active subscription per user). The token may be of
 * her stored card (decision 0225: only the security code typed again), never of someone else's.
 */
export function reactivateSubscription(
  app: FastifyInstance,
  userId: string,
  cardToken: string | undefined,
): Promise<AccountSubscription | Refusal> {
  // One money write of hers at a time (decision 0270): a second tap sees the new agreement.
  return withPersonLock(app.database, userId, () => reactivateUnderLock(app, userId, cardToken));
}

async function reactivateUnderLock(
  app: FastifyInstance,
  userId: string,
  givenToken: string | undefined,
): Promise<AccountSubscription | Refusal> {
  const gateway = requireGateway(app);
  const previous = await latestSubscriptionOrder(app.db, userId);
  const [user] = await app.db
    .select({ email: users.email, endDate: users.subscriptionEndDate })
    .from(users)
    .where(eq(users.id, userId));
  const endDate = user?.endDate?.slice(0, 10) ?? null;
  if (previous?.status !== 'cancelled' || !user || !endDate || !isOnOrAfter(endDate, argentinaDate())) {
    throw notReactivatable();
  }
  await assertNoPendingCheckout(app.db, userId);
  const cardToken = givenToken ?? (await tokenOfCardOnFile(app, previous));
  // Read before the agreement uses the token up; a token of a saved card must be of her own card.
  const card = await readOwnCardToken(app, userId, cardToken);
  const frequencyType = String(previous.details.frequencyType ?? '1months');
  const providerDate = previous.providerPreapprovalId
    ? await gateway
        .getSubscription(previous.providerPreapprovalId)
        .then((s) => s.nextPaymentDate)
        .catch(() => null)
    : null;
  const startDate = firstChargeAt(endDate, providerDate);
  const actor = `user:${userId}` as const;
  const order = await openCheckoutOrder(
    app,
    {
      kind: 'subscription',
      userId,
      payerEmail: user.email,
      itemId: previous.itemId,
      description: previous.description,
      frequency: previous.frequency,
      amountCentavos: previous.amountCentavos,
      idempotencyKey: randomUUID(),
      provider: gateway.provider,
      details: {
        planName: previous.details.planName ?? null,
        frequencyType,
        regularPriceCentavos: previous.details.regularPriceCentavos ?? null,
        couponCode: previous.details.couponCode ?? null,
        freeTrial: null,
        isUpgrade: false,
        reactivates: previous.id,
        // the agreement's start_date: its first charge, what Mi cuenta says until then (next-charge.ts)
        firstChargeOn: argentinaDate(startDate),
      },
    },
    actor,
    'reactivation of a cancelled subscription',
  );
  let agreement: Awaited<ReturnType<typeof gateway.createSubscription>>;
  try {
    agreement = await gateway.createSubscription({
      reason: `Alcancía ${String(previous.details.planName ?? previous.itemId)}`,
      externalReference: externalReferenceOf(order),
      payerEmail: user.email,
      cardToken,
      amountCentavos: previous.amountCentavos,
      period: billingPeriodOf(frequencyType),
      freeTrial: null,
      startDate,
      backUrl: `${app.config.publicUrl}/mi-cuenta/suscripcion`,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    return closeFailedCheckoutOrder(app, order, error, actor);
  }
  await attachPreapproval(app.db, order.id, agreement.id);
  await app.db.transaction(async (tx) => {
    await transitionOrder(tx, order.id, ['created'], 'active', {
      actor,
      reason: 'reactivated: new agreement, first charge when the paid period ends',
      details: {
        preapprovalId: agreement.id,
        firstChargeAt: startDate.toISOString(),
        reactivates: previous.id,
      },
    });
    await recordSubscriptionCard(tx, order.id, { brand: agreement.paymentMethodId, ...cardOf(card) });
    await scheduleReactivatedPrice(app, tx, { previous, orderId: order.id, userId });
    // Her access does not change until the new agreement charges: its first charge grants (decision 90).
  });
  // The provider accepted the card for the new agreement: it is the one offered back next time.
  await saveCardForReuse(app, { orderId: order.id, userId, email: user.email, cardToken, card });
  return loadAccountSubscription(app.db, userId);
}

/** POST /users/me/subscription/reactivate { cardToken } */
export const reactivateSubscriptionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/subscription/reactivate',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Reactivar una suscripción cancelada antes de su fin (sin cobro hasta entonces), con su tarjeta guardada o una nueva',
        security: [{ bearerAuth: [] }],
        body: reactivateSubscriptionRequestSchema,
        response: { 200: accountSubscriptionSchema, 402: paymentRefusalSchema },
      },
      config: perUserLimit(app.config, 'subscription-reactivate', 10, 15),
    },
    async (request, reply) => {
      const outcome = await reactivateSubscription(app, requireUserId(request), request.body.cardToken);
      if ('refusedReason' in outcome) return reply.code(402).send(refusalBody(outcome.refusedReason));
      return outcome;
    },
  );
};
