import {
  adminPlansSchema,
  planIdParamsSchema,
  planPricePreviewSchema,
  updatePlanPricesRequestSchema,
  updatePlanPricesResponseSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markNoChange } from '../core/audit';
import { loadPlans } from './list-plans';
import { previewPlanPrices } from './preview-plan-prices';
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

  // A read with the PATCH's body (a price list does not fit an address): it changes nothing, so
  // it owes no audit entry.
  app.post(
    '/plans/:id/price-preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Qué haría un cambio de precios: antes y después por frecuencia, desde cuándo y a cuántas se avisa',
        security: [{ bearerAuth: [] }],
        params: planIdParamsSchema,
        body: updatePlanPricesRequestSchema,
        response: { 200: planPricePreviewSchema },
      },
      config: { permission: 'prices' },
    },
    async (request) => {
      markNoChange(request);
      return previewPlanPrices(app, request.params.id, request.body.prices);
    },
  );
};
