import { and, eq, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { type EndReason, endedYesterday } from './end-grants';

/** user_purchases' product types that are grants of their own: a program or a pack. */
export type ProductType = 'programs' | 'packs';

const kindOf = (productType: ProductType) => (productType === 'packs' ? 'pack' : 'program');

/**
 * A program or pack given to her (decision 0095): its grant, from today with no end, written in
 * the same transaction as the user_purchases row, which stays the cache the learner's reads use.
 * What she can open is the union of her live program and pack grants.
 */
export async function grantProduct(
  tx: Tx,
  grant: {
    userId: string;
    productType: ProductType;
    productId: string;
    source: 'program_purchase' | 'promo_code' | 'operator';
    orderId?: string | null;
    paymentId?: number | null;
    operatorId?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(entitlements).values({
    userId: grant.userId,
    kind: kindOf(grant.productType),
    productId: grant.productId,
    startsOn: argentinaDate(),
    endsOn: null,
    source: grant.source,
    orderId: grant.orderId ?? null,
    paymentId: grant.paymentId ?? null,
    operatorId: grant.operatorId ?? null,
    details: grant.details ?? {},
  });
}

/**
 * Ends her live program or pack grants that one order gave, or (an operator taking a product
 * away) every live grant of that product: their last day becomes yesterday, with the reason.
 */
export async function endProductGrants(
  tx: Tx,
  userId: string,
  of: { orderId: string } | { productId: string },
  reason: EndReason,
): Promise<number> {
  const ended = await tx
    .update(entitlements)
    .set(endedYesterday(reason))
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.state, 'active'),
        sql`${entitlements.kind} in ('program', 'pack')`,
        'orderId' in of ? eq(entitlements.orderId, of.orderId) : eq(entitlements.productId, of.productId),
      ),
    )
    .returning({ id: entitlements.id });
  return ended.length;
}
