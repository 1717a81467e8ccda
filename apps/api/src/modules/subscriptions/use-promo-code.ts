import { usePromoCodeRequestSchema, usePromoCodeResponseSchema } from '@alcancia/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { subscriptionPlans, users } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { requireUserId } from '../../plugins/authentication';
import { grantPlan } from '../entitlements/grant';
import { enqueuePurchaseConfirmation } from '../payments/purchase-mails';
import {
  checkPromoCode,
  findPromoCode,
  hasRedeemed,
  promoCodeError,
  redeemPromoCode,
} from '../promo-codes/promo-code-rules';
import { bodyPromoCode, promoLookupLimit } from '../promo-codes/promo-lookup-limit';

/** The plan a free period opens when its code names none: the lightest active plan. */
async function lightestPlanId(db: Database): Promise<string | null> {
  const [plan] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.weight))
    .limit(1);
  return plan?.id ?? null;
}

/**
 * A free period, in one transaction: one use of the code (bounded by max_uses), the user's
 * redemption (once per code) and the subscription itself, only if the user still has none, with
 * her confirmation mail (decision 88).
 * Any of the three failing rolls all of them back.
 */
async function grantFreePeriod(
  db: Database,
  publicUrl: string,
  userId: string,
  promo: { id: number; code: string },
  effect: { months: number; days: number; planId: string | null },
  today: string,
): Promise<string> {
  const planId = effect.planId ?? (await lightestPlanId(db));
  const endDate = addToDate(today, { months: effect.months, days: effect.days });
  return db.transaction(async (tx) => {
    await redeemPromoCode(tx, { promoCodeId: promo.id, userId, grantedUntil: endDate });
    const [current] = await tx
      .select({ endDate: users.subscriptionEndDate })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current || isOnOrAfter(current.endDate, today)) throw promoCodeError('alreadySubscription');
    // Decision 90: the free period is a grant of its own, from today (she has nothing running).
    await grantPlan(tx, {
      userId,
      planId,
      source: 'promo_code',
      origin: 'PROMO_CODE',
      period: { startsOn: today, endsOn: endDate },
      details: { promoCodeId: promo.id, code: promo.code },
    });
    const [plan] = planId
      ? await tx
          .select({ name: subscriptionPlans.name })
          .from(subscriptionPlans)
          .where(eq(subscriptionPlans.id, planId))
      : [];
    await enqueuePurchaseConfirmation(tx, userId, {
      publicUrl,
      kind: 'subscription',
      product: plan?.name ?? 'plan',
      payment: null,
      nextChargeDate: endDate,
      freePeriodCode: promo.code,
    });
    return endDate;
  });
}

/**
 * POST /users/subscriptions/usePromoCode. A FREE_PERIOD code grants a subscription from today
 * (origin PROMO_CODE); a DISCOUNT_COUPON is only checked here (isDiscountCoupon: true) and applies
 * when sent with the card checkout. Errors: internalCode PROMO_CODE with the spec's messages.
 */
export const usePromoCodeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscriptions/usePromoCode',
    {
      schema: {
        tags: ['promo-codes'],
        summary: 'Usar un código promocional de suscripción',
        security: [{ bearerAuth: [] }],
        body: usePromoCodeRequestSchema,
        response: { 200: usePromoCodeResponseSchema },
      },
      config: promoLookupLimit(app.config, bodyPromoCode),
    },
    async (request) => {
      const userId = requireUserId(request);
      const [user] = await app.db
        .select({ countryCode: users.countryCode, subscriptionEndDate: users.subscriptionEndDate })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw AppError.unauthorized();
      const today = argentinaDate();
      const row = await findPromoCode(app.db, request.body.promoCode);
      const effect = checkPromoCode(row, { today, countryCode: user.countryCode });
      const promoCodeId = row?.id as number;
      if (await hasRedeemed(app.db, userId, promoCodeId)) throw promoCodeError('alreadyPromoCode');
      if (effect.kind === 'DISCOUNT_COUPON') {
        return { isDiscountCoupon: true, subscriptionEndDate: user.subscriptionEndDate };
      }
      if (isOnOrAfter(user.subscriptionEndDate, today)) throw promoCodeError('alreadySubscription');
      const subscriptionEndDate = await grantFreePeriod(
        app.db,
        app.config.publicUrl,
        userId,
        { id: promoCodeId, code: row?.code ?? request.body.promoCode },
        effect,
        today,
      );
      request.log.info({ promoCodeId, subscriptionEndDate }, 'free period granted by promo code');
      return { isDiscountCoupon: false, subscriptionEndDate };
    },
  );
};
