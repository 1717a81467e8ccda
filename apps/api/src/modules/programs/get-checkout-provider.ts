import { checkoutProviderQuerySchema, checkoutProviderSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadProgram } from './load-program';

/**
 * GET /users/payment/checkout-provider?programId → 'MP' (the card form) or the redirect provider's
 * code ('HOSTED': ask POST /users/payment/link and send the browser there). Token optional: it is
 * the same for everyone. Errors: NOT_FOUND, NOT_PROGRAM.
 */
export const getCheckoutProviderRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/payment/checkout-provider',
    {
      schema: {
        tags: ['programs'],
        summary: 'Con qué medio de pago se compra un programa',
        security: [{ bearerAuth: [] }, {}],
        querystring: checkoutProviderQuerySchema,
        response: { 200: checkoutProviderSchema },
      },
    },
    async (request) => {
      const program = await loadProgram(app.db, request.query.programId);
      return { checkoutProvider: program.course.checkoutProvider };
    },
  );
};
