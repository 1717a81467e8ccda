import type { AccountSubscription } from '@alcancia/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { entitlements, paymentOrders, payments, subscriptionPlans, users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { nextChargeOf } from '../payments/next-charge';
import type { OrderRow } from '../payments/orders-repository';
import { storedCardOf } from './subscription-card';

/** Order statuses that are (or were) her subscription after the sale. */
const afterSaleStatuses: OrderRow['status'][] = ['active', 'cancelled', 'expired', 'withdrawn', 'refunded'];

/** Her latest card subscription order past checkout, if any (FOR UPDATE inside a transaction when asked). */
export async function latestSubscriptionOrder(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'subscription'),
        inArray(paymentOrders.status, afterSaleStatuses),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  const [order] = options.lock ? await query.for('update') : await query;
  return order;
}

/** The last day of a card agreement's own grant (decision 90), null when it has none. */
export async function agreementGrantEnd(db: Db, orderId: string): Promise<string | null> {
  const [grant] = await db
    .select({ endsOn: entitlements.endsOn })
    .from(entitlements)
    .where(eq(entitlements.orderId, orderId));
  return grant?.endsOn ?? null;
}

export const noSubscription = () =>
  new AppError('NO_SUBSCRIPTION', 404, 'No tenés una suscripción con tarjeta.');

const none: AccountSubscription = {
  plan: null,
  frequency: null,
  status: 'none',
  trialEndsAt: null,
  currentPeriodEnd: null,
  nextChargeDate: null,
  nextChargeAmount: null,
  card: null,
  cancelledAt: null,
  cancellationCode: null,
  graceUntil: null,
  origin: null,
};

/**
 * Her subscription as Mi cuenta shows it, from the latest subscription order, its grant and her
 * end date (Argentina dates). A card agreement still charging is shown even when something else
 * she bought is on top (decision 90); its next charge (date and amount) is
 * payments/next-charge.ts's. A card order decides the state: active (or trial, before its first charge),
 * past_due (a refused renewal, inside the grace period), cancelled (by her or at the provider,
 * access until the end date), expired; a withdrawn one is none. Without a card order, a promo code
 * or guest membership shows its plan and end date, with no card and nothing to cancel.
 */
export async function loadAccountSubscription(db: Db, userId: string): Promise<AccountSubscription> {
  const [user] = await db
    .select({
      endDate: users.subscriptionEndDate,
      planId: users.subscriptionPlanId,
      origin: users.lastServiceOrigin,
      planName: subscriptionPlans.name,
    })
    .from(users)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, users.subscriptionPlanId))
    .where(eq(users.id, userId));
  if (!user) throw AppError.unauthorized();
  const today = argentinaDate();
  const endDate = user.endDate?.slice(0, 10) ?? null;
  const inPeriod = isOnOrAfter(endDate, today);
  // Decision 90: a card agreement that still charges (or whose paid period still runs) is shown
  // whatever else she bought on top of it (a guest membership never hides it).
  const latest = await latestSubscriptionOrder(db, userId);
  const agreementEnd = latest ? await agreementGrantEnd(db, latest.id) : null;
  const charging =
    latest?.status === 'active' || (latest?.status === 'cancelled' && isOnOrAfter(agreementEnd, today));
  const order = user.origin === 'CARD' || charging ? latest : undefined;

  if (!order) {
    if (!endDate) return none;
    return {
      ...none,
      plan: user.planId ? { id: user.planId, name: user.planName ?? user.planId } : null,
      status: inPeriod ? 'active' : 'expired',
      currentPeriodEnd: endDate,
      // A card subscription with no order of ours (an operator's grant) is not managed here either.
      origin: user.origin === 'CARD' ? 'MANUAL' : user.origin,
    };
  }
  // withdrawn by her, or refunded in full by an operator who ended the access (issue 18)
  if (order.status === 'withdrawn' || order.status === 'refunded') return none;

  const [plan] = await db
    .select({ name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, order.itemId));
  const base: AccountSubscription = {
    ...none,
    plan: { id: order.itemId, name: plan?.name ?? String(order.details.planName ?? order.itemId) },
    frequency: order.frequency,
    currentPeriodEnd: endDate,
    card:
      order.cardBrand && order.cardLastFour ? { brand: order.cardBrand, lastFour: order.cardLastFour } : null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancellationCode: order.cancellationCode,
    origin: 'CARD',
  };
  if (order.status === 'expired' || !inPeriod) return { ...base, status: 'expired' };
  // Reactivatable (cancelled, access still running): the card saved for her is offered back.
  if (order.status === 'cancelled') return { ...base, status: 'cancelled', storedCard: storedCardOf(order) };
  if (order.pastDueSince) {
    return {
      ...base,
      status: 'past_due',
      graceUntil: order.graceUntil,
      // What she owes; the provider retries on its own schedule.
      nextChargeAmount: order.amountCentavos,
    };
  }
  const charged = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')))
    .limit(1);
  const inTrial = Boolean(order.details.freeTrial) && charged.length === 0;
  // What the provider charges next, and when (payments/next-charge.ts: the one place that says it).
  const next = await nextChargeOf(db, order);
  return {
    ...base,
    status: inTrial ? 'trial' : 'active',
    trialEndsAt: inTrial ? (next?.date ?? agreementEnd ?? endDate) : null,
    nextChargeDate: next?.date ?? null,
    nextChargeAmount: next?.amountCentavos ?? order.amountCentavos,
  };
}
