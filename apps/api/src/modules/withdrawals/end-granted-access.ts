import { and, eq } from 'drizzle-orm';
import { userPurchases } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { argentinaDate, isOnOrAfter } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { type EndReason, endGrantsOf } from '../entitlements/end-grants';
import { endProductGrants } from '../entitlements/product-grants';
import { recomputeAccess } from '../entitlements/recompute-access';
import type { OrderRow } from '../payments/orders-repository';

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
