import { accountPaymentsResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { fiscalDocumentsOfPayments } from '../invoices/fiscal-documents';
import { listHerPayments, toAccountPayment } from './her-payments';

/** GET /users/me/payments: every payment of hers, newest first (Mi cuenta → Compras y pagos). */
export const listAccountPaymentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/payments',
    {
      schema: {
        tags: ['account'],
        summary: 'Mis pagos: suscripción, programas, packs y membresías, con comprobante y arrepentimiento',
        security: [{ bearerAuth: [] }],
        response: { 200: accountPaymentsResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const rows = await listHerPayments(app.db, userId);
      reply.header('cache-control', 'private, no-store');
      const fiscal = await fiscalDocumentsOfPayments(
        app.db,
        rows.map((row) => row.payment.id),
      );
      return { payments: rows.map((row) => toAccountPayment(row, fiscal.get(row.payment.id))) };
    },
  );
};
