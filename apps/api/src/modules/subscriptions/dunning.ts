import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { enqueueMail } from '../../providers/mail/outbox';
import { extendForGrace } from '../entitlements/extend-by-renewal';
import { addHistory, type OrderRow } from '../payments/orders-repository';
import type { PaymentRow } from '../payments/record-payment';
import { pastDueMail } from './subscription-mails';

/** Days of access after a refused renewal while the provider retries and she can change her card. */
export const GRACE_DAYS = 7;

/**
 * A renewal of her active subscription was refused: "pago pendiente". Once per refused period
 * (past_due_since is set only when empty): grace until the refusal's day + 7, her access extended
 * to it, and a mail asking her to change her card. Later refusals of the provider's retries change
 * nothing; a refusal older than an approved charge of the order (a late replay) is ignored.
 */
export async function markPastDue(app: FastifyInstance, order: OrderRow, payment: PaymentRow): Promise<void> {
  const refusedOn = argentinaDate(payment.createdAt);
  const graceUntil = addToDate(refusedOn, { days: GRACE_DAYS });
  const mailed = await app.db.transaction(async (tx) => {
    const newer = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.orderId, order.id), eq(payments.status, 'approved'), gt(payments.id, payment.id)),
      )
      .limit(1);
    if (newer.length > 0) return false;
    const [marked] = await tx
      .update(paymentOrders)
      .set({ pastDueSince: payment.createdAt, graceUntil, updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentOrders.id, order.id),
          eq(paymentOrders.status, 'active'),
          isNull(paymentOrders.pastDueSince),
        ),
      )
      .returning();
    if (!marked?.userId) return false;
    await addHistory(tx, {
      orderId: order.id,
      paymentId: payment.id,
      fromStatus: 'active',
      toStatus: 'active',
      actor: 'webhook',
      reason: 'renewal refused: past due, grace period',
      details: { graceUntil, statusDetail: payment.statusDetail },
    });
    // Her access runs to the grace's last day: her agreement's grant does (decision 90), and her
    // account's columns follow as its cache.
    await extendForGrace(tx, { userId: marked.userId, orderId: order.id, planId: marked.itemId, graceUntil });
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, marked.userId));
    if (!user) return false;
    await enqueueMail(
      tx,
      pastDueMail({
        to: user.email,
        name: user.name,
        planName: String(marked.details.planName ?? 'plan'),
        amountCentavos: marked.amountCentavos,
        graceUntil,
        publicUrl: app.config.publicUrl,
      }),
    );
    return true;
  });
  if (mailed) app.mail.kick();
}

/** A renewal was paid (a retry, or the new card): back to active, the end date already moved by the grant. */
export async function clearPastDue(
  app: FastifyInstance,
  orderId: string,
  paymentId: number | null,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(paymentOrders)
      .set({ pastDueSince: null, graceUntil: null, updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, orderId), isNotNull(paymentOrders.pastDueSince)))
      .returning({ id: paymentOrders.id, status: paymentOrders.status });
    if (!cleared) return;
    await addHistory(tx, {
      orderId,
      paymentId,
      fromStatus: cleared.status,
      toStatus: cleared.status,
      actor: 'webhook',
      reason: 'renewal paid: no longer past due',
    });
  });
}
