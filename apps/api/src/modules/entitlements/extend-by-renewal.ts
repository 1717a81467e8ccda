import { and, eq, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { grantPlan } from './grant';
import { adoptCachedAccess, recomputeAccess } from './recompute-access';

/**
 * A renewal charge of a card agreement: the agreement's own grant now runs to the provider's next
 * charge date (never back); grants queued after it move on, so no month is paid twice (decision
 * 90). A grace period's note (extendForGrace) goes: the renewal is paid. Returns false when the
 * agreement has no live grant (nothing to extend).
 */
export async function extendByRenewal(
  tx: Tx,
  input: { userId: string; orderId: string; paymentId: number; paidUntil: string },
): Promise<{ extended: boolean; endDate: string | null }> {
  const extended = await tx
    .update(entitlements)
    .set({
      endsOn: sql`greatest(${entitlements.endsOn}, ${input.paidUntil}::date)`,
      details: sql`(${entitlements.details} - 'paidUntil' - 'graceUntil') || jsonb_build_object('lastPaymentId', ${input.paymentId}::bigint)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(entitlements.userId, input.userId),
        eq(entitlements.orderId, input.orderId),
        eq(entitlements.state, 'active'),
      ),
    )
    .returning({ id: entitlements.id });
  const access = await recomputeAccess(tx, input.userId);
  return { extended: extended.length > 0, endDate: access?.endDate ?? null };
}

/**
 * A renewal was refused ("pago pendiente"): her agreement's grant runs on to the grace period's
 * last day (never back), so her access lasts while the provider retries and she can change her
 * card; `details.paidUntil` keeps the day the payments reached (what Mi cuenta shows as paid). If
 * the grace ends unpaid the agreement expires and its grant ends (subscription-watcher.ts); a paid
 * retry extends it as any renewal. An agreement with no grant of its own (from before the grants)
 * gets one for the grace. In the caller's transaction; recomputes her access.
 */
export async function extendForGrace(
  tx: Tx,
  input: { userId: string; orderId: string; planId: string; graceUntil: string },
): Promise<void> {
  await adoptCachedAccess(tx, input.userId);
  const extended = await tx
    .update(entitlements)
    .set({
      endsOn: sql`greatest(${entitlements.endsOn}, ${input.graceUntil}::date)`,
      details: sql`${entitlements.details} || jsonb_build_object('paidUntil', coalesce(${entitlements.details} ->> 'paidUntil', ${entitlements.endsOn}::text), 'graceUntil', ${input.graceUntil}::text)`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(entitlements.userId, input.userId),
        eq(entitlements.orderId, input.orderId),
        eq(entitlements.state, 'active'),
      ),
    )
    .returning({ id: entitlements.id });
  if (extended.length > 0) {
    await recomputeAccess(tx, input.userId);
    return;
  }
  await grantPlan(tx, {
    userId: input.userId,
    planId: input.planId,
    source: 'card',
    origin: 'CARD',
    period: { startsOn: argentinaDate(), endsOn: input.graceUntil },
    orderId: input.orderId,
    details: { graceUntil: input.graceUntil },
  });
}
