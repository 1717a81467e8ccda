import { randomUUID } from 'node:crypto';
import {
  type GuestPreferenceRequest,
  type GuestPreferenceResponse,
  type GuestTier,
  guestMaxInstallments,
  guestPreferenceRequestSchema,
  guestPreferenceResponseSchema,
  guestTierTerms,
  normalizePhone,
} from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import { closeFailedCheckoutOrder } from '../payments/checkout-orders';
import { externalReferenceOf, insertOrder } from '../payments/orders-repository';
import { perUserLimit, requireGateway } from '../payments/payments-core';

/** Where Checkout Pro sends the payer back: the tier's own result pages on our site. */
export function backUrlsFor(publicUrl: string, tier: GuestTier) {
  const base = `${publicUrl}/compra/${guestTierTerms[tier].slug}`;
  return { success: `${base}/exito`, pending: `${base}/pendiente`, failure: `${base}/error` };
}

/**
 * A guest tier's Checkout Pro preference. Only the tier (items[0].id) and the payer come from the
 * browser; price, title, installments, back_urls and the rest are the server's. The order is
 * recorded first (no account yet: user_id null), so the webhook of its payment finds it.
 */
export async function createGuestPreference(
  app: FastifyInstance,
  request: GuestPreferenceRequest,
): Promise<GuestPreferenceResponse> {
  const gateway = requireGateway(app);
  const tier = request.items[0]?.id as GuestTier;
  const terms = guestTierTerms[tier];
  const { payer } = request;
  // Guest tiers are sold in Argentina (ARS), so the phone is read as an Argentine number.
  const phone = normalizePhone('AR', payer.phone.number);
  if (!phone) {
    throw AppError.invalidData([{ path: 'body.payer.phone.number', message: 'El teléfono no es válido.' }]);
  }
  const email = payer.email.trim().toLowerCase();

  const order = await app.db.transaction((tx) =>
    insertOrder(
      tx,
      {
        kind: 'guest_tier',
        userId: null,
        payerEmail: email,
        itemId: tier,
        description: terms.title,
        amountCentavos: terms.priceCentavos,
        idempotencyKey: randomUUID(),
        provider: gateway.provider,
        // What the webhook needs to create the account: the payer's data as typed.
        // Her DNI, when given, names her on the invoice (decision 0133).
        details: {
          name: payer.name,
          surname: payer.surname,
          phone,
          accessMonths: terms.accessMonths,
          ...(request.invoiceDocument ? { invoiceDocument: request.invoiceDocument } : {}),
        },
      },
      'system',
      'guest membership checkout (Checkout Pro preference)',
    ),
  );

  let preference: { id: string; initPoint: string };
  try {
    preference = await gateway.createPreference({
      items: [{ id: tier, title: terms.title, unitPriceCentavos: terms.priceCentavos }],
      payer: { email, name: payer.name, surname: payer.surname, phone },
      backUrls: backUrlsFor(app.config.publicUrl, tier),
      maxInstallments: guestMaxInstallments,
      externalReference: externalReferenceOf(order),
      metadata: { orderId: order.id, tier },
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    // closes the order and answers PAYMENT_PROVIDER_ERROR
    if (error instanceof PaymentProviderError) await closeFailedCheckoutOrder(app, order, error, 'system');
    throw error;
  }
  await app.db
    .update(paymentOrders)
    .set({ providerPreferenceId: preference.id, updatedAt: sql`now()` })
    .where(eq(paymentOrders.id, order.id));
  return { init_point: preference.initPoint };
}

/**
 * POST /users/mercadopago/preference — no login. Rate-limited per address: each call creates an
 * order and a preference at the provider.
 */
export const createGuestPreferenceRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mercadopago/preference',
    {
      schema: {
        tags: ['guest-memberships'],
        summary: 'Comprar una membresía sin cuenta (Checkout Pro)',
        body: guestPreferenceRequestSchema,
        response: { 200: guestPreferenceResponseSchema },
      },
      config: perUserLimit(app.config, 'guest-preference', 10, 15),
    },
    async (request) => createGuestPreference(app, request.body),
  );
};
