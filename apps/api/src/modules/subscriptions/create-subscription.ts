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
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { readOwnCardToken } from '../payments/card-tokens';
import {
  closeFailedCheckoutOrder,
  isProviderFailure,
  openCheckoutOrder,
  type Refusal,
} from '../payments/checkout-orders';
import {
  type Actor,
  attachPreapproval,
  externalReferenceOf,
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
import { cardFingerprintOf, freeTrialAlreadyUsed, hadFreeTrial, recordFreeTrial } from './free-trials';
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
 */
export async function createCardSubscription(
  app: FastifyInstance,
  userId: string,
  request: CreateCardSubscriptionRequest,
): Promise<Outcome> {
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
  // An upgrade starts the new plan at once: no second free trial. One trial per person, ever.
  let freeTrial = isUpgrade ? null : priceRow.freeTrial;
  const card = freeTrial ? await cardFingerprintOf(app, request.cardToken) : null;
  if (freeTrial && (await hadFreeTrial(app.db, { userId, card }))) {
    if (request.expectsFreeTrial !== false) throw freeTrialAlreadyUsed();
    freeTrial = null;
  }
  const frequencyType = priceRow.frequencyType || frequencyTypeOf[request.subscriptionPlanFrequency];
  const actor: Actor = `user:${userId}`;
  // Read before the agreement uses the token up: Mi cuenta shows the card's last four digits and
  // expiry. A token made from a saved card pays only for her own card (decision 0225).
  const cardRead = await readOwnCardToken(app, userId, request.cardToken);

  const order = await openCheckoutOrder(
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

  let agreement: Awaited<ReturnType<typeof gateway.createSubscription>>;
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
    return closeFailedCheckoutOrder(app, order, error, actor);
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
    // Recorded before the grant: the grant's change of her subscription is what tells every
    // process to re-read her (viewer.ts), and the re-read must see the trial as had.
    await recordFreeTrial(app.db, current, card?.fingerprint ?? null);
    await grantSubscription(app, {
      order: current,
      payment: null,
      paidUntil: agreement.nextPaymentDate,
      actor,
    });
    await saveCard();
    return {
      status: 'approved',
      isUpgradeSubscription: false,
      subscriptionEndDate: await currentEndDate(app, userId),
    };
  }
  await transitionOrder(app.db, order.id, ['created'], 'pending', {
    actor,
    reason: 'agreement authorized at the provider; waiting for the first charge',
    details: { preapprovalId: agreement.id },
  });
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
      const outcome = await createCardSubscription(app, userId, request.body);
      if (outcome.status === 'refused') {
        return reply.code(402).send(refusalBody(outcome.refusedReason));
      }
      return reply.code(outcome.status === 'pending' ? 202 : 200).send(outcome);
    },
  );
};
