import type { AdminRefund } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { paymentOrders, paymentRefunds, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { attemptRefund, MAX_REFUND_ATTEMPTS } from '../../payments/refund-payment';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';
import { adminRefundsWhere } from './payment-views';

/** The member a refund gives money back to (her order's account), if it still exists. */
async function refundOwner(db: Database, refundId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: paymentOrders.userId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(eq(paymentRefunds.id, refundId));
  return row?.userId ?? null;
}

/** POST /admin/refunds/{id}/retry: one more try now of a refund that failed or waits for its next try. */
export async function retryRefund(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<{ refund: AdminRefund }> {
  refuseOwnAccount(request, await refundOwner(app.db, id));
  // Claimed like the RefundRetrier claims (a lease), so the two never try it at once. A FAILED
  // one gets one more try: refused again, it is FAILED again at once.
  const claimed = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update');
    if (!before) throw AppError.notFound('No encontramos esa devolución.');
    if (before.status === 'SUCCESS') {
      throw new AppError('ALREADY_REFUNDED', 409, 'Esa devolución ya se hizo.');
    }
    // a try (the retrier's, or one that just failed) within its 2-minute lease: not twice at once
    if (before.status === 'PENDING' && before.updatedAt.getTime() > Date.now() - 2 * 60_000) {
      throw new AppError(
        'REFUND_IN_PROGRESS',
        409,
        'Esa devolución se intentó hace instantes. Esperá unos minutos antes de reintentarla.',
      );
    }
    const [row] = await tx
      .update(paymentRefunds)
      .set({
        status: 'PENDING',
        attempts: before.status === 'FAILED' ? MAX_REFUND_ATTEMPTS : sql`${paymentRefunds.attempts} + 1`,
        nextAttemptAt: sql`now() + interval '2 minutes'`,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentRefunds.id, id))
      .returning();
    if (!row) throw AppError.notFound('No encontramos esa devolución.');
    await recordAudit(tx, request, {
      action: 'refund.retry',
      targetType: 'refund',
      targetId: String(id),
      before: { status: before.status, attempts: before.attempts, error: before.error },
    });
    return row;
  });
  await attemptRefund(app, claimed);
  const [refund] = await adminRefundsWhere(app.db, eq(paymentRefunds.id, id), 1);
  if (!refund) throw AppError.notFound('No encontramos esa devolución.');
  return { refund };
}
