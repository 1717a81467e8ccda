import { bootstrapResponseSchema, bootstrapServiceNames } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { loadCurrentUser } from '../auth/current-user';
import { readFeatureFlags } from '../remote-config/get-feature-flags';
import { readServiceControls } from '../service-control/get-service-control';
import { loadLastServiceOrigin, loadSubscriptionStatus } from '../subscriptions/get-subscription-status';
import { academyHomeRoute } from './academy-home';

/**
 * GET /users/me/bootstrap (issue 30, decision 0170): what every logged-in screen needs first, in
 * one round trip instead of five. Each piece comes from the use-case of the endpoint that gives it
 * alone (they keep answering as before), read side by side; private and never stored, as they are.
 */
export const bootstrapModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(academyHomeRoute);
  app.get(
    '/me/bootstrap',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['account'],
        summary:
          'Lo primero que necesita cada pantalla: usuaria, suscripción y su origen, flags y servicios, en una respuesta',
        security: [{ bearerAuth: [] }],
        response: { 200: bootstrapResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const [user, subscription, origin, featureFlags, serviceControls] = await Promise.all([
        loadCurrentUser(app.db, userId),
        loadSubscriptionStatus(app.db, userId),
        loadLastServiceOrigin(app.db, userId),
        readFeatureFlags(app.db),
        readServiceControls(app.db, app.socialLogin, bootstrapServiceNames),
      ]);
      if (!user || !subscription || !origin) throw AppError.unauthorized();
      reply.header('cache-control', 'private, no-store');
      return {
        user,
        subscription,
        lastUserServiceOrigin: origin.lastUserServiceOrigin,
        featureFlags,
        serviceControls,
      };
    },
  );
};
