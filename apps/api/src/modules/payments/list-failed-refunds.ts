import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentOrders, paymentRefunds, payments } from '../../db/schema';

/**
 * Refunds given up after their last try (or never possible automatically): what an operator must
 * refund by hand at the provider. Newest first. Read by `npm run payments:failed-refunds` until the
 * back office lists them.
 */
export async function listFailedRefunds(db: Database) {
  return db
    .select({
      refundId: paymentRefunds.id,
      failedAt: paymentRefunds.updatedAt,
      reason: paymentRefunds.reason,
      amountCentavos: paymentRefunds.amountCentavos,
      attempts: paymentRefunds.attempts,
      error: paymentRefunds.error,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      orderId: paymentRefunds.causedByOrderId,
      payerEmail: paymentOrders.payerEmail,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .leftJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.causedByOrderId))
    .where(eq(paymentRefunds.status, 'FAILED'))
    .orderBy(desc(paymentRefunds.updatedAt));
}
