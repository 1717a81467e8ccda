import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usePromoCodeRoute } from './use-promo-code';

/** Subscription promo codes, under /api/users. */
export const promoCodesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(usePromoCodeRoute);
};
