import type { AdminPlan } from '@alcancia/contract/admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { providerPlans, subscriptionPlans } from '../../../db/schema';

type Db = Pick<Database, 'select' | 'execute'>;

/**
 * The plans (all, or the one of `planId`) with their prices per frequency, their active
 * subscribers and the price changes scheduled for them (GET /admin/plans; also what a change answers).
 */
export async function loadPlans(db: Db, planId?: string): Promise<AdminPlan[]> {
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(planId ? eq(subscriptionPlans.id, planId) : undefined)
    .orderBy(asc(subscriptionPlans.weight));
  const prices = await db
    .select()
    .from(providerPlans)
    .where(planId ? eq(providerPlans.planId, planId) : undefined)
    .orderBy(asc(providerPlans.id));
  const { rows: counts } = await db.execute(sql`
    select o.item_id as plan_id, count(*)::int as subscribers
      from payment_orders o
     where o.kind = 'subscription' and o.status = 'active'
     group by 1`);
  const { rows: scheduled } = await db.execute(sql`
    select plan_id, frequency, count(*)::int as n, to_char(min(effective_on), 'YYYY-MM-DD') as next_on
      from subscription_price_changes where status = 'scheduled' group by 1, 2`);
  const subscribersOf = new Map(counts.map((r) => [String(r.plan_id), Number(r.subscribers)]));
  const scheduledOf = new Map(
    scheduled.map((r) => [`${r.plan_id}:${r.frequency}`, { n: Number(r.n), next: String(r.next_on) }]),
  );
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    active: plan.active,
    activeSubscribers: subscribersOf.get(plan.id) ?? 0,
    prices: prices
      .filter((p) => p.planId === plan.id)
      .map((p) => {
        const change = scheduledOf.get(`${plan.id}:${p.frequency}`);
        return {
          frequency: p.frequency,
          frequencyType: p.frequencyType,
          regularPrice: p.regularPriceCentavos,
          discountPrice: p.discountPriceCentavos,
          freeTrial: p.freeTrial ?? null,
          active: p.active,
          scheduledChanges: change?.n ?? 0,
          nextChangeOn: change?.next ?? null,
        };
      }),
  }));
}
