import { mercadoPagoNotificationQuerySchema, mercadoPagoNotificationSchema } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { countWebhook } from '../../lib/process-metrics';
import { PaymentNotFoundError } from '../../providers/payments/payment-gateway';
import { requireGateway } from './payments-core';
import { syncProviderPayment } from './sync-payment';
import { syncProviderPreapproval } from './sync-preapproval';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Follows the notification's id to the provider; the body is never trusted beyond id and topic. */
async function processNotification(app: FastifyInstance, topic: string | undefined, dataId: string) {
  switch (topic) {
    case 'payment':
      return syncProviderPayment(app, dataId, 'webhook');
    case 'subscription_preapproval':
      return syncProviderPreapproval(app, dataId);
    case 'subscription_authorized_payment': {
      // A recurring charge attempt: its payment (when there is one) carries the outcome.
      const invoice = await requireGateway(app).getInvoice(dataId);
      if (invoice.paymentId) await syncProviderPayment(app, invoice.paymentId, 'webhook');
      if (invoice.subscriptionId) await syncProviderPreapproval(app, invoice.subscriptionId);
      return;
    }
    default:
      app.log.info({ topic, dataId }, 'notification topic not handled');
  }
}

/**
 * POST /payments/webhooks/mercadopago. Checks the `x-signature` HMAC (401 otherwise), syncs from
 * the provider and answers 200. A failure answers 5xx so Mercado Pago retries; every step is
 * idempotent, so retries, replays and out-of-order deliveries converge on the provider's truth.
 */
export const mercadoPagoWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/webhooks/mercadopago',
    {
      schema: {
        tags: ['payments'],
        summary: 'Notificaciones firmadas de Mercado Pago',
        querystring: mercadoPagoNotificationQuerySchema,
        body: mercadoPagoNotificationSchema.optional(),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const gateway = requireGateway(app);
      const bodyId = request.body?.data?.id;
      const dataId = request.query['data.id'] ?? (bodyId === undefined ? undefined : String(bodyId));
      const topic = request.query.type ?? request.body?.type;
      const signed = gateway.verifyNotification({
        signature: header(request.headers['x-signature']),
        requestId: header(request.headers['x-request-id']),
        dataId,
      });
      if (!signed || !dataId) {
        request.log.warn({ topic, dataId }, 'webhook with a bad signature refused');
        countWebhook('mercadopago', 'refused');
        throw new AppError('INVALID_SIGNATURE', 401, 'La firma de la notificación no es válida.');
      }
      try {
        await processNotification(app, topic, dataId);
        countWebhook('mercadopago', 'processed');
      } catch (error) {
        // An id the provider does not know (its panel's test notifications): nothing to sync.
        if (!(error instanceof PaymentNotFoundError)) {
          countWebhook('mercadopago', 'failed');
          throw error;
        }
        countWebhook('mercadopago', 'not_found');
        request.log.info({ topic, dataId }, 'notified resource not found at the provider');
      }
      return { received: true as const };
    },
  );
};
