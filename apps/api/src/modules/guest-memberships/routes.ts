import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGuestPreferenceRoute } from './create-guest-preference';
import { guestTierPaymentHandler } from './grant-guest-membership';

/** Guest membership tiers bought without an account (Checkout Pro), under /api/users. */
export const guestMembershipsModule: FastifyPluginAsyncZod = async (app) => {
  // Payments of guest orders come back through the payments core's webhook.
  app.paymentRouter.register('guest_tier', guestTierPaymentHandler(app));
  await app.register(createGuestPreferenceRoute);
};
