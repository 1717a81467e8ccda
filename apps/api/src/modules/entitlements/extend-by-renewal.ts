import { and, eq, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { recomputeAccess } from './recompute-access';

/**
 * A renewal charge of a card agreement: the agreement's own grant now runs to the provider's next
 * charge date (never back); grants queued after it move on, so no month is paid twice (decision
 * 90). Returns false when the agreement has no live grant (nothing to extend).
 */
export async function extendByRenewal(
  tx: Tx,
  input: { userId: string; orderId: string; paymentId: number; paidUntil: string },
): Promise<{ extended: boolean; endDate: string | null }> {
  const extended = await tx
    .update(entitlements)
    .set({
      endsOn: sql`greatest(${entitlements.endsOn}, ${input.paidUntil}::date)`,
      details: sql`${entitlements.details} || jsonb_build_object('lastPaymentId', ${input.paymentId}::bigint)`,
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
