import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments, userPurchases } from '../../db/schema';
import { grantProduct } from '../entitlements/product-grants';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import { enqueuePurchaseConfirmation } from '../payments/purchase-mails';
import type { PaymentRow } from '../payments/record-payment';

/** Where a program order's product goes in user_purchases ('programs' or 'packs'). */
export const productTypeOfOrder = (order: OrderRow) =>
  order.details.productType === 'packs' ? 'packs' : 'programs';

/**
 * Grants what one approved payment of a program order paid for, exactly once: the payment's
 * granted_at is claimed, the product lands in the user's purchases and the order becomes paid, all
 * in one transaction with the buyer's confirmation mail (decision 88). The checkout answer and
 * every webhook replay may call it; one of them wins.
 * Returns whether this call granted, or 'duplicate' when the order was already paid or the buyer
 * already owns the product another way (then nothing is granted and the caller refunds).
 */
export async function grantProgram(
  app: FastifyInstance,
  order: OrderRow,
  payment: PaymentRow,
  actor: Actor,
): Promise<boolean | 'duplicate'> {
  const userId = order.userId;
  if (!userId) return false;
  return app.db.transaction(async (tx) => {
    const claimed = await tx
      .update(payments)
      .set({ grantedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), isNull(payments.grantedAt), isNull(payments.heldAt)))
      .returning({ id: payments.id });
    if (claimed.length === 0) return false;
    const [current] = await tx
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.id))
      .for('no key update');
    const [owned] = await tx
      .select({ source: userPurchases.source })
      .from(userPurchases)
      .where(
        and(
          eq(userPurchases.userId, userId),
          eq(userPurchases.productType, productTypeOfOrder(order)),
          eq(userPurchases.productId, order.itemId),
        ),
      );
    if (current?.status === 'paid' || (owned && owned.source !== `order:${order.id}`)) {
      await tx.update(payments).set({ grantedAt: null }).where(eq(payments.id, payment.id));
      return 'duplicate';
    }
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
    if (added.length === 0) throw new Error(`order ${order.id}: purchase neither added nor owned`);
    await grantProduct(tx, {
      userId,
      productType: productTypeOfOrder(order),
      productId: order.itemId,
      source: 'program_purchase',
      orderId: order.id,
      paymentId: payment.id,
    });
    await transitionOrder(tx, order.id, ['created', 'pending', 'error', 'refused'], 'paid', {
      actor,
      reason: `payment ${payment.providerPaymentId} approved: program granted`,
      details: { programId: order.itemId },
    });
    await enqueuePurchaseConfirmation(tx, userId, {
      publicUrl: app.config.publicUrl,
      kind: 'program',
      product: String(order.details.programName ?? order.itemId),
      payment,
    });
    return true;
  });
}
