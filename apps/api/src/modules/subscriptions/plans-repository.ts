import type { SubscriptionPlan } from '@alcancia/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { providerPlans, subscriptionPlans } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { contentCache } from '../academy/content-cache';
import type { Coupon } from '../promo-codes/coupon';
import { readSubscriptionCheckoutProvider } from '../service-control/subscription-checkout-provider';
import { checkoutProviderOf, type ProviderPlanRow, providerPlanView } from './plan-pricing';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

export interface PlanWithPrices {
  plan: PlanRow;
  providerPlans: ProviderPlanRow[];
}

/**
 * Active plans with their active provider plans, in displayMetadata.order; each provider plan's
 * checkoutProvider is the one its checkout uses (the SUBSCRIPTION_CHECKOUT_PROVIDER control, or the
 * plan's own: checkoutProviderOf), so the plan list and the checkout's refusal agree.
 */
export async function loadPlans(db: Db, where?: { nameOrId: string }): Promise<PlanWithPrices[]> {
  const filters = [eq(subscriptionPlans.active, true)];
  if (where) {
    filters.push(
      sql`(lower(${subscriptionPlans.name}) = lower(${where.nameOrId}) or ${subscriptionPlans.id} = ${where.nameOrId})`,
    );
  }
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(and(...filters))
    .orderBy(
      sql`(${subscriptionPlans.displayMetadata}->>'order')::numeric nulls last`,
      asc(subscriptionPlans.weight),
    );
  if (plans.length === 0) return [];
  const prices = await db
    .select()
    .from(providerPlans)
    .where(
      and(
        eq(providerPlans.active, true),
        inArray(
          providerPlans.planId,
          plans.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(providerPlans.id));
  const control = await readSubscriptionCheckoutProvider(db);
  const chosen = prices.map((p) => ({ ...p, checkoutProvider: checkoutProviderOf(p, control) }));
  return plans.map((plan) => ({ plan, providerPlans: chosen.filter((p) => p.planId === plan.id) }));
}

const activePlans = contentCache<PlanWithPrices[]>('plans', 1);

/**
 * The active plans for the plan list, cached in process: plans and prices change through the
 * content import or SQL, and both notify the content channel (announceContentChange, and the
 * triggers of migration 0011), which empties this cache; so does a change of the
 * SUBSCRIPTION_CHECKOUT_PROVIDER control (admin/switches). Checkouts read the plans fresh (findPlan).
 */
export function loadActivePlansCached(db: Database): Promise<PlanWithPrices[]> {
  return activePlans.get(db, 'active', () => loadPlans(db));
}

export async function findPlan(db: Db, nameOrId: string): Promise<PlanWithPrices | undefined> {
  return (await loadPlans(db, { nameOrId }))[0];
}

export function planView(
  { plan, providerPlans: prices }: PlanWithPrices,
  coupon: Coupon | null,
  viewer: { trialUsed?: boolean } = {},
): SubscriptionPlan {
  return {
    id: plan.id,
    name: plan.name,
    weight: plan.weight,
    displayMetadata: plan.displayMetadata,
    privateServices: plan.privateServices,
    providerPlans: Object.fromEntries(
      prices.map((p) => {
        const view = providerPlanView(p, coupon);
        // Who already had her free trial is shown the plan as she will be charged.
        return [p.frequency, viewer.trialUsed ? { ...view, freeTrial: null } : view];
      }),
    ),
  };
}
