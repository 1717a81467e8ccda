import { cardSubscriptionSchema, type FreeTrial, type PlanFrequency } from '@alcancia/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentOrders, subscriptionPlans, users } from '../../db/schema';
import { requireUserId } from '../../plugins/authentication';

/** GET /users/mercadopago/suscription: the caller's current card subscription, or null. */
export const getCardSubscriptionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mercadopago/suscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'La suscripción con tarjeta actual',
        security: [{ bearerAuth: [] }],
        response: { 200: cardSubscriptionSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const [row] = await app.db
        .select({
          order: paymentOrders,
          planName: subscriptionPlans.name,
          endDate: users.subscriptionEndDate,
        })
        .from(paymentOrders)
        .innerJoin(users, eq(users.id, paymentOrders.userId))
        .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, paymentOrders.itemId))
        .where(
          and(
            eq(paymentOrders.userId, userId),
            eq(paymentOrders.kind, 'subscription'),
            inArray(paymentOrders.status, ['pending', 'active', 'cancelled']),
          ),
        )
        .orderBy(desc(paymentOrders.createdAt))
        .limit(1);
      if (!row) return { subscription: null };
      const { order } = row;
      return {
        subscription: {
          id: order.id,
          status: order.status as 'pending' | 'active' | 'cancelled',
          planId: order.itemId,
          planName: row.planName ?? String(order.details.planName ?? order.itemId),
          frequency: order.frequency as PlanFrequency,
          amount: order.amountCentavos,
          currency: 'ARS' as const,
          promoCodeApplied: Boolean(order.details.couponCode),
          freeTrial: (order.details.freeTrial as FreeTrial | null | undefined) ?? null,
          subscriptionEndDate: row.endDate,
          createdAt: order.createdAt.toISOString(),
        },
      };
    },
  );
};
