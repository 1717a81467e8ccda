import { and, desc, eq, inArray } from 'drizzle-orm';
import { paymentOrders, subscriptionPlans, users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { isOnOrAfter } from '../../lib/argentina-date';
import { hasPendingOrder } from '../payments/checkout-orders';
import type { OrderRow } from '../payments/orders-repository';

export interface Buyer {
  id: string;
  email: string;
  countryCode: string | null;
  subscriptionEndDate: string | null;
  /** weight of the current plan; 0 when subscribed without one (e.g. an operator grant) */
  planWeight: number;
}

export async function loadBuyer(db: Db, userId: string): Promise<Buyer> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      countryCode: users.countryCode,
      subscriptionEndDate: users.subscriptionEndDate,
      planWeight: subscriptionPlans.weight,
    })
    .from(users)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, users.subscriptionPlanId))
    .where(eq(users.id, userId));
  if (!row) throw AppError.unauthorized();
  return { ...row, planWeight: row.planWeight ?? 0 };
}

/** Card subscriptions are sold to Argentina accounts only (spec: country gate). */
export function assertArgentina(buyer: Buyer): void {
  if (buyer.countryCode !== 'AR') {
    throw new AppError(
      'COUNTRY_NOT_ALLOWED',
      403,
      'La suscripción con tarjeta está disponible solo para cuentas de Argentina.',
    );
  }
}

/**
 * Not subscribed: a plain purchase. Subscribed: only a plan of greater weight (an upgrade);
 * the same plan or a lighter one is refused with UPGRADE_NOT_ALLOWED.
 */
export function upgradeDecision(buyer: Buyer, planWeight: number, today: string): { isUpgrade: boolean } {
  if (!isOnOrAfter(buyer.subscriptionEndDate, today)) return { isUpgrade: false };
  if (planWeight <= buyer.planWeight) {
    throw new AppError(
      'UPGRADE_NOT_ALLOWED',
      409,
      'Ya tenés una suscripción activa con este plan o uno superior.',
    );
  }
  return { isUpgrade: true };
}

/**
 * A subscription checkout whose first charge is still in process blocks a second one: both could
 * end up approved and charging.
 */
export async function assertNoPendingCheckout(db: Db, userId: string): Promise<void> {
  if (await hasPendingOrder(db, { userId, kind: 'subscription' })) {
    throw new AppError(
      'SUBSCRIPTION_PAYMENT_PENDING',
      409,
      'Tenés un pago de suscripción en proceso. Te avisamos apenas se acredite.',
    );
  }
}

/**
 * The user's card subscription that an upgrade replaces: the active one, or a cancelled one whose
 * paid period may still be running (its unused days are refunded too).
 */
export async function activeAgreement(db: Db, userId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'subscription'),
        inArray(paymentOrders.status, ['active', 'cancelled']),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  return order;
}
