import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate, daysBetween } from '../../lib/subscription-dates';
import { notLaidYet } from './grant';

/**
 * Decision 0275: a card plan that starts while a guest membership runs does not run over it. The
 * membership's time from today on is queued again after what she has: its grant goes back to a
 * bought length (its months, less the days already used) that recomputeAccess lays after the card
 * plan's period, renewals included, as when the membership is bought second (decision 90). Days
 * before today stay used; today is the card plan's. In the caller's transaction, with her users row
 * locked (grantPlan, recomputeAccess); the caller recomputes her access. Returns how many moved.
 */
export async function queueRunningMemberships(
  tx: Tx,
  userId: string,
  today = argentinaDate(),
): Promise<number> {
  const running = await tx
    .select({
      id: entitlements.id,
      startsOn: entitlements.startsOn,
      lengthDays: entitlements.lengthDays,
    })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.kind, 'plan'),
        eq(entitlements.state, 'active'),
        eq(entitlements.source, 'guest_purchase'),
        lte(entitlements.startsOn, today),
        gte(entitlements.endsOn, today),
      ),
    )
    .for('update');
  for (const grant of running) {
    const usedDays = Math.max(daysBetween(grant.startsOn, today), 0);
    await tx
      .update(entitlements)
      .set({
        queued: true,
        startsOn: notLaidYet,
        endsOn: notLaidYet,
        lengthDays: grant.lengthDays - usedDays,
        details: sql`${entitlements.details} || jsonb_build_object(
          'queuedAgainOn', ${today}::text,
          'usedDays', coalesce((${entitlements.details} ->> 'usedDays')::int, 0) + ${usedDays}::int,
          'usedUntil', ${addToDate(today, { days: -1 })}::text)`,
        updatedAt: sql`now()`,
      })
      .where(eq(entitlements.id, grant.id));
  }
  return running.length;
}
