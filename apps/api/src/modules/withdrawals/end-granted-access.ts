import { guestTierSchema, guestTierTerms } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { userPurchases, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import type { OrderRow, Tx } from '../payments/orders-repository';
import { addToDate } from '../subscriptions/subscription-dates';

/**
 * Ends what a withdrawn purchase gave, inside the withdrawal's transaction (the users and
 * user_purchases triggers tell every process's viewer cache). Returns a Spanish sentence for the
 * mail saying what ended.
 * - program or pack: the purchase row it granted (source `order:<id>`) goes;
 * - subscription (its first charge): access ends yesterday, so nothing is open today;
 * - guest membership: its months come off her end date (yesterday when nothing is left).
 */
export async function endGrantedAccess(tx: Tx, order: OrderRow): Promise<string> {
  const userId = order.userId;
  if (!userId) return '';
  const today = argentinaDate();
  const yesterday = addToDate(today, { days: -1 });

  if (order.kind === 'program') {
    await tx
      .delete(userPurchases)
      .where(and(eq(userPurchases.userId, userId), eq(userPurchases.source, `order:${order.id}`)));
    return `Ya no tenés acceso a ${order.description}.`;
  }

  if (order.kind === 'subscription') {
    await tx
      .update(users)
      .set({
        subscriptionEndDate: sql`least(coalesce(${users.subscriptionEndDate}, ${yesterday}::date), ${yesterday}::date)`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), eq(users.subscriptionPlanId, order.itemId)));
    return 'Tu suscripción quedó dada de baja: no se te va a cobrar de nuevo y el acceso terminó hoy.';
  }

  const tier = guestTierSchema.safeParse(order.itemId);
  const months =
    typeof order.details.accessMonths === 'number'
      ? order.details.accessMonths
      : tier.success
        ? guestTierTerms[tier.data].accessMonths
        : 0;
  const [user] = await tx
    .select({ endDate: users.subscriptionEndDate })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (user?.endDate && months > 0) {
    const shortened = addToDate(user.endDate, { months: -months });
    await tx
      .update(users)
      .set({ subscriptionEndDate: shortened <= today ? yesterday : shortened, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  return `Tu ${order.description} quedó sin efecto.`;
}
