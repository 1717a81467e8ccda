import { accountSubscriptionSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { loadAccountSubscription } from './account-subscription';

/** GET /users/me/subscription: her subscription as Mi cuenta shows it (only her own: the session's user). */
export const getAccountSubscriptionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/subscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Mi suscripción: plan, estado, próximo cobro, tarjeta, baja',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSubscriptionSchema },
      },
    },
    async (request) => loadAccountSubscription(app.db, requireUserId(request)),
  );
};
