import { and, desc, eq, sql } from 'drizzle-orm';
import { entitlements, payments, userPurchases } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate, daysBetween } from '../../lib/subscription-dates';
import { type EndReason, endGrantsOf } from '../entitlements/end-grants';
import { endProductGrants } from '../entitlements/product-grants';
import { adoptCachedAccess, recomputeAccess } from '../entitlements/recompute-access';
import { pendingRefundCentavos } from '../payments/money-ledger';
import type { OrderRow } from '../payments/orders-repository';
import { billingPeriodOf, frequencyTypeOf } from '../subscriptions/plan-pricing';

/**
 * Ends what a withdrawn (or refunded) purchase gave, inside the withdrawal's transaction (the users
 * and user_purchases triggers tell every process's viewer cache), and nothing else (decision 90).
 * Returns a Spanish sentence for the mail saying what ended.
 * - program or pack: the purchase row it granted (source `order:<id>`) goes and its grant ends;
 * - subscription or guest membership: the grant of that order ends yesterday, so nothing of it is
 *   open today; what she bought apart (a membership queued after it) stays and moves up.
 */
export async function endGrantedAccess(
  tx: Tx,
  order: OrderRow,
  by: { paymentId?: number | null; reason?: EndReason } = {},
): Promise<string> {
  const userId = order.userId;
  if (!userId) return '';

  if (order.kind === 'program') {
    await tx
      .delete(userPurchases)
      .where(and(eq(userPurchases.userId, userId), eq(userPurchases.source, `order:${order.id}`)));
    await endProductGrants(tx, userId, { orderId: order.id }, by.reason ?? 'refund');
    return `Ya no tenés acceso a ${order.description}.`;
  }

  await endGrantsOf(
    tx,
    userId,
    { orderId: order.id, paymentId: by.paymentId ?? null },
    by.reason ?? 'refund',
  );
  const access = await recomputeAccess(tx, userId);
  const stillOpen = access && isOnOrAfter(access.endDate, argentinaDate());
  const rest = stillOpen
    ? ` Lo que compraste aparte sigue: tenés acceso hasta el ${spanishDate(access.endDate)}.`
    : '';
  if (order.kind === 'subscription') {
    return stillOpen
      ? `Tu suscripción quedó dada de baja: no se te va a cobrar de nuevo.${rest}`
      : 'Tu suscripción quedó dada de baja: no se te va a cobrar de nuevo y el acceso terminó hoy.';
  }
  return `Tu ${order.description} quedó sin efecto.${rest}`;
}

/**
 * What a refund that ends one charge's access ends, for a card agreement (decision 0301): only
 * what that charge paid for. Its agreement's charges pay periods laid end to end up to where her
 * paid time ends (the grant's paid end): the last kept one the billing period before that end,
 * each earlier one the period before. Refunding one whose period is still (partly) ahead takes
 * those days off the end of the agreement's grant; the other charges' periods stay hers.
 * - `agreement`: no other charge of the agreement is kept: everything ends (endGrantedAccess);
 * - `days`: `days` come off the end of the grant, which stays with the rest;
 * - `nothing`: the charge's period is over (it paid days already lived): her access stays.
 * Read before the refund is written (other refunds in progress count as given).
 */
export type ChargeRefundEffect = { ends: 'agreement' } | { ends: 'days'; days: number } | { ends: 'nothing' };

export async function chargeRefundEffect(
  db: Db,
  order: OrderRow,
  paymentId: number,
  today = argentinaDate(),
): Promise<ChargeRefundEffect> {
  if (order.kind !== 'subscription' || !order.userId) return { ends: 'agreement' };
  const charges = await db
    .select({
      id: payments.id,
      left: sql<number>`(${payments.amountCentavos} - ${payments.refundedCentavos} - ${pendingRefundCentavos})::int`,
    })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')))
    .orderBy(desc(payments.approvedAt), desc(payments.id));
  // the charges still paying for a period: the one refunded now and those not given back whole
  const paying = charges.filter((c) => c.id === paymentId || Number(c.left) > 0);
  const index = paying.findIndex((c) => c.id === paymentId);
  if (index < 0 || paying.length === 1) return { ends: 'agreement' };
  const [grant] = await db
    .select({ endsOn: entitlements.endsOn, details: entitlements.details })
    .from(entitlements)
    .where(and(eq(entitlements.orderId, order.id), eq(entitlements.state, 'active')));
  if (!grant?.endsOn) return { ends: 'agreement' };
  const paidEnd = typeof grant.details.paidUntil === 'string' ? grant.details.paidUntil : grant.endsOn;
  const billing = billingPeriodOf(frequencyTypeOf(order));
  const back = (times: number) =>
    billing.frequencyType === 'months'
      ? addToDate(paidEnd, { months: -billing.frequency * times })
      : addToDate(paidEnd, { days: -billing.frequency * times });
  const start = back(index + 1);
  const end = back(index);
  const days = Math.max(daysBetween(start > today ? start : today, end), 0);
  return days > 0 ? { ends: 'days', days } : { ends: 'nothing' };
}

/**
 * The agreement's grant loses `days` off its end (never before yesterday): what one refunded charge
 * paid for and was not lived yet (chargeRefundEffect). What is queued after it moves up. In the
 * refund's transaction; recomputes her access. Returns her access's new end date (null: none).
 */
export async function endChargeDays(tx: Tx, order: OrderRow, days: number): Promise<string | null> {
  if (!order.userId) return null;
  await adoptCachedAccess(tx, order.userId);
  const yesterday = addToDate(argentinaDate(), { days: -1 });
  await tx
    .update(entitlements)
    .set({
      endsOn: sql`greatest(${entitlements.endsOn} - ${days}::int, ${yesterday}::date)`,
      details: sql`${entitlements.details} || jsonb_build_object('refundedDays',
        coalesce((${entitlements.details} ->> 'refundedDays')::int, 0) + ${days}::int)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(entitlements.orderId, order.id), eq(entitlements.state, 'active')));
  const access = await recomputeAccess(tx, order.userId);
  return access?.endDate ?? null;
}
