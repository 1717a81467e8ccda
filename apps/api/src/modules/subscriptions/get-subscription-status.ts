import { lastOriginSchema, subscriptionStatusSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionPlans, users } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';

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
      const userId = requireUserId(request);
      const [row] = await app.db
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
      if (!row) throw AppError.unauthorized();
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
      const userId = requireUserId(request);
      const [row] = await app.db
        .select({ origin: users.lastServiceOrigin })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw AppError.unauthorized();
      return { lastUserServiceOrigin: row.origin };
    },
  );
};
