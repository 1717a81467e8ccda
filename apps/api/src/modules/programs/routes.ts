import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateProgramPromoCodeRoute } from './activate-program-promo-code';
import { createPaymentLinkRoute } from './create-payment-link';
import { createProgramPaymentRoute } from './create-program-payment';
import { getCheckoutProviderRoute } from './get-checkout-provider';
import { getProgramInstallmentsRoute } from './get-program-installments';
import { getProgramPreviewRoute } from './get-program-preview';
import { getProgramPromoAvailabilityRoute } from './get-program-promo-availability';
import { programPaymentHandler } from './program-payments';

/**
 * Program purchases, under /api: the checkout preview and program promo codes (/academy/…), the
 * card payment, installment options and the redirect provider's link (/users/…).
 */
export const programsModule: FastifyPluginAsyncZod = async (app) => {
  // Payments of program orders (card or redirect) come back through the payments core's webhooks.
  app.paymentRouter.register('program', programPaymentHandler(app));
  await app.register(getProgramPreviewRoute);
  await app.register(getProgramPromoAvailabilityRoute);
  await app.register(activateProgramPromoCodeRoute);
  await app.register(getProgramInstallmentsRoute);
  await app.register(createProgramPaymentRoute);
  await app.register(getCheckoutProviderRoute);
  await app.register(createPaymentLinkRoute);
};
