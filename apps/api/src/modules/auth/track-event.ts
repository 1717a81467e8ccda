import { analyticEventSchema } from '@alcancia/contract';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEvents } from '../../db/schema';
import { optionalUserId } from '../../plugins/authentication';

/**
 * POST /users/analytic. The body's identity is what the browser claims; the stored user id comes
 * only from a valid token. Events are small (schema-bounded) and the route has a tight body limit.
 */
export const trackEventRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytic',
    {
      schema: { tags: ['auth'], summary: 'Registrar un evento de uso', body: analyticEventSchema },
      bodyLimit: 8 * 1024,
      config: app.config.rateLimitEnabled
        ? { rateLimit: { max: 300, timeWindow: 60_000 } as RateLimitOptions }
        : {},
    },
    async (request, reply) => {
      let userId: string | null = null;
      try {
        userId = optionalUserId(request);
      } catch {
        // an expired token must not lose the event
      }
      const { event, source, deviceId, timestamp, channel, properties, identity } = request.body;
      await app.db.insert(analyticsEvents).values({
        event,
        source,
        deviceId,
        userId,
        channel: channel ?? null,
        properties: {
          ...(properties ?? {}),
          ...(identity?.isSubscribed !== undefined ? { isSubscribed: identity.isSubscribed } : {}),
        },
        clientTimestamp: new Date(timestamp),
      });
      return reply.status(204).send();
    },
  );
};
