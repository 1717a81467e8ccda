import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGuestPreferenceRoute } from './create-guest-preference';

/** Guest membership tiers bought without an account (Checkout Pro), under /api/users. */
export const guestMembershipsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(createGuestPreferenceRoute);
};
