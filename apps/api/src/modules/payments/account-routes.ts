import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPaymentReceiptRoute } from './get-payment-receipt';
import { listAccountPaymentsRoute } from './list-account-payments';

/** Mi cuenta → Compras y pagos, under /api/users: her payments and their receipts. */
export const accountPaymentsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(listAccountPaymentsRoute);
  await app.register(getPaymentReceiptRoute);
};
