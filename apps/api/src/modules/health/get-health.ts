import { healthResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthTimeoutMs = 2000;

/** GET /api/health — 200 when the database answers, 503 otherwise (for load balancers and CI). */
export const getHealthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), healthTimeoutMs).unref()),
        ]);
        return { status: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
