import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProgramPreviewRoute } from './get-program-preview';

/**
 * Program purchases, under /api: the checkout preview and program promo codes (/academy/…), the
 * card payment, installment options and the redirect provider's link (/users/…).
 */
export const programsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getProgramPreviewRoute);
};
