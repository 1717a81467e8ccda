import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelSubscriptionRoute } from './cancel-subscription';
import { changeSubscriptionCardRoute } from './change-subscription-card';
import { createSubscriptionRoute } from './create-subscription';
import { getAccountSubscriptionRoute } from './get-account-subscription';
import { getCardSubscriptionRoute } from './get-card-subscription';
import { subscriptionStatusRoutes } from './get-subscription-status';
import { herAccessRoute } from './her-access';
import { listPlansRoutes } from './list-plans';
import { reactivateSubscriptionRoute } from './reactivate-subscription';
import { subscriptionPaymentHandler } from './subscription-payments';
import { usePromoCodeRoute } from './use-promo-code';

/** Plans, subscription status and card subscriptions, under /api/users. */
export const subscriptionsModule: FastifyPluginAsyncZod = async (app) => {
  // Payments of subscription orders come back through the payments core's webhook.
  app.paymentRouter.register('subscription', subscriptionPaymentHandler(app));
  await app.register(listPlansRoutes);
  await app.register(subscriptionStatusRoutes);
  await app.register(getCardSubscriptionRoute);
  await app.register(createSubscriptionRoute);
  await app.register(usePromoCodeRoute); // POST /users/subscriptions/usePromoCode
  // Mi cuenta: her subscription after the sale.
  await app.register(getAccountSubscriptionRoute);
  await app.register(herAccessRoute); // GET /users/me/access: Cobros y accesos
  await app.register(cancelSubscriptionRoute);
  await app.register(reactivateSubscriptionRoute);
  await app.register(changeSubscriptionCardRoute);
};
