import { lastOriginSchema, type SubscriptionStatus, subscriptionStatusSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { subscriptionPlans, users } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';

/** Her subscription as GET /users/isSubscribed (and the bootstrap answer) show it; undefined when she no longer exists. */
export async function loadSubscriptionStatus(
  db: Database,
  userId: string,
): Promise<SubscriptionStatus | undefined> {
  const [row] = await db
    .select({
      endDate: users.subscriptionEndDate,
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.name,
      weight: subscriptionPlans.weight,
      privateServices: subscriptionPlans.privateServices,
    })
    .from(users)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, users.subscriptionPlanId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const isSubscribed = isOnOrAfter(row.endDate, argentinaDate());
  return {
    isSubscribed,
    subscriptionPlan:
      isSubscribed && row.planId && row.planName !== null && row.weight !== null
        ? {
            id: row.planId,
            name: row.planName,
            weight: row.weight,
            privateServices: row.privateServices ?? [],
          }
        : null,
    subscriptionEndDate: row.endDate,
  };
}

/** Where her current or last subscription came from (GET /users/subscriptions/lastOrigin); undefined when she no longer exists. */
export async function loadLastServiceOrigin(
  db: Database,
  userId: string,
): Promise<{ lastUserServiceOrigin: string | null } | undefined> {
  const [row] = await db.select({ origin: users.lastServiceOrigin }).from(users).where(eq(users.id, userId));
  return row ? { lastUserServiceOrigin: row.origin } : undefined;
}

/** GET /users/isSubscribed and GET /users/subscriptions/lastOrigin: the caller's subscription. */
export const subscriptionStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/isSubscribed',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Estado de la suscripción (activa si la fecha de fin es hoy o posterior)',
        security: [{ bearerAuth: [] }],
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request) => {
      const status = await loadSubscriptionStatus(app.db, requireUserId(request));
      if (!status) throw AppError.unauthorized();
      return status;
    },
  );

  app.get(
    '/subscriptions/lastOrigin',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Origen de la última suscripción (PROMO_CODE, CARD)',
        security: [{ bearerAuth: [] }],
        response: { 200: lastOriginSchema },
      },
    },
    async (request) => {
      const origin = await loadLastServiceOrigin(app.db, requireUserId(request));
      if (!origin) throw AppError.unauthorized();
      return origin;
    },
  );
};
