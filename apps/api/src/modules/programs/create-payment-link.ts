import {
  paymentLinkRequestSchema,
  paymentLinkSchema,
  programErrorMessages,
  redirectProviderCode,
} from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { paymentOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import type { HostedCheckout, HostedCheckoutGateway } from '../../providers/payments/hosted-checkout-gateway';
import { PaymentNotFoundError, PaymentProviderError } from '../../providers/payments/payment-gateway';
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../payments/checkout-idempotency';
import { closeFailedCheckoutOrder, providerUnavailable } from '../payments/checkout-orders';
import { type Actor, externalReferenceOf, transitionOrder } from '../payments/orders-repository';
import { perUserLimit, requireHostedCheckout } from '../payments/payments-core';
import { closeUnpaidHostedOrder, syncHostedCheckout } from '../payments/sync-hosted-checkout';
import { loadProgramCheckout, openProgramOrder, priceProgramCheckout } from './program-orders';

const alreadyPurchased = () => new AppError('ALREADY_PURCHASED', 409, programErrorMessages.ALREADY_PURCHASED);

/**
 * One payable link per user and program: earlier links still open are expired at the provider
 * (their orders close and their coupons come back) before a new one is made, so she cannot pay
 * twice. One that turns out paid meanwhile is synced, and she owns the program.
 */
async function retireEarlierLinks(
  app: FastifyInstance,
  hosted: HostedCheckoutGateway,
  userId: string,
  programId: string,
  actor: Actor,
): Promise<void> {
  const open = await app.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'program'),
        eq(paymentOrders.itemId, programId),
        eq(paymentOrders.provider, hosted.provider),
        sql`${paymentOrders.status} in ('pending', 'error')`,
      ),
    );
  for (const order of open) {
    if (!order.providerPreferenceId) {
      await closeUnpaidHostedOrder(app, order, 'no checkout was created at the provider', actor);
      continue;
    }
    let checkout: HostedCheckout;
    try {
      checkout = await hosted.expireCheckout(order.providerPreferenceId);
    } catch (error) {
      if (error instanceof PaymentNotFoundError) {
        // The provider forgot it (e.g. the stand-in restarted): it can never be paid.
        await closeUnpaidHostedOrder(app, order, 'checkout unknown at the provider', actor);
        continue;
      }
      if (error instanceof PaymentProviderError) throw providerUnavailable();
      throw error;
    }
    await syncHostedCheckout(app, checkout, actor);
    if (checkout.status === 'paid') throw alreadyPurchased();
  }
}

/**
 * A program of the redirect provider: the same guards and server price as the card payment, an
 * order with provider HOSTED, and the provider's checkout page. The purchase is granted by the
 * provider's signed webhook, never by the browser coming back.
 */
export function createPaymentLink(
  app: FastifyInstance,
  userId: string,
  request: { programId: string; promoCode?: string | undefined },
): Promise<{ link: string }> {
  // Under her person lock (decision 0270): a second tap sees the first one's link and order.
  return withPersonLock(app.database, userId, () => openPaymentLink(app, userId, request));
}

async function openPaymentLink(
  app: FastifyInstance,
  userId: string,
  request: { programId: string; promoCode?: string | undefined },
): Promise<{ link: string }> {
  const hosted = requireHostedCheckout(app);
  const { buyer, program } = await loadProgramCheckout(app, userId, request.programId, redirectProviderCode);
  const actor: Actor = `user:${userId}`;
  // Before pricing: a retired link gives its promo code back.
  await retireEarlierLinks(app, hosted, userId, program.course.id, actor);
  const { promo, price } = await priceProgramCheckout(app, buyer, program, request.promoCode);

  const order = await openProgramOrder(
    app,
    { userId, email: buyer.email ?? '', program, price, promo, provider: hosted.provider, installments: 1 },
    actor,
  );
  let checkout: HostedCheckout;
  try {
    checkout = await hosted.createCheckout({
      amountCentavos: price.chargeCentavos,
      description: program.course.name,
      externalReference: externalReferenceOf(order),
      payerEmail: buyer.email ?? '',
      successUrl: `${app.config.publicUrl}/compra-exitosa?programId=${encodeURIComponent(program.course.id)}`,
      cancelUrl: `${app.config.publicUrl}/compra/programa/${encodeURIComponent(program.course.id)}`,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    // closes the order (coupon back when certain) and answers PAYMENT_PROVIDER_ERROR
    if (error instanceof PaymentProviderError) await closeFailedCheckoutOrder(app, order, error, actor);
    throw error;
  }
  await app.db
    .update(paymentOrders)
    .set({ providerPreferenceId: checkout.id, updatedAt: sql`now()` })
    .where(eq(paymentOrders.id, order.id));
  await transitionOrder(app.db, order.id, ['created'], 'pending', {
    actor,
    reason: 'hosted checkout created; waiting for the payer',
    details: { checkoutId: checkout.id },
  });
  return { link: checkout.url };
}

/** POST /users/payment/link {programId, promoCode} → {link}: the browser goes there to pay. */
export const createPaymentLinkRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/payment/link',
    {
      schema: {
        tags: ['programs'],
        summary: 'Enlace de pago del checkout externo para un programa',
        security: [{ bearerAuth: [] }],
        body: paymentLinkRequestSchema,
        response: { 200: paymentLinkSchema },
      },
      config: perUserLimit(app.config, 'program-payment-link', 10, 15),
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      // One answer per checkout attempt: a double tap with its key gets the first one's link.
      const key = idempotencyKeyOf(request);
      const answer = await answerOnce(app, { userId, checkout: 'program-link', key }, async () => ({
        statusCode: 200,
        body: await createPaymentLink(app, userId, request.body),
      }));
      return sendAnswer(reply, answer);
    },
  );
};
