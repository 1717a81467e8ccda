import { eq, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { countPayment } from '../../lib/process-metrics';
import type { GatewayPayment } from '../../providers/payments/payment-gateway';
import { enqueueInvoice } from '../invoices/enqueue';
import { holdIfAmountDiffers } from './amount-hold';
import { type Actor, addHistory, type OrderRow } from './orders-repository';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * How far along its life a provider status is. A payment only ever moves forward: a late or
 * replayed "pending" never overwrites "approved", and "approved" never becomes "rejected".
 */
const statusRank: Record<string, number> = {
  pending: 1,
  in_process: 1,
  authorized: 1,
  in_mediation: 1,
  approved: 2,
  rejected: 2,
  cancelled: 2,
  refunded: 3,
  charged_back: 3,
};
const rankOf = (status: string) => statusRank[status] ?? 0;

/**
 * Stores what the provider says about a payment of `order` (fetched from the provider, never taken
 * from a notification body). Inserts it once (unique provider id), then applies only forward
 * moves. Returns the stored row and whether anything changed. Runs inside the caller's transaction.
 */
export async function recordProviderPayment(
  tx: Tx,
  order: OrderRow,
  seen: GatewayPayment,
  actor: Actor,
): Promise<{ payment: PaymentRow; changed: boolean }> {
  const [inserted] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: order.provider,
      providerPaymentId: seen.id,
      status: seen.status,
      statusDetail: seen.statusDetail,
      amountCentavos: seen.amountCentavos,
      refundedCentavos: seen.refundedCentavos,
      currency: seen.currency,
      operationType: seen.operationType,
      approvedAt: seen.approvedAt,
      paymentMethod: seen.paymentMethod ?? null,
      installments: seen.installments ?? 1,
      totalPaidCentavos: seen.totalPaidCentavos ?? null,
      installmentCentavos: seen.installmentCentavos ?? null,
      cardLastFour: seen.cardLastFour ?? null,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning();
  if (inserted) {
    await addHistory(tx, {
      orderId: order.id,
      paymentId: inserted.id,
      fromStatus: null,
      toStatus: seen.status,
      actor,
      reason: `provider payment ${seen.id}: ${seen.statusDetail ?? seen.status}`,
      details: { amountCentavos: seen.amountCentavos, operationType: seen.operationType },
    });
    countPayment(order.provider, seen.status);
    await enqueueInvoice(tx, inserted, order);
    // decision 0278: an amount that differs from the order's is held for an operator, not granted
    return { payment: await holdIfAmountDiffers(tx, order, inserted), changed: true };
  }

  const [stored] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, seen.id))
    .for('no key update');
  if (!stored) throw new Error(`payment ${seen.id} vanished`);
  const moves = rankOf(seen.status) > rankOf(stored.status);
  const refunded = Math.max(stored.refundedCentavos, seen.refundedCentavos);
  // Rows stored before the payment method was recorded learn it on their next sync.
  const learnsMethod = !stored.paymentMethod && Boolean(seen.paymentMethod);
  // …and what she paid in all with its installments (issue 27).
  const learnsFinancing = stored.totalPaidCentavos === null && Boolean(seen.totalPaidCentavos);
  if (!moves && refunded === stored.refundedCentavos && !learnsMethod && !learnsFinancing)
    return { payment: stored, changed: false };
  const [updated] = await tx
    .update(payments)
    .set({
      ...(moves ? { status: seen.status, statusDetail: seen.statusDetail } : {}),
      refundedCentavos: refunded,
      approvedAt: stored.approvedAt ?? seen.approvedAt,
      ...(learnsMethod
        ? {
            paymentMethod: seen.paymentMethod ?? null,
            installments: seen.installments ?? stored.installments,
            cardLastFour: seen.cardLastFour ?? null,
          }
        : {}),
      ...(learnsFinancing
        ? {
            totalPaidCentavos: seen.totalPaidCentavos ?? null,
            installmentCentavos: seen.installmentCentavos ?? null,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, stored.id))
    .returning();
  if (!updated) throw new Error(`payment ${seen.id} not updated`);
  if (moves) {
    await addHistory(tx, {
      orderId: stored.orderId,
      paymentId: stored.id,
      fromStatus: stored.status,
      toStatus: seen.status,
      actor,
      reason: `provider payment ${seen.id}: ${seen.statusDetail ?? seen.status}`,
    });
    countPayment(stored.provider, seen.status);
  }
  await enqueueInvoice(tx, updated, order);
  return { payment: await holdIfAmountDiffers(tx, order, updated), changed: true };
}
