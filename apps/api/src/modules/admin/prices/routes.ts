import {
  adminPlansSchema,
  planIdParamsSchema,
  updatePlanPricesRequestSchema,
  updatePlanPricesResponseSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPlans } from './list-plans';
import { updatePlanPrices } from './update-plan-prices';

/** Plans and prices (web: features/admin/prices; permission `prices`, admin only). */
export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['admin'],
        summary: 'Planes con sus precios por frecuencia y los cambios programados',
        security: [{ bearerAuth: [] }],
        response: { 200: adminPlansSchema },
      },
      config: { permission: 'prices' },
    },
    async () => ({ items: await loadPlans(app.db) }),
  );

  app.patch(
    '/plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cambiar precios y pruebas gratis de un plan (aviso de 30 días a quienes ya pagan)',
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: updatePlanPricesRequestSchema,
        response: { 200: updatePlanPricesResponseSchema },
      },
      config: { permission: 'prices' },
    },
    async (request) => updatePlanPrices(app, request, request.params.id, request.body.prices),
  );
};
