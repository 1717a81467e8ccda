import { randomUUID } from 'node:crypto';
import {
  type CreateCardSubscriptionRequest,
  type CreateCardSubscriptionResponse,
  createCardSubscriptionRequestSchema,
  createCardSubscriptionResponseSchema,
  frequencyTypeOf,
  paymentRefusalSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { readOwnCardToken } from '../payments/card-tokens';
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../payments/checkout-idempotency';
import {
  closeFailedCheckoutOrder,
  isDefiniteFailure,
  isProviderFailure,
  openCheckoutOrder,
  type Refusal,
} from '../payments/checkout-orders';
import {
  type Actor,
  attachPreapproval,
  externalReferenceOf,
  type OrderRow,
  transitionOrder,
} from '../payments/orders-repository';
import { assertAttemptsLeft } from '../payments/payment-attempts';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { refusalBody } from '../payments/refused-reason';
import { couponForCheckout, promoCodeNotBetter } from '../promo-codes/coupons';
import { grantSubscription } from './activate-subscription';
import { awaitFirstCharge } from './await-first-charge';
import {
  activeAgreement,
  assertArgentina,
  assertNoPendingCheckout,
  type Buyer,
  loadBuyer,
  upgradeDecision,
} from './checkout-guards';
import {
  cardFingerprintOf,
  claimFreeTrial,
  freeTrialAlreadyUsed,
  hadFreeTrial,
  linkFreeTrial,
  releaseFreeTrial,
} from './free-trials';
import { billingPeriodOf, priceOf } from './plan-pricing';
import { findPlan } from './plans-repository';
import { cardOf, recordSubscriptionCard, saveCardForReuse } from './subscription-card';

type Outcome = CreateCardSubscriptionResponse | Refusal;

async function currentEndDate(app: FastifyInstance, userId: string): Promise<string> {
  return (await loadBuyer(app.db, userId)).subscriptionEndDate ?? '';
}

/**
 * A card subscription: the server's price (plan discount or coupon, never the browser's), a
 * recurring agreement at the provider, and access from the provider's dates. A free trial grants at
 * once (first charge at the trial's end); otherwise the first charge's outcome decides.
 *
 * Everything up to the agreement runs under her person lock (decision 0270): "already subscribed?",
 * "a checkout in process?", the trial claim, the order and the agreement, so a second tap a moment
 * later sees the first one's order and is told so. The wait for the first charge runs after the
 * lock: the notification that settles it takes the same lock to grant.
 */
export async function createCardSubscription(
  app: FastifyInstance,
  userId: string,
  request: CreateCardSubscriptionRequest,
): Promise<Outcome> {
  const started = await withPersonLock(app.database, userId, () =>
    startCardSubscription(app, userId, request),
  );
  if (started.done) return started.outcome;
  const { order, isUpgrade, saveCard } = started;
  const first = await awaitFirstCharge(app, order.id);
  if (first.status !== 'approved') {
    return first.status === 'pending' ? { status: 'pending', isUpgradeSubscription: isUpgrade } : first;
  }
  await saveCard();
  return {
    status: 'approved',
    isUpgradeSubscription: isUpgrade,
    // An upgrade always says what happened to the money: NONE when nothing was charged to refund.
    ...(isUpgrade ? { refundStatus: first.refundStatus ?? 'NONE' } : {}),
    subscriptionEndDate: await currentEndDate(app, userId),
  };
}

type Started =
  | { done: true; outcome: Outcome }
  | { done: false; order: OrderRow; isUpgrade: boolean; saveCard: () => Promise<unknown> };

async function startCardSubscription(
  app: FastifyInstance,
  userId: string,
  request: CreateCardSubscriptionRequest,
): Promise<Started> {
  const gateway = requireGateway(app);
  const buyer: Buyer = await loadBuyer(app.db, userId);
  assertArgentina(buyer);
  const found = await findPlan(app.db, request.subscriptionPlanName);
  const priceRow = found?.providerPlans.find((p) => p.frequency === request.subscriptionPlanFrequency);
  if (!found || !priceRow) {
    throw new AppError(
      'SUBSCRIPTION_PLAN_NOT_FOUND',
      404,
      'No encontramos ese plan con esa frecuencia de pago.',
    );
  }
  if (priceRow.checkoutProvider !== 'MP') {
    throw new AppError('CHECKOUT_PROVIDER_MISMATCH', 409, 'Este plan se paga con otro medio de pago.');
  }
  const today = argentinaDate();
  const { isUpgrade } = upgradeDecision(buyer, found.plan.weight, today);
  await assertNoPendingCheckout(app.db, userId);
  await assertAttemptsLeft(app.db, userId, 'subscription', found.plan.id);
  const replaces = isUpgrade ? await activeAgreement(app.db, userId) : undefined;
  const coupon = request.promoCode
    ? await couponForCheckout(app.db, request.promoCode, buyer, {
        planId: found.plan.id,
        frequency: priceRow.frequency,
        today,
      })
    : null;
  const price = priceOf(priceRow, coupon);
  // A code that saves nothing here is refused before anything is reserved: it stays unspent.
  if (coupon && !price.couponApplied) throw promoCodeNotBetter();
  // Read before the agreement uses the token up: Mi cuenta shows the card's last four digits and
  // expiry. A token made from a saved card pays only for her own card (decision 0225).
  const cardRead = await readOwnCardToken(app, userId, request.cardToken);
  // An upgrade starts the new plan at once: no second free trial. One trial per person and per
  // card, ever: claimed under the card's unique key before the agreement exists (decision 0272).
  let freeTrial = isUpgrade ? null : priceRow.freeTrial;
  let trialClaim: number | null = null;
  if (freeTrial) {
    const card = await cardFingerprintOf(app, request.cardToken);
    if (!(await hadFreeTrial(app.db, { userId, card }))) {
      trialClaim = await claimFreeTrial(app.db, { userId, planId: found.plan.id, card });
    }
    if (trialClaim === null) {
      if (request.expectsFreeTrial !== false) throw freeTrialAlreadyUsed();
      freeTrial = null;
    }
  }
  const frequencyType = priceRow.frequencyType || frequencyTypeOf[request.subscriptionPlanFrequency];
  const actor: Actor = `user:${userId}`;

  let order: OrderRow;
  let agreement: Awaited<ReturnType<typeof gateway.createSubscription>>;
  try {
    order = await openCheckoutOrder(
      app,
      {
        kind: 'subscription',
        userId,
        payerEmail: buyer.email,
        itemId: found.plan.id,
        description: `${found.plan.name} (${priceRow.frequency})`,
        frequency: priceRow.frequency,
        amountCentavos: price.chargeCentavos,
        idempotencyKey: randomUUID(),
        provider: gateway.provider,
        promoCodeId: coupon?.id ?? null,
        replacesOrderId: replaces?.id ?? null,
        details: {
          planName: found.plan.name,
          frequencyType,
          regularPriceCentavos: price.regularCentavos,
          couponCode: coupon?.code ?? null,
          freeTrial,
          isUpgrade,
          // Every charge of the agreement is invoiced to her DNI when she gave it (decision 0133).
          ...(request.invoiceDocument ? { invoiceDocument: request.invoiceDocument } : {}),
        },
      },
      actor,
      'card subscription checkout',
    );
    if (trialClaim !== null) await linkFreeTrial(app.db, trialClaim, order.id);
  } catch (error) {
    if (trialClaim !== null) await releaseFreeTrial(app.db, trialClaim);
    throw error;
  }
  try {
    agreement = await gateway.createSubscription({
      reason: `Alcancía ${found.plan.name}`,
      externalReference: externalReferenceOf(order),
      payerEmail: buyer.email,
      cardToken: request.cardToken,
      amountCentavos: price.chargeCentavos,
      period: billingPeriodOf(frequencyType),
      freeTrial,
      backUrl: `${app.config.publicUrl}/suscripcion-exitosa`,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    // No agreement for certain (refused, or a 4xx): the trial was not given. An answer lost to a
    // timeout or a 5xx may hide one: the claim stays with its order, as the promo code does.
    if (trialClaim !== null && isDefiniteFailure(error)) await releaseFreeTrial(app.db, trialClaim);
    return { done: true, outcome: await closeFailedCheckoutOrder(app, order, error, actor) };
  }
  await attachPreapproval(app.db, order.id, agreement.id);
  await recordSubscriptionCard(app.db, order.id, { brand: agreement.paymentMethodId, ...cardOf(cardRead) });
  // Once the subscription is active on this card, the card is saved for her (decision 0225).
  const saveCard = () =>
    saveCardForReuse(app, {
      orderId: order.id,
      userId,
      email: buyer.email,
      cardToken: request.cardToken,
      card: cardRead,
    });
  const current = { ...order, providerPreapprovalId: agreement.id };

  if (freeTrial && agreement.nextPaymentDate) {
    await grantSubscription(app, {
      order: current,
      payment: null,
      paidUntil: agreement.nextPaymentDate,
      actor,
    });
    await saveCard();
    return {
      done: true,
      outcome: {
        status: 'approved',
        isUpgradeSubscription: false,
        subscriptionEndDate: await currentEndDate(app, userId),
      },
    };
  }
  await transitionOrder(app.db, order.id, ['created'], 'pending', {
    actor,
    reason: 'agreement authorized at the provider; waiting for the first charge',
    details: { preapprovalId: agreement.id },
  });
  return { done: false, order: current, isUpgrade, saveCard };
}

/**
 * POST /users/mercadopago/suscription. 200 approved, 202 pending (the charge is in process; access
 * comes with the provider's confirmation), 402 PAYMENT_REFUSED with refusedReason.
 */
export const createSubscriptionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mercadopago/suscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Suscribirse (o mejorar el plan) con tarjeta',
        security: [{ bearerAuth: [] }],
        body: createCardSubscriptionRequestSchema,
        response: {
          200: createCardSubscriptionResponseSchema,
          202: createCardSubscriptionResponseSchema,
          402: paymentRefusalSchema,
        },
      },
      config: perUserLimit(app.config, 'card-subscription', 10, 15),
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      // One answer per checkout attempt: a double tap or a retry with its key answers the first's.
      const key = idempotencyKeyOf(request);
      const answer = await answerOnce(app, { userId, checkout: 'subscription', key }, async () => {
        const outcome = await createCardSubscription(app, userId, request.body);
        if (outcome.status === 'refused')
          return { statusCode: 402, body: refusalBody(outcome.refusedReason) };
        return { statusCode: outcome.status === 'pending' ? 202 : 200, body: outcome };
      });
      return sendAnswer(reply, answer);
    },
  );
};
