import { metricsQuerySchema, metricsSchema } from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsPeriod } from './dashboard-metrics';
import { loadDashboardMetrics } from './dashboard-snapshots';

/** The dashboard (web: features/admin/dashboard; permission `dashboard`): GET /api/admin/metrics?from&to
 * (long periods from their kept figures: dashboard-snapshots.ts). */
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
      return loadDashboardMetrics(app.db, metricsPeriod(request.query));
    },
  );
};
