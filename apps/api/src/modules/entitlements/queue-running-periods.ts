import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate, daysBetween } from '../../lib/subscription-dates';
import { notLaidYet } from './grant';

/**
 * Decisions 0275 and 0300: a card plan that starts while a guest membership or a free-period code
 * (BIENVENIDA30) runs does not run over it. Its time from today on is queued again after what she
 * has: the grant goes back to a bought length that recomputeAccess lays after the card plan's
 * period, renewals included, as when it is bought second (decision 90). A membership keeps its
 * months, less the days already used; a free period (a fixed stretch from the day the code was
 * used) keeps the days it had left. Days before today stay used; today is the card plan's. In the
 * caller's transaction, with her users row locked (grantPlan, recomputeAccess); the caller
 * recomputes her access. Returns how many moved.
 */
export async function queueRunningPeriods(tx: Tx, userId: string, today = argentinaDate()): Promise<number> {
  const running = await tx
    .select({
      id: entitlements.id,
      source: entitlements.source,
      startsOn: entitlements.startsOn,
      endsOn: entitlements.endsOn,
      lengthMonths: entitlements.lengthMonths,
      lengthDays: entitlements.lengthDays,
    })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.kind, 'plan'),
        eq(entitlements.state, 'active'),
        inArray(entitlements.source, ['guest_purchase', 'promo_code']),
        lte(entitlements.startsOn, today),
        gte(entitlements.endsOn, today),
      ),
    )
    .for('update');
  for (const grant of running) {
    const usedDays = Math.max(daysBetween(grant.startsOn, today), 0);
    const bought = grant.lengthMonths !== 0 || grant.lengthDays !== 0;
    // a bought length less what she used; a fixed stretch: the days it had left after today
    const length = bought
      ? { months: grant.lengthMonths, days: grant.lengthDays - usedDays }
      : { months: 0, days: Math.max(daysBetween(today, grant.endsOn ?? today), 0) };
    await tx
      .update(entitlements)
      .set({
        queued: true,
        startsOn: notLaidYet,
        endsOn: notLaidYet,
        lengthMonths: length.months,
        lengthDays: length.days,
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
