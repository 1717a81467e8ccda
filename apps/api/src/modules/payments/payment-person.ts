import { eq } from 'drizzle-orm';
import { paymentOrders, payments, users } from '../../db/schema';
import type { Db } from '../../db/transaction';

/**
 * Whose money a payment is, for her person lock (decision 0270): its order's account, or for a
 * guest's order the account that has its e-mail. Null: nobody's account (a guest not registered).
 */
export async function personOfPayment(db: Db, paymentId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: paymentOrders.userId, email: paymentOrders.payerEmail })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  return row.userId ?? accountWithEmail(db, row.email);
}

/** The account registered with this e-mail, if any. */
export async function accountWithEmail(db: Db, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return user?.id ?? null;
}
