import { healthResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * GET /api/health — liveness: 200 while the process runs and its event loop answers. It does not
 * ask the database: during a database outage every replica would fail it together and be
 * restarted by the orchestrator for nothing (the pool reconnects by itself when the database is
 * back). /api/ready says whether the process can serve (database, Redis, storage); decision 63.
 */
export const getHealthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio (el proceso responde)',
        response: { 200: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );
};
