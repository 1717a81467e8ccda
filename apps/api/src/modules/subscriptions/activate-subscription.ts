import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entitlements, paymentOrders, payments } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { endGrantsOf } from '../entitlements/end-grants';
import { extendByRenewal } from '../entitlements/extend-by-renewal';
import { adoptLegacyGrant, grantPlan } from '../entitlements/grant';
import { queueRunningPeriods } from '../entitlements/queue-running-periods';
import { recomputeAccess } from '../entitlements/recompute-access';
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

/** The agreement's grant: from today to the provider's next charge date (decision 90). */
async function grantCardPeriod(tx: Tx, order: OrderRow, paymentId: number | null, endDate: string) {
  if (!order.userId) return;
  const today = argentinaDate();
  await grantPlan(tx, {
    userId: order.userId,
    planId: order.itemId,
    source: 'card',
    origin: 'CARD',
    period: { startsOn: today, endsOn: endDate < today ? today : endDate },
    orderId: order.id,
    paymentId,
    details: { frequency: order.frequency },
  });
}

/**
 * Grants what one approved charge (or a free trial) of a subscription order pays for, exactly once:
 * the payment's granted_at is claimed in the same transaction as the grant. The first grant makes
 * the order the user's active subscription (superseding any other), grants the plan up to the
 * provider's next charge date (an upgrade ends the replaced plan's grant) and mails her the
 * confirmation (decision 88); later ones (renewals) extend that grant, never back (decision 90).
 */
export async function grantSubscription(app: FastifyInstance, input: GrantInput): Promise<GrantResult> {
  const endDate = argentinaDate(input.paidUntil);
  const nothing: GrantResult = { granted: false, activated: false, endDate: null };
  const outcome = await app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, input.order.id))
      .for('no key update');
    if (!order?.userId) return { ...nothing, superseded: [] as OrderRow[], order };
    // A renewal the provider charged before it heard of her baja (the charge and the baja crossed):
    // she paid for that period, so it extends what her agreement still runs, like any renewal; the
    // agreement stays cancelled and charges nothing more (decision 0303).
    const chargedBeforeBaja =
      order.status === 'cancelled' &&
      input.payment !== null &&
      (
        await tx
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(and(eq(entitlements.orderId, order.id), eq(entitlements.state, 'active')))
      ).length > 0;
    const renewal = order.status === 'active' || chargedBeforeBaja;
    if (!renewal && !startable.includes(order.status)) return { ...nothing, superseded: [], order };
    if (renewal && !input.payment) return { ...nothing, superseded: [], order };
    if (input.payment) {
      const claimed = await tx
        .update(payments)
        .set({ grantedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(payments.id, input.payment.id), isNull(payments.grantedAt), isNull(payments.heldAt)))
        .returning({ id: payments.id });
      if (claimed.length === 0) return { ...nothing, superseded: [], order };
    }
    if (renewal && input.payment) {
      // Decision 90: a renewal extends its own agreement's grant; what is queued after it moves on.
      const renewed = await extendByRenewal(tx, {
        userId: order.userId,
        orderId: order.id,
        paymentId: input.payment.id,
        paidUntil: endDate,
      });
      if (!renewed.extended) await grantCardPeriod(tx, order, input.payment.id, endDate);
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
      .for('no key update');
    const why = { actor: input.actor, reason: `superseded by order ${order.id}` };
    for (const previous of superseded)
      await transitionOrder(tx, previous.id, [previous.status], 'replaced', why);
    await transitionOrder(tx, order.id, [order.status], 'active', {
      actor: input.actor,
      reason: input.payment ? 'first charge approved' : 'free trial started',
      details: { paidUntil: endDate },
    });
    // A guest membership or a free-period code running today waits after the card plan instead
    // of running under it (decisions 0275, 0300): its days from today on are laid after the
    // agreement's period.
    await queueRunningPeriods(tx, order.userId);
    const adopted =
      !order.replacesOrderId &&
      (await adoptLegacyGrant(tx, {
        userId: order.userId,
        planId: order.itemId,
        orderId: order.id,
        paymentId: input.payment?.id ?? null,
        endsOn: endDate,
      }));
    if (adopted) await recomputeAccess(tx, order.userId);
    else await grantCardPeriod(tx, order, input.payment?.id ?? null, endDate);
    // An upgrade ends the grant of the plan it replaces (its unused days are refunded), once the
    // new plan's period is laid: what waited after the old plan (a membership, a free period)
    // then waits after the new one instead of moving up to today beside it (decision 0300).
    if (order.replacesOrderId)
      await endGrantsOf(tx, order.userId, { orderId: order.replacesOrderId }, 'upgrade');
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
