import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { PaymentNotFoundError } from '../../providers/payments/payment-gateway';
import { requireHostedCheckout } from './payments-core';
import { syncHostedCheckout } from './sync-hosted-checkout';

const notificationSchema = z.looseObject({
  type: z.string().max(100).optional(),
  data: z.object({ id: z.string().min(1).max(100) }),
});

const invalidSignature = () =>
  new AppError('INVALID_SIGNATURE', 401, 'La firma de la notificación no es válida.');

/**
 * POST /payments/webhooks/hosted-checkout. The signature (HMAC-SHA256 of `<t>.<raw body>` with the
 * shared secret, `t` recent) is checked on the body exactly as received (401 otherwise); then only
 * the checkout id is read, and the checkout is fetched from the provider and synced. A failure
 * answers 5xx so the provider retries; every step is idempotent, so replays converge.
 */
export const hostedCheckoutWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the raw bytes: keep the body as text in this route's context only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) =>
    done(null, text),
  );

  app.post(
    '/webhooks/hosted-checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Notificaciones firmadas del checkout externo (programas)',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const hosted = requireHostedCheckout(app);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-hosted-checkout-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!hosted.verifyNotification({ signature, rawBody })) {
        request.log.warn('hosted checkout webhook with a bad signature refused');
        throw invalidSignature();
      }
      let checkoutId: string;
      try {
        checkoutId = notificationSchema.parse(JSON.parse(rawBody)).data.id;
      } catch {
        throw new AppError('BAD_REQUEST', 400, 'La notificación no se puede leer.');
      }
      try {
        await syncHostedCheckout(app, checkoutId, 'webhook');
      } catch (error) {
        if (!(error instanceof PaymentNotFoundError)) throw error;
        request.log.info({ checkoutId }, 'notified checkout not found at the provider');
      }
      return { received: true as const };
    },
  );
};
