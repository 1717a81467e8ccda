import {
  type AccountAccess,
  type AccountAgreement,
  type AccountGrant,
  accountAccessSchema,
  type GrantOrigin,
  grantOrigins,
} from '@alcancia/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses, entitlements, paymentOrders, subscriptionPlans } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { listHerPayments, toAccountPayment, withdrawableUntilOf } from '../payments/her-payments';
import { nextChargeOf } from '../payments/next-charge';
import type { OrderRow } from '../payments/orders-repository';
import { latestSubscriptionOrder } from './account-subscription';

/** Ended grants she still sees (the newest): enough for her history, bounded for the page. */
const endedShown = 20;

const originOf = (source: string): GrantOrigin =>
  (grantOrigins as readonly string[]).includes(source) ? (source as GrantOrigin) : 'legacy';

/**
 * Her card agreements that Mi cuenta lists (decision 0093): every one that charges (active, in
 * trial or in grace), a cancelled one while the period it paid still runs, and any whose payment
 * can still be withdrawn. The cancel and change-card actions act on the agreement the
 * /users/me/subscription endpoints manage (her latest), and only while it charges.
 */
async function herAgreements(db: Db, userId: string, today: string): Promise<AccountAgreement[]> {
  const orders = await db
    // paid until: the day her payments reached, not a grace period's (extendForGrace)
    .select({
      order: paymentOrders,
      planName: subscriptionPlans.name,
      paidUntil: sql<
        string | null
      >`coalesce(${entitlements.details} ->> 'paidUntil', to_char(${entitlements.endsOn}, 'YYYY-MM-DD'))`,
    })
    .from(paymentOrders)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, paymentOrders.itemId))
    .leftJoin(entitlements, eq(entitlements.orderId, paymentOrders.id))
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'subscription'),
        inArray(paymentOrders.status, ['active', 'cancelled', 'replaced']),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(20);
  if (orders.length === 0) return [];
  const managed = await latestSubscriptionOrder(db, userId);
  const payments = (await listHerPayments(db, userId)).filter((row) => row.order.kind === 'subscription');

  const agreements: AccountAgreement[] = [];
  for (const { order, planName, paidUntil } of orders) {
    const own = payments.filter((row) => row.order.id === order.id);
    const withdrawable = own.find((row) => withdrawableUntilOf(row) !== null);
    const charging = order.status === 'active';
    const stillPaid = order.status === 'cancelled' && isOnOrAfter(paidUntil, today);
    if (!charging && !stillPaid && !withdrawable) continue;
    // what the provider charges next, and when: the same answer as Mi cuenta's Suscripción
    const next = charging ? await nextChargeOf(db, order) : null;
    agreements.push({
      id: order.id,
      plan: { id: order.itemId, name: planName ?? planNameOf(order) },
      frequency: order.frequency,
      status: statusOf(order, own.length > 0 && own.some((row) => row.payment.approvedAt !== null)),
      amount: order.amountCentavos,
      nextChargeDate: next?.date ?? null,
      nextChargeAmount: next?.amountCentavos ?? null,
      paidUntil,
      card:
        order.cardBrand && order.cardLastFour
          ? { brand: order.cardBrand, lastFour: order.cardLastFour }
          : null,
      cancellationCode: order.cancellationCode,
      actions: {
        cancel: charging && managed?.id === order.id,
        changeCard: charging && managed?.id === order.id,
      },
      withdrawablePayment: withdrawable ? toAccountPayment(withdrawable) : null,
    });
  }
  return agreements;
}

const planNameOf = (order: OrderRow) =>
  typeof order.details.planName === 'string' ? order.details.planName : order.itemId;

function statusOf(order: OrderRow, charged: boolean): AccountAgreement['status'] {
  if (order.status !== 'active') return 'cancelled';
  if (order.pastDueSince) return 'past_due';
  return order.details.freeTrial && !charged ? 'trial' : 'active';
}

/** Every grant she has: running and upcoming ones in the order they run, then the latest ended. */
async function herGrants(db: Db, userId: string, today: string): Promise<AccountGrant[]> {
  const rows = await db
    .select({
      grant: entitlements,
      planName: subscriptionPlans.name,
      programName: courses.name,
    })
    .from(entitlements)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, entitlements.planId))
    .leftJoin(courses, eq(courses.id, entitlements.productId))
    .where(eq(entitlements.userId, userId))
    .orderBy(entitlements.startsOn, entitlements.id);
  const grants = rows.map(({ grant, planName, programName }): AccountGrant => {
    const productId = grant.kind === 'plan' ? grant.planId : grant.productId;
    const ended = grant.state === 'ended' || (grant.endsOn !== null && grant.endsOn < today);
    return {
      id: String(grant.id),
      kind: grant.kind,
      product: productId ? { id: productId, name: planName ?? programName ?? productId } : null,
      from: grant.startsOn,
      until: grant.endsOn,
      origin: originOf(grant.source),
      state: ended ? 'ended' : grant.startsOn > today ? 'upcoming' : 'running',
      endedReason: grant.state === 'ended' ? grant.endedReason : null,
    };
  });
  const live = grants.filter((g) => g.state !== 'ended');
  const ended = grants
    .filter((g) => g.state === 'ended')
    .reverse()
    .slice(0, endedShown);
  return [...live, ...ended];
}

export async function loadHerAccess(db: Db, userId: string): Promise<AccountAccess> {
  const today = argentinaDate();
  const [agreements, grants] = await Promise.all([
    herAgreements(db, userId, today),
    herGrants(db, userId, today),
  ]);
  return { agreements, grants };
}

/** GET /users/me/access: her agreements and her grants (only her own: the session's user). */
export const herAccessRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/access',
    {
      schema: {
        tags: ['account'],
        summary: 'Mis cobros y accesos: cada suscripción con tarjeta y cada acceso, con su origen',
        security: [{ bearerAuth: [] }],
        response: { 200: accountAccessSchema },
      },
    },
    async (request) => loadHerAccess(app.db, requireUserId(request)),
  );
};
