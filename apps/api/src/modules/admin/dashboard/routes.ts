import { metricsQuerySchema, metricsSchema } from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardMetrics, metricsPeriod } from './dashboard-metrics';

/** The dashboard (web: features/admin/dashboard; permission `dashboard`): GET /api/admin/metrics?from&to. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Tablero: cifras del negocio en un período',
        security: [{ bearerAuth: [] }],
        querystring: metricsQuerySchema,
        response: { 200: metricsSchema },
      },
      config: { permission: 'dashboard' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboardMetrics(app.db, metricsPeriod(request.query));
    },
  );
};
