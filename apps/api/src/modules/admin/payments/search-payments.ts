import type { AdminPaymentList } from '@alcancia/contract/admin';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentOrders, payments, users } from '../../../db/schema';
import { adminPaymentsWhere, adminRefundsWhere } from './payment-views';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /admin/payments?search=: a payment by the provider's operation number (what a member reads
 * on her receipt or bank statement), by order id, or the payments of a member's e-mail; with
 * their refunds. Exact matches through unique or indexed columns.
 */
export async function searchPayments(db: Database, text: string): Promise<AdminPaymentList> {
  const search = text.trim();
  let condition: SQL;
  if (uuidPattern.test(search)) condition = eq(paymentOrders.id, search.toLowerCase());
  else if (search.includes('@')) {
    // through her account (payment_orders.user_id is indexed; her e-mail is unique)
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, search.toLowerCase()));
    if (!user) return { payments: [], refunds: [] };
    condition = eq(paymentOrders.userId, user.id);
  } else condition = eq(payments.providerPaymentId, search);
  const found = await adminPaymentsWhere(db, condition, 100);
  const ids = found.map((p) => Number(p.id));
  const refunds = ids.length === 0 ? [] : await adminRefundsWhere(db, inArray(payments.id, ids));
  return { payments: found, refunds };
}
