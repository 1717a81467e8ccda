import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { payments, subscriptionPriceChanges } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { pesos } from '../../lib/spanish-format';
import { addHistory, type OrderRow } from './orders-repository';
import type { PaymentRow } from './record-payment';

/**
 * The amounts a payment of `order` may be for: the order's own, and for a card agreement the amounts
 * of its price changes (the provider may charge the new price a moment before the order says so).
 */
async function expectedAmounts(tx: Tx, order: OrderRow): Promise<number[]> {
  if (order.kind !== 'subscription') return [order.amountCentavos];
  const changes = await tx
    .select({ from: subscriptionPriceChanges.fromCentavos, to: subscriptionPriceChanges.toCentavos })
    .from(subscriptionPriceChanges)
    .where(
      and(
        eq(subscriptionPriceChanges.orderId, order.id),
        inArray(subscriptionPriceChanges.status, ['scheduled', 'applied']),
      ),
    );
  return [order.amountCentavos, ...changes.flatMap((c) => [c.from, c.to])];
}

/**
 * Decision 0278: an approved payment whose amount or currency differs from its order's is held for
 * an operator — `held_at` set, a line in the order's history, listed in the back office's attention
 * list (`GET /api/admin/payments/attention`, `heldPayments`) — and never granted: every grant claims
 * only a payment that is not held. Checked when the payment is recorded (recordProviderPayment), in
 * its transaction, once: a payment already granted or held is left as it is. Returns the row as it
 * now is.
 */
export async function holdIfAmountDiffers(tx: Tx, order: OrderRow, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'approved' || payment.heldAt || payment.grantedAt) return payment;
  const expected = await expectedAmounts(tx, order);
  if (expected.includes(payment.amountCentavos) && payment.currency === order.currency) return payment;
  const reason =
    payment.currency === order.currency
      ? `amount ${payment.amountCentavos} differs from the order's ${order.amountCentavos}`
      : `currency ${payment.currency} differs from the order's ${order.currency}`;
  const [held] = await tx
    .update(payments)
    .set({ heldAt: sql`now()`, heldReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), isNull(payments.heldAt), isNull(payments.grantedAt)))
    .returning();
  if (!held) return payment;
  await addHistory(tx, {
    orderId: order.id,
    paymentId: payment.id,
    fromStatus: payment.status,
    toStatus: payment.status,
    actor: 'system',
    reason: `payment ${payment.providerPaymentId} held for an operator: paid ${pesos(payment.amountCentavos)} ${payment.currency}, the order is for ${pesos(order.amountCentavos)} ${order.currency}`,
    details: {
      held: true,
      amountCentavos: payment.amountCentavos,
      orderAmountCentavos: order.amountCentavos,
    },
  });
  return held;
}
