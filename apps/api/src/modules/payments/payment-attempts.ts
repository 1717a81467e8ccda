import {
  type PaymentAttempts,
  paymentAttemptsQuerySchema,
  paymentAttemptsSchema,
  type RefusedReason,
} from '@alcancia/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import type { OrderKind } from './orders-repository';

/** Refusals that end the flow: one retry is allowed, the second failure ends it (spec §9). */
export const MAX_REFUSED_ATTEMPTS = 2;
/** How long refusals count: a new day is a new try (the spec's tab storage ended with the tab). */
const WINDOW_HOURS = 24;

const kindOf = { SUBSCRIPTION_PURCHASE: 'subscription', PROGRAM_PURCHASE: 'program' } as const;

/**
 * The caller's refused card attempts for one product (a plan, a program): orders refused by the
 * provider in the last 24 hours, after her last paid one. Counted per product, so a refused
 * subscription never ends a program's checkout, and on the server, so no tab or reload resets it.
 */
export async function refusedAttempts(
  db: Db,
  userId: string,
  kind: OrderKind,
  itemId: string,
): Promise<PaymentAttempts> {
  const product = and(
    eq(paymentOrders.userId, userId),
    eq(paymentOrders.kind, kind),
    eq(paymentOrders.itemId, itemId),
    gt(paymentOrders.createdAt, sql`now() - make_interval(hours => ${WINDOW_HOURS})`),
  );
  const [lastPaid] = await db
    .select({ createdAt: paymentOrders.createdAt })
    .from(paymentOrders)
    .where(and(product, inArray(paymentOrders.status, ['paid', 'active', 'replaced', 'cancelled'])))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  const refused = await db
    .select({ reason: paymentOrders.refusedReason })
    .from(paymentOrders)
    .where(
      and(
        product,
        eq(paymentOrders.status, 'refused'),
        lastPaid ? gt(paymentOrders.createdAt, lastPaid.createdAt) : undefined,
      ),
    )
    .orderBy(desc(paymentOrders.createdAt));
  return {
    refusedAttempts: refused.length,
    maxAttempts: MAX_REFUSED_ATTEMPTS,
    exhausted: refused.length >= MAX_REFUSED_ATTEMPTS,
    lastRefusedReason: (refused[0]?.reason as RefusedReason | null | undefined) ?? null,
  };
}

/** Before a card attempt: after the second refusal of this product the flow has ended (no charge). */
export async function assertAttemptsLeft(db: Db, userId: string, kind: OrderKind, itemId: string) {
  if ((await refusedAttempts(db, userId, kind, itemId)).exhausted) {
    throw new AppError(
      'PAYMENT_ATTEMPTS_EXHAUSTED',
      409,
      'Tu tarjeta fue rechazada dos veces. Probá con otro medio de pago o volvé a intentarlo mañana.',
    );
  }
}

/** GET /users/payment/attempts?purchaseType&productId → the caller's count for that product. */
export const getPaymentAttemptsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment/attempts',
    {
      schema: {
        tags: ['payments'],
        summary: 'Intentos de pago rechazados para un producto',
        security: [{ bearerAuth: [] }],
        querystring: paymentAttemptsQuerySchema,
        response: { 200: paymentAttemptsSchema },
      },
    },
    async (request) => {
      const { purchaseType, productId } = request.query;
      return refusedAttempts(app.db, requireUserId(request), kindOf[purchaseType], productId);
    },
  );
};
