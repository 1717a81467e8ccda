import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import type { OrderPaymentHandler } from '../payments/payment-routing';
import type { PaymentRow } from '../payments/record-payment';
import { refundDuplicatePayment } from '../payments/refund-payment';
import { refusedReasonOf } from '../payments/refused-reason';
import { releasePromoCode } from '../promo-codes/promo-code-rules';
import { grantProgram } from './grant-program';

const inProcess = ['pending', 'in_process', 'authorized', 'in_mediation'];
const refusedStatuses = ['rejected', 'cancelled'];

/** A checkout whose payment was refused: the order says why and a reserved coupon comes back. */
export async function refuseProgramOrder(
  app: FastifyInstance,
  order: OrderRow,
  statusDetail: string | null,
  actor: Actor,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [approved] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
    if (approved) return;
    const moved = await transitionOrder(
      tx,
      order.id,
      ['created', 'pending', 'error'],
      'refused',
      { actor, reason: `payment refused: ${statusDetail ?? 'unknown'}` },
      { refusedReason: refusedReasonOf(statusDetail) },
    );
    if (moved && order.promoCodeId) await releasePromoCode(tx, order.promoCodeId, order.id);
  });
}

/**
 * What a program order does with the provider's word on one of its payments (already recorded):
 * approved grants the program once, refused closes the order, in process marks it pending. Run by
 * the checkout itself and by every notification, in any order.
 */
export async function applyProgramPayment(
  app: FastifyInstance,
  order: OrderRow,
  payment: PaymentRow,
  actor: Actor,
): Promise<void> {
  if (payment.status === 'approved') {
    if (payment.grantedAt) return;
    if ((await grantProgram(app, order, payment, actor)) === 'duplicate') {
      await refundDuplicatePayment(app, order, payment);
    }
    return;
  }
  if (refusedStatuses.includes(payment.status)) {
    await refuseProgramOrder(app, order, payment.statusDetail, actor);
    return;
  }
  if (inProcess.includes(payment.status)) {
    await transitionOrder(app.db, order.id, ['created', 'error'], 'pending', {
      actor,
      reason: `payment ${payment.providerPaymentId} in process: ${payment.statusDetail ?? payment.status}`,
    });
  }
}

/** The programs module's side of the payments core (both providers' webhooks end here). */
export function programPaymentHandler(app: FastifyInstance): OrderPaymentHandler {
  return {
    onPayment: ({ order, payment }) => applyProgramPayment(app, order, payment, 'webhook'),
  };
}
