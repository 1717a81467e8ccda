import { healthResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth } from './get-health';
import { checkReadiness, notReadySchema, readySchema } from './get-ready';

/** Liveness and readiness, under /api (docs/operations.md). */
export const healthModule: FastifyPluginAsyncZod = async (app) => {
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
    async () => getHealth(),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Lista para recibir tráfico (base de datos, Redis y archivos)',
        response: { 200: readySchema, 503: notReadySchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app);
      return readiness.ready ? readiness.body : reply.status(503).send(readiness.body);
    },
  );
};
