import { and, eq, isNull, sql } from 'drizzle-orm';
import { entitlements, subscriptionPlans } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { adoptCachedAccess, recomputeAccess } from './recompute-access';

/** The dates of a queued grant before recomputeAccess lays it (later than any real day). */
export const notLaidYet = '9999-12-31';

export interface PlanGrantInput {
  userId: string;
  /** null only when no plan exists at all (a promo code's free period then opens the end date alone) */
  planId: string | null;
  /** card (an agreement's paid period), guest_purchase, promo_code, operator */
  source: 'card' | 'guest_purchase' | 'promo_code' | 'operator';
  /** what last_service_origin says while it is the grant shown: CARD, GUEST_PURCHASE, PROMO_CODE, MANUAL */
  origin: string;
  /** a fixed period (a card agreement's paid period, an operator's dates) … */
  period?: { startsOn: string; endsOn: string };
  /** … or a bought length, queued after what she has (decision 90) */
  length?: { months?: number; days?: number };
  orderId?: string | null;
  paymentId?: number | null;
  promoCodeRedemptionId?: number | null;
  operatorId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Grants a plan, in the caller's transaction, and recomputes her access. One grant per order: a
 * replay finds the order's grant and changes nothing (returns false). A queued length is laid after
 * what she has by recomputeAccess.
 */
export async function grantPlan(
  tx: Tx,
  input: PlanGrantInput,
): Promise<{ granted: boolean; endDate: string | null }> {
  await adoptCachedAccess(tx, input.userId);
  const _today = argentinaDate();
  const [plan] = input.planId
    ? await tx
        .select({ weight: subscriptionPlans.weight })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.id, input.planId))
    : [];
  const queued = !input.period;
  const inserted = await tx
    .insert(entitlements)
    .values({
      userId: input.userId,
      kind: 'plan',
      planId: input.planId,
      weight: plan?.weight ?? 0,
      // a queued grant is not laid yet: recomputeAccess lays it, in this transaction
      startsOn: input.period?.startsOn ?? notLaidYet,
      endsOn: input.period?.endsOn ?? notLaidYet,
      queued,
      lengthMonths: input.length?.months ?? 0,
      lengthDays: input.length?.days ?? 0,
      source: input.source,
      origin: input.origin,
      orderId: input.orderId ?? null,
      paymentId: input.paymentId ?? null,
      promoCodeRedemptionId: input.promoCodeRedemptionId ?? null,
      operatorId: input.operatorId ?? null,
      details: input.details ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: entitlements.id });
  const access = await recomputeAccess(tx, input.userId);
  return { granted: inserted.length > 0, endDate: access?.endDate ?? null };
}

/**
 * A card agreement's first charge (or free trial) when her access came from before the grants
 * with the same plan and no order: that grant becomes the agreement's (the demo subscriber), its
 * end never earlier than before. Returns false when there was none to adopt.
 */
export async function adoptLegacyGrant(
  tx: Tx,
  input: { userId: string; planId: string; orderId: string; paymentId: number | null; endsOn: string },
): Promise<boolean> {
  await adoptCachedAccess(tx, input.userId);
  const adopted = await tx
    .update(entitlements)
    .set({
      source: 'card',
      origin: 'CARD',
      orderId: input.orderId,
      paymentId: input.paymentId,
      endsOn: sql`greatest(${entitlements.endsOn}, ${input.endsOn}::date)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(entitlements.userId, input.userId),
        eq(entitlements.kind, 'plan'),
        eq(entitlements.planId, input.planId),
        eq(entitlements.state, 'active'),
        isNull(entitlements.orderId),
        eq(entitlements.source, 'legacy'),
        sql`${entitlements.endsOn} >= ${argentinaDate()}::date`,
      ),
    )
    .returning({ id: entitlements.id });
  return adopted.length > 0;
}
