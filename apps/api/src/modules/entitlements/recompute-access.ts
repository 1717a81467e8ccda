import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { entitlements, paymentOrders, subscriptionPlans, users } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { layQueued, type PlanAccess, type PlanGrant, planAccessOf } from './plan-access';

/** Her plan grants (callers hold her users row locked: changes to her grants run one at a time). */
export async function loadPlanGrants(tx: Tx, userId: string): Promise<PlanGrant[]> {
  const rows = await tx
    .select({
      id: entitlements.id,
      planId: entitlements.planId,
      weight: sql<number>`coalesce(${subscriptionPlans.weight}, ${entitlements.weight}, 0)`,
      startsOn: entitlements.startsOn,
      endsOn: entitlements.endsOn,
      queued: entitlements.queued,
      lengthMonths: entitlements.lengthMonths,
      lengthDays: entitlements.lengthDays,
      origin: entitlements.origin,
      state: entitlements.state,
    })
    .from(entitlements)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, entitlements.planId))
    .where(and(eq(entitlements.userId, userId), eq(entitlements.kind, 'plan')))
    .orderBy(entitlements.id);
  return rows.map((r) => ({ ...r, weight: Number(r.weight), endsOn: r.endsOn ?? r.startsOn }));
}

/**
 * Locks her users row: every change to her grants runs one at a time. FOR NO KEY UPDATE, not FOR
 * UPDATE: rows that only reference her (a free trial, a payment) are inserted meanwhile without
 * waiting, so an insert's foreign-key check never deadlocks with a grant (CI saw it do so).
 */
export async function lockUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return user;
}

/**
 * An account whose access predates the grants (written before migration 0026, or by the demo
 * seed) gets it as one grant first, so that a new grant adds to it instead of replacing it. Its
 * source is her latest card agreement when the cache says CARD and one exists.
 */
export async function adoptCachedAccess(tx: Tx, userId: string): Promise<void> {
  const user = await lockUser(tx, userId);
  if (!user?.subscriptionEndDate) return;
  const [any] = await tx
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.kind, 'plan')))
    .limit(1);
  if (any) return;
  const [order] =
    user.lastServiceOrigin === 'CARD'
      ? await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(
            and(
              eq(paymentOrders.userId, userId),
              eq(paymentOrders.kind, 'subscription'),
              inArray(paymentOrders.status, ['active', 'cancelled', 'expired']),
              sql`not exists (select 1 from entitlements e where e.order_id = ${paymentOrders.id})`,
            ),
          )
          .orderBy(desc(paymentOrders.createdAt))
          .limit(1)
      : [];
  const endsOn = user.subscriptionEndDate.slice(0, 10);
  const created = argentinaDate(user.createdAt);
  await tx.insert(entitlements).values({
    userId,
    kind: 'plan',
    planId: user.subscriptionPlanId,
    startsOn: created < endsOn ? created : endsOn,
    endsOn,
    source: order ? 'card' : 'legacy',
    origin: user.lastServiceOrigin,
    orderId: order?.id ?? null,
    details: { adoptedFromCache: true },
  });
}

/**
 * Lays her queued grants again and writes the cache (users.subscription_end_date,
 * subscription_plan_id, last_service_origin) from her live grants, in the caller's transaction.
 * The row is written only when something changed (its trigger refreshes every viewer cache).
 */
export async function recomputeAccess(
  tx: Tx,
  userId: string,
  today = argentinaDate(),
): Promise<PlanAccess | null> {
  const user = await lockUser(tx, userId);
  if (!user) return null;
  let grants = await loadPlanGrants(tx, userId);
  const moves = layQueued(grants, today);
  for (const [id, dates] of moves) {
    await tx
      .update(entitlements)
      .set({ ...dates, updatedAt: sql`now()` })
      .where(eq(entitlements.id, id));
  }
  if (moves.size > 0) grants = grants.map((g) => ({ ...g, ...moves.get(g.id) }));
  const access = planAccessOf(grants, today);
  if (!access) return null;
  const cachedEnd = user.subscriptionEndDate?.slice(0, 10) ?? null;
  if (
    cachedEnd !== access.endDate ||
    user.subscriptionPlanId !== access.planId ||
    user.lastServiceOrigin !== access.origin
  ) {
    await tx
      .update(users)
      .set({
        subscriptionEndDate: access.endDate,
        subscriptionPlanId: access.planId,
        lastServiceOrigin: access.origin,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  }
  return access;
}
