import type { PromoCodeDetail } from '@alcancia/contract/admin';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentOrders, promoCodeRedemptions, users } from '../../../db/schema';
import { conceptOf } from '../../invoices/order-concept';
import { promoCodeRow, toAdminPromoCode } from './promo-code-views';

/** What an order took off with its coupon: the regular price it recorded minus what it charged. */
function discountOf(order: typeof paymentOrders.$inferSelect | null): number | null {
  if (!order) return null;
  const regular = order.details.regularPriceCentavos;
  return typeof regular === 'number' && regular > order.amountCentavos
    ? regular - order.amountCentavos
    : null;
}

/** GET /admin/promo-codes/{code}: its rules and who used it, with the discount each got. */
export async function getPromoCode(db: Database, code: string): Promise<PromoCodeDetail> {
  const row = await promoCodeRow(db, code);
  const used = await db
    .select({ redemption: promoCodeRedemptions, user: users, order: paymentOrders })
    .from(promoCodeRedemptions)
    .innerJoin(users, eq(users.id, promoCodeRedemptions.userId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, promoCodeRedemptions.orderId))
    .where(eq(promoCodeRedemptions.promoCodeId, row.id))
    .orderBy(desc(promoCodeRedemptions.createdAt))
    .limit(500);
  return {
    promoCode: toAdminPromoCode(row),
    redemptions: used.map(({ redemption, user, order }) => ({
      memberId: user.id,
      email: user.email,
      name: user.name,
      usedAt: redemption.createdAt.toISOString(),
      orderId: redemption.orderId,
      concept: order ? conceptOf(order) : null,
      discount: discountOf(order),
      grantedUntil: redemption.grantedUntil,
    })),
  };
}
