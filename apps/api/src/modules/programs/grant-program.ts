import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments, userPurchases } from '../../db/schema';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import type { PaymentRow } from '../payments/record-payment';

/** Where a program order's product goes in user_purchases ('programs' or 'packs'). */
export const productTypeOfOrder = (order: OrderRow) =>
  order.details.productType === 'packs' ? 'packs' : 'programs';

/**
 * Grants what one approved payment of a program order paid for, exactly once: the payment's
 * granted_at is claimed, the product lands in the user's purchases and the order becomes paid, all
 * in one transaction. The checkout answer and every webhook replay may call it; one of them wins.
 * Returns whether this call granted.
 */
export async function grantProgram(
  app: FastifyInstance,
  order: OrderRow,
  payment: PaymentRow,
  actor: Actor,
): Promise<boolean> {
  const userId = order.userId;
  if (!userId) return false;
  return app.db.transaction(async (tx) => {
    const claimed = await tx
      .update(payments)
      .set({ grantedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), isNull(payments.grantedAt)))
      .returning({ id: payments.id });
    if (claimed.length === 0) return false;
    const added = await tx
      .insert(userPurchases)
      .values({
        userId,
        productType: productTypeOfOrder(order),
        productId: order.itemId,
        source: `order:${order.id}`,
      })
      .onConflictDoNothing()
      .returning({ id: userPurchases.id });
    if (added.length === 0) {
      // Bought twice (e.g. by card and by a free code at the same moment): an operator refunds.
      app.log.warn(
        { orderId: order.id, programId: order.itemId },
        'program paid by a user who already owns it',
      );
    }
    await transitionOrder(tx, order.id, ['created', 'pending', 'error', 'refused'], 'paid', {
      actor,
      reason: `payment ${payment.providerPaymentId} approved: program granted`,
      details: { programId: order.itemId },
    });
    return true;
  });
}
