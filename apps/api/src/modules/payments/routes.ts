import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPaymentsConfigRoute } from './get-payments-config';
import { hostedCheckoutWebhookRoute } from './handle-hosted-checkout-webhook';
import { mercadoPagoWebhookRoute } from './handle-mercadopago-webhook';

/** The payments core, under /api/payments: card-form settings and the providers' webhooks. */
export const paymentsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getPaymentsConfigRoute);
  await app.register(mercadoPagoWebhookRoute);
  await app.register(hostedCheckoutWebhookRoute);
};
