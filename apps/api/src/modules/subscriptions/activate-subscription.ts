import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import { enqueuePurchaseConfirmation } from '../payments/purchase-mails';
import type { PaymentRow } from '../payments/record-payment';
import { settleSuperseded } from './upgrade-subscription';

export interface GrantInput {
  order: OrderRow;
  /** the approved charge that pays for the access; null for a free trial */
  payment: PaymentRow | null;
  /** the provider's next charge date: where the paid (or trial) period ends */
  paidUntil: Date;
  actor: Actor;
}

export interface GrantResult {
  /** this call granted access (false: already granted, or the order no longer grants) */
  granted: boolean;
  /** this call made the order the user's subscription (its first grant) */
  activated: boolean;
  endDate: string | null;
}

const startable: OrderRow['status'][] = ['created', 'pending', 'error'];

/**
 * Grants what one approved charge (or a free trial) of a subscription order pays for, exactly once:
 * the payment's granted_at is claimed in the same transaction as the grant. The first grant makes
 * the order the user's active subscription (superseding any other), sets plan, origin and end
 * date and mails her the confirmation (decision 88); later ones (renewals) move the end date to
 * the provider's next charge date, never back.
 */
export async function grantSubscription(app: FastifyInstance, input: GrantInput): Promise<GrantResult> {
  const endDate = argentinaDate(input.paidUntil);
  const nothing: GrantResult = { granted: false, activated: false, endDate: null };
  const outcome = await app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, input.order.id))
      .for('update');
    if (!order?.userId) return { ...nothing, superseded: [] as OrderRow[], order };
    const renewal = order.status === 'active';
    if (!renewal && !startable.includes(order.status)) return { ...nothing, superseded: [], order };
    if (renewal && !input.payment) return { ...nothing, superseded: [], order };
    if (input.payment) {
      const claimed = await tx
        .update(payments)
        .set({ grantedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(payments.id, input.payment.id), isNull(payments.grantedAt)))
        .returning({ id: payments.id });
      if (claimed.length === 0) return { ...nothing, superseded: [], order };
    }
    const newEnd = sql`${endDate}::date`;
    if (renewal) {
      await tx
        .update(users)
        .set({
          subscriptionEndDate: sql`greatest(coalesce(${users.subscriptionEndDate}, ${newEnd}), ${newEnd})`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, order.userId));
      return { granted: true, activated: false, endDate, superseded: [], order };
    }

    const superseded = await tx
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, order.userId),
          eq(paymentOrders.kind, 'subscription'),
          ne(paymentOrders.id, order.id),
          or(
            eq(paymentOrders.status, 'active'),
            order.replacesOrderId
              ? and(eq(paymentOrders.id, order.replacesOrderId), eq(paymentOrders.status, 'cancelled'))
              : sql`false`,
          ),
        ),
      )
      .for('update');
    const why = { actor: input.actor, reason: `superseded by order ${order.id}` };
    for (const previous of superseded)
      await transitionOrder(tx, previous.id, [previous.status], 'replaced', why);
    await transitionOrder(tx, order.id, [order.status], 'active', {
      actor: input.actor,
      reason: input.payment ? 'first charge approved' : 'free trial started',
      details: { paidUntil: endDate },
    });
    await tx
      .update(users)
      .set({
        subscriptionPlanId: order.itemId,
        lastServiceOrigin: 'CARD',
        // An upgrade replaces the refunded plan's dates; anything else never shortens access.
        subscriptionEndDate: order.replacesOrderId
          ? newEnd
          : sql`greatest(coalesce(${users.subscriptionEndDate}, ${newEnd}), ${newEnd})`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, order.userId));
    await enqueuePurchaseConfirmation(tx, order.userId, {
      publicUrl: app.config.publicUrl,
      kind: 'subscription',
      product: String(order.details.planName ?? order.itemId),
      payment: input.payment,
      nextChargeDate: endDate,
    });
    return { granted: true, activated: true, endDate, superseded, order };
  });
  if (outcome.activated && outcome.order) await settleSuperseded(app, outcome.order, outcome.superseded);
  return { granted: outcome.granted, activated: outcome.activated, endDate: outcome.endDate };
}
