import { randomUUID } from 'node:crypto';
import {
  type CreateCardSubscriptionRequest,
  type CreateCardSubscriptionResponse,
  createCardSubscriptionRequestSchema,
  createCardSubscriptionResponseSchema,
  frequencyTypeOf,
  paymentRefusalSchema,
  type RefusedReason,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { PaymentProviderError, PaymentRefusedError } from '../../providers/payments/payment-gateway';
import { isUniqueViolation } from '../auth/users-repository';
import {
  type Actor,
  attachPreapproval,
  externalReferenceOf,
  insertOrder,
  type OrderRow,
  transitionOrder,
} from '../payments/orders-repository';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { refusalMessages, refusedReasonOf } from '../payments/refused-reason';
import { couponForCheckout } from '../promo-codes/coupons';
import { redeemPromoCode, releasePromoCode } from '../promo-codes/promo-code-rules';
import { grantSubscription } from './activate-subscription';
import { awaitFirstCharge } from './await-first-charge';
import {
  activeAgreement,
  assertArgentina,
  assertNoPendingCheckout,
  type Buyer,
  expireStaleCheckouts,
  loadBuyer,
  upgradeDecision,
} from './checkout-guards';
import { billingPeriodOf, type Coupon, priceOf } from './plan-pricing';
import { findPlan } from './plans-repository';

type Outcome = CreateCardSubscriptionResponse | { status: 'refused'; refusedReason: RefusedReason };

/** The order (with the coupon's use reserved) before anything is asked of the provider. */
async function openOrder(
  app: FastifyInstance,
  values: Parameters<typeof insertOrder>[1],
  coupon: Coupon | null,
  actor: Actor,
) {
  try {
    return await app.db.transaction(async (tx) => {
      const order = await insertOrder(tx, values, actor, 'card subscription checkout');
      if (coupon)
        await redeemPromoCode(tx, {
          promoCodeId: coupon.id,
          userId: values.userId as string,
          orderId: order.id,
        });
      return order;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CHECKOUT_IN_PROGRESS',
      409,
      'Ya estamos procesando otro pago tuyo. Esperá un momento.',
    );
  }
}

/** The provider said no (or could not be asked): the order records why and the coupon comes back. */
async function closeFailedOrder(
  app: FastifyInstance,
  order: OrderRow,
  error: unknown,
  actor: Actor,
): Promise<Outcome> {
  const refused = error instanceof PaymentRefusedError;
  const refusedReason = refused ? refusedReasonOf(error.statusDetail) : null;
  // A provider error without an HTTP answer (timeout, network) is ambiguous: the agreement may
  // exist, so the order stays claimable by its notifications and the coupon stays reserved.
  const definite = refused || (error instanceof PaymentProviderError && error.status !== null);
  await app.db.transaction(async (tx) => {
    const moved = await transitionOrder(
      tx,
      order.id,
      ['created'],
      refused ? 'refused' : 'error',
      {
        actor,
        reason: refused
          ? `card refused: ${error.statusDetail}`
          : `provider error: ${(error as Error).message}`,
      },
      refusedReason ? { refusedReason } : {},
    );
    if (moved && definite && order.promoCodeId) await releasePromoCode(tx, order.promoCodeId, order.id);
  });
  if (refusedReason) {
    // A 4xx without a card verdict (a used token, a rule of the provider) is also shown as a
    // refusal, but it may be our mistake: keep it visible.
    if (refused && !error.statusDetail.startsWith('cc_rejected_')) {
      app.log.warn(
        { orderId: order.id, detail: error.statusDetail },
        'subscription refused without a card verdict',
      );
    }
    return { status: 'refused', refusedReason };
  }
  app.log.error({ err: error, orderId: order.id }, 'subscription checkout failed at the provider');
  throw new AppError(
    'PAYMENT_PROVIDER_ERROR',
    502,
    'No pudimos comunicarnos con el medio de pago. Probá de nuevo en unos minutos.',
  );
}

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
  const replaces = isUpgrade ? await activeAgreement(app.db, userId) : undefined;
  const coupon = request.promoCode
    ? await couponForCheckout(app.db, request.promoCode, buyer, {
        planId: found.plan.id,
        frequency: priceRow.frequency,
        today,
      })
    : null;
  const price = priceOf(priceRow, coupon);
  // An upgrade starts the new plan at once: no second free trial.
  const freeTrial = isUpgrade ? null : priceRow.freeTrial;
  const frequencyType = priceRow.frequencyType || frequencyTypeOf[request.subscriptionPlanFrequency];
  const actor: Actor = `user:${userId}`;

  await expireStaleCheckouts(app.db, userId);
  const order = await openOrder(
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
        couponCode: price.couponApplied ? coupon?.code : null,
        freeTrial,
        isUpgrade,
      },
    },
    coupon,
    actor,
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
    if (!(error instanceof PaymentRefusedError || error instanceof PaymentProviderError)) throw error;
    return closeFailedOrder(app, order, error, actor);
  }
  await attachPreapproval(app.db, order.id, agreement.id);
  const current = { ...order, providerPreapprovalId: agreement.id };

  if (freeTrial && agreement.nextPaymentDate) {
    await grantSubscription(app, {
      order: current,
      payment: null,
      paidUntil: agreement.nextPaymentDate,
      actor,
    });
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
  return {
    status: 'approved',
    isUpgradeSubscription: isUpgrade,
    ...(first.refundStatus ? { refundStatus: first.refundStatus } : {}),
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
        return reply.code(402).send({
          internalCode: 'PAYMENT_REFUSED' as const,
          message: refusalMessages[outcome.refusedReason],
          refusedReason: outcome.refusedReason,
        });
      }
      return reply.code(outcome.status === 'pending' ? 202 : 200).send(outcome);
    },
  );
};
