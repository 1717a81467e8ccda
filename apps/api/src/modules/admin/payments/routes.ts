import {
  adminPaymentListSchema,
  adminRefundRequestSchema,
  adminRefundResponseSchema,
  orderSyncResponseSchema,
  paymentSearchQuerySchema,
  paymentsAttentionSchema,
  refundRetryResponseSchema,
  uuidIdParamsSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refundPayment } from './operator-refund';
import { paymentsAttention } from './payments-attention';
import { retryRefund } from './retry-refund';
import { searchPayments } from './search-payments';
import { syncOrder } from './sync-order';

/** A payment's or a refund's id in the path (each route its own schema, as before). */
const numericIdParams = () =>
  z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Payments and refunds (web: features/admin/payments; permission `payments`): find a payment,
 * refund it through the provider, and what waits for someone (refunds that failed or are being
 * retried, orders the provider never answered about).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Buscar pagos por número de operación del proveedor, orden o correo',
        security: [{ bearerAuth: [] }],
        querystring: paymentSearchQuerySchema,
        response: { 200: adminPaymentListSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => searchPayments(app.db, request.query.search),
  );

  app.post(
    '/payments/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Devolver un pago (total o parcial) por el proveedor, una sola vez',
        security: [{ bearerAuth: [] }],
        params: numericIdParams(),
        body: adminRefundRequestSchema,
        response: { 200: adminRefundResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => refundPayment(app, request, request.params.id, request.body),
  );

  app.get(
    '/payments/attention',
    {
      schema: {
        tags: ['admin'],
        summary: 'Devoluciones fallidas o en curso y pagos que esperan al proveedor',
        security: [{ bearerAuth: [] }],
        response: { 200: paymentsAttentionSchema },
      },
      config: { permission: 'payments' },
    },
    async () => paymentsAttention(app.db),
  );

  app.post(
    '/refunds/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reintentar ahora una devolución fallida o en espera',
        security: [{ bearerAuth: [] }],
        params: numericIdParams(),
        response: { 200: refundRetryResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => retryRefund(app, request, request.params.id),
  );

  app.post(
    '/orders/:id/sync',
    {
      schema: {
        tags: ['admin'],
        summary: 'Volver a preguntarle al proveedor por una orden sin respuesta',
        security: [{ bearerAuth: [] }],
        params: uuidIdParamsSchema,
        response: { 200: orderSyncResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => syncOrder(app, request, request.params.id),
  );
};
