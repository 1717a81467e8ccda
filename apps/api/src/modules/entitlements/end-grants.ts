import { and, eq, or, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { adoptCachedAccess, recomputeAccess } from './recompute-access';

export type EndReason = 'withdrawal' | 'refund' | 'upgrade' | 'expired' | 'operator';

/** The columns of a grant that ends now: its last day becomes yesterday (if later), with why. */
export function endedYesterday(reason: EndReason) {
  const yesterday = addToDate(argentinaDate(), { days: -1 });
  return {
    state: 'ended' as const,
    endedReason: reason,
    endedAt: sql`now()`,
    endsOn: sql`least(coalesce(${entitlements.endsOn}, ${yesterday}::date), ${yesterday}::date)`,
    updatedAt: sql`now()`,
  };
}

/**
 * Ends the grants one order (or one payment of it) gave, and nothing else (decision 90): their last
 * day becomes yesterday, so nothing of them is open today; the state says why and when. Grants
 * queued after them move up (recomputeAccess). Returns how many ended.
 */
export async function endGrantsOf(
  tx: Tx,
  userId: string,
  of: { orderId: string; paymentId?: number | null },
  reason: EndReason,
): Promise<number> {
  await adoptCachedAccess(tx, userId);
  const ended = await tx
    .update(entitlements)
    .set(endedYesterday(reason))
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.state, 'active'),
        or(
          eq(entitlements.orderId, of.orderId),
          of.paymentId ? eq(entitlements.paymentId, of.paymentId) : sql`false`,
        ),
      ),
    )
    .returning({ id: entitlements.id });
  await recomputeAccess(tx, userId);
  return ended.length;
}

/**
 * Her account is deleted: every grant she still has ends (reason `account_deleted`), as of
 * yesterday like any other ending, so nothing of hers is open today. The caller clears the cache.
 */
export async function endAllGrantsOf(tx: Tx, userId: string): Promise<number> {
  const yesterday = addToDate(argentinaDate(), { days: -1 });
  const ended = await tx
    .update(entitlements)
    .set({
      state: 'ended',
      endedReason: 'account_deleted',
      endedAt: sql`now()`,
      endsOn: sql`least(coalesce(${entitlements.endsOn}, ${yesterday}::date), ${yesterday}::date)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(entitlements.userId, userId), eq(entitlements.state, 'active')))
    .returning({ id: entitlements.id });
  return ended.length;
}
