import {
  listPlansQuerySchema,
  planListSchema,
  searchPlanQuerySchema,
  subscriptionPlanSchema,
} from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { optionalUserId } from '../../plugins/authentication';
import { sendSerialized } from '../academy/serialized-response';
import { loadViewer } from '../academy/viewer';
import { couponAppliesTo } from '../promo-codes/coupon';
import { couponForDisplay, invalidPromoCodeForPlan, promoCodeNotBetter } from '../promo-codes/coupons';
import { checkPromoCode, findPromoCode } from '../promo-codes/promo-code-rules';
import { promoLookupLimit, queryPromoCode } from '../promo-codes/promo-lookup-limit';
import { priceOf } from './plan-pricing';
import { findPlan, loadActivePlansCached, planView } from './plans-repository';

/** Country of the caller for promo rules; undefined (unknown) for anonymous visitors. */
async function viewerCountry(
  app: FastifyInstance,
  userId: string | null,
): Promise<string | null | undefined> {
  if (!userId) return undefined;
  const [user] = await app.db
    .select({ countryCode: users.countryCode })
    .from(users)
    .where(eq(users.id, userId));
  return user ? user.countryCode : undefined;
}

/**
 * GET /users/subscriptions (plan list) and GET /users/subscriptions/search (one plan by name),
 * anonymous allowed. Prices are the server's, in centavos; a promoCode that is a valid discount
 * coupon shows its price on the provider plans it covers (promoCodeApplied).
 */
export const listPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Planes de suscripción con sus precios por frecuencia',
        querystring: listPlansQuerySchema,
        response: { 200: planListSchema },
      },
      config: promoLookupLimit(app.config, queryPromoCode),
    },
    async (request, reply) => {
      const { promoCode } = request.query;
      const userId = optionalUserId(request);
      const plans = await loadActivePlansCached(app.db);
      const viewer = { trialUsed: userId ? (await loadViewer(app.db, userId)).freeTrialUsed : false };
      // Without a code (and a trial to hide) the list is the same for everyone: written once per cached list.
      if (!promoCode && !viewer.trialUsed)
        return sendSerialized(reply, plans, 'list', () => plans.map((plan) => planView(plan, null)));
      const coupon = promoCode
        ? await couponForDisplay(app.db, promoCode, {
            today: argentinaDate(),
            countryCode: await viewerCountry(app, userId),
          })
        : null;
      return plans.map((plan) => planView(plan, coupon, viewer));
    },
  );

  app.get(
    '/subscriptions/search',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Un plan por nombre (con código promocional opcional)',
        querystring: searchPlanQuerySchema,
        response: { 200: subscriptionPlanSchema },
      },
      config: promoLookupLimit(app.config, queryPromoCode),
    },
    async (request) => {
      const { name, promoCode, planFrequency } = request.query;
      const userId = optionalUserId(request);
      const plan = await findPlan(app.db, name);
      if (!plan) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND', 404, 'No encontramos ese plan.');
      const viewer = { trialUsed: userId ? (await loadViewer(app.db, userId)).freeTrialUsed : false };
      if (!promoCode) return planView(plan, null, viewer);
      // One plan with a code is a checkout's promo box: a code that fails for itself (unknown,
      // expired, another country…) says so with the promo-code table's error (PROMO_CODE), so the
      // web can say "not found" rather than "not for this plan" (issue 20).
      const effect = checkPromoCode(await findPromoCode(app.db, promoCode), {
        today: argentinaDate(),
        countryCode: await viewerCountry(app, userId),
      });
      const coupon = effect.kind === 'DISCOUNT_COUPON' ? effect.coupon : null;
      const covered = plan.providerPlans.filter(
        (p) =>
          (!planFrequency || p.frequency === planFrequency) &&
          coupon &&
          couponAppliesTo(coupon, p.planId, p.frequency),
      );
      if (covered.length === 0) throw invalidPromoCodeForPlan();
      if (!covered.some((p) => priceOf(p, coupon).couponApplied)) throw promoCodeNotBetter();
      return planView(plan, coupon, viewer);
    },
  );
};
