import { randomInt } from 'node:crypto';
import type { WithdrawalResponse } from '@alcancia/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentRefunds, payments, withdrawals } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { PaymentNotFoundError } from '../../providers/payments/payment-gateway';
import { conceptOf } from '../invoices/order-concept';
import { providerUnavailable } from '../payments/checkout-orders';
import { type HerPayment, withdrawableUntilOf } from '../payments/her-payments';
import { type Actor, type OrderRow, transitionOrder } from '../payments/orders-repository';
import { paidTermsOf, refundedToBuyer } from '../payments/paid-terms';
import { requireGateway } from '../payments/payments-core';
import type { PaymentRow } from '../payments/record-payment';
import {
  attemptRefund,
  insertPendingRefund,
  type RefundOutcome,
  type RefundRow,
} from '../payments/refund-payment';
import { isWithinWindow } from '../payments/withdrawal-window';
import { endGrantedAccess } from './end-granted-access';
import { windowClosedMessage, withdrawalDoneMail } from './withdrawal-mails';

const alreadyWithdrawn = () =>
  new AppError(
    'ALREADY_WITHDRAWN',
    409,
    'Ya te arrepentiste de esta compra: el pago se devuelve una sola vez.',
  );
const notAllowed = () =>
  new AppError(
    'WITHDRAWAL_NOT_ALLOWED',
    409,
    'Este pago no admite arrepentimiento: solo una compra o el primer pago de una suscripción, aprobados y sin devoluciones.',
  );

/** Refunds of a payment asked for and not settled yet (PENDING). */
async function pendingRefunds(tx: Tx, paymentId: number): Promise<number> {
  const [pending] = await tx
    .select({ sum: sql<number>`coalesce(sum(${paymentRefunds.amountCentavos}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'PENDING')));
  return Number(pending?.sum ?? 0);
}

const leftToRefund = async (
  tx: Tx,
  payment: { id: number; amountCentavos: number; refundedCentavos: number },
) => payment.amountCentavos - payment.refundedCentavos - (await pendingRefunds(tx, payment.id));

/** What she gets back of a payment once `refundedCentavos` of it are refunded: the rest of all she paid. */
const stillToBuyer = (payment: PaymentRow, refundedCentavos: number) => {
  const terms = paidTermsOf(payment);
  return terms.totalPaidCentavos - refundedToBuyer(terms, refundedCentavos);
};

/**
 * The withdrawal of a subscription's first charge refunds, whole, every later approved charge of
 * the same agreement (renewals) still not refunded: the periods they paid for end with it. Each is
 * its own PENDING refund under its own key, tried after the commit like the first.
 */
async function refundLaterCharges(tx: Tx, first: PaymentRow, order: OrderRow, email: string) {
  const charges = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved'), gt(payments.id, first.id)))
    .orderBy(payments.id)
    .for('update');
  const refunded: { refund: RefundRow; toBuyerCentavos: number }[] = [];
  for (const charge of charges) {
    const inProgress = await pendingRefunds(tx, charge.id);
    const amountCentavos = charge.amountCentavos - charge.refundedCentavos - inProgress;
    if (amountCentavos <= 0) continue;
    const refund = await insertPendingRefund(tx, {
      payment: { ...charge, refundedCentavos: charge.refundedCentavos + inProgress },
      amountCentavos,
      reason: 'withdrawal',
      causedByOrderId: order.id,
      idempotencyKey: `withdrawal:${charge.providerPaymentId}`,
      payerEmail: email,
    });
    if (refund)
      refunded.push({ refund, toBuyerCentavos: stillToBuyer(charge, charge.refundedCentavos + inProgress) });
  }
  return refunded;
}

/** ARR- and six characters without look-alikes (no 0/O, 1/I). */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newRevocationCode = () =>
  `ARR-${Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;

/**
 * Revokes a purchase ("botón de arrepentimiento", Resolución 424/2020) once its owner is known
 * (her account, or the guest's mailed code). Checks the rules, claims the payment first (the unique
 * withdrawal per payment, committed: concurrent requests wait on the payment's row lock, find it
 * taken and get a 409), then stops a subscription's renewals at the provider (a failure there
 * releases the claim), then in one transaction writes the full refund PENDING, ends the grants
 * that payment gave (decision 90), moves the order to withdrawn and queues the mail with the
 * revocation code. The refund is tried after the commit; a failed try is retried until it
 * succeeds (refund-retrier.ts).
 */
export async function withdrawPayment(
  app: FastifyInstance,
  row: HerPayment,
  input: { channel: 'account' | 'guest'; actor: Actor },
): Promise<WithdrawalResponse> {
  if (row.revocationCode) throw alreadyWithdrawn();
  const until = withdrawableUntilOf(row);
  if (!until) throw notAllowed();
  if (!isWithinWindow(until)) throw new AppError('WITHDRAWAL_WINDOW_CLOSED', 409, windowClosedMessage(until));

  const { order } = row;
  const revocationCode = newRevocationCode();
  const email = order.payerEmail;
  // Claim first (issue 27 point 10): the unique withdrawal per payment is taken, and committed,
  // before anything reaches the provider, so concurrent requests lose cleanly (409) and the
  // agreement is cancelled once, by the request that holds the claim.
  const claimId = await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, row.payment.id)).for('update');
    if (!payment) throw notAllowed();
    const [claimed] = await tx
      .insert(withdrawals)
      .values({
        paymentId: payment.id,
        orderId: order.id,
        userId: order.userId,
        email,
        channel: input.channel,
        revocationCode,
      })
      .onConflictDoNothing({ target: withdrawals.paymentId })
      .returning({ id: withdrawals.id });
    if (!claimed) throw alreadyWithdrawn();
    // A partial refund (an operator's, an upgrade's) leaves the rest withdrawable (decision 0276).
    if (payment.status !== 'approved' || (await leftToRefund(tx, payment)) <= 0) throw notAllowed();
    return claimed.id;
  });
  const releaseClaim = () => app.db.delete(withdrawals).where(eq(withdrawals.id, claimId));

  if (order.kind === 'subscription' && order.providerPreapprovalId && order.status === 'active') {
    // No renewal may charge a revoked subscription: the agreement stops first, or nothing changes.
    try {
      await requireGateway(app)
        .cancelSubscription(order.providerPreapprovalId)
        .catch((error: unknown) => {
          if (error instanceof PaymentNotFoundError) return;
          app.log.error({ err: error, orderId: order.id }, 'withdrawal: could not cancel the agreement');
          throw providerUnavailable();
        });
    } catch (error) {
      await releaseClaim();
      throw error;
    }
  }

  const outcome = await app.db
    .transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, row.payment.id)).for('update');
      if (payment?.status !== 'approved') throw notAllowed();
      // Everything not refunded yet: the whole payment, or what a partial refund left (decisions 91, 0276).
      const inProgress = await pendingRefunds(tx, payment.id);
      const amountCentavos = payment.amountCentavos - payment.refundedCentavos - inProgress;
      if (amountCentavos <= 0) throw notAllowed();
      const refund = await insertPendingRefund(tx, {
        payment: { ...payment, refundedCentavos: payment.refundedCentavos + inProgress },
        amountCentavos,
        reason: 'withdrawal',
        causedByOrderId: order.id,
        idempotencyKey: `withdrawal:${payment.providerPaymentId}`,
        payerEmail: email,
      });
      if (!refund) throw notAllowed();
      await tx.update(withdrawals).set({ refundId: refund.id }).where(eq(withdrawals.id, claimId));
      // The withdrawal ends the whole contract: every later charge of it (a renewal) pays for a
      // period that ends too, and is refunded whole (decision 0277).
      const later = order.kind === 'subscription' ? await refundLaterCharges(tx, payment, order, email) : [];
      // A plan an upgrade replaced gave nothing that still runs: her current plan stays.
      const replaced = order.status === 'replaced';
      const accessNote = replaced
        ? 'Te devolvemos lo que quedaba de tu plan anterior; tu plan actual sigue igual.'
        : await endGrantedAccess(tx, order, { paymentId: payment.id, reason: 'withdrawal' });
      await transitionOrder(
        tx,
        order.id,
        ['paid', 'active', 'cancelled', 'replaced', 'refunded'],
        'withdrawn',
        {
          actor: input.actor,
          reason: `withdrawal ${revocationCode} of payment ${payment.providerPaymentId}`,
          details: { channel: input.channel, paymentId: payment.id },
        },
      );
      await enqueueMail(
        tx,
        withdrawalDoneMail({
          to: email,
          revocationCode,
          concept: conceptOf(order),
          // all she paid and did not get back yet, her card's financing included: a full refund
          // undoes the cuotas (decision 0103); renewals refunded with it too (decision 0277)
          amountCentavos:
            stillToBuyer(payment, payment.refundedCentavos + inProgress) +
            later.reduce((sum, charge) => sum + charge.toBuyerCentavos, 0),
          providerPaymentId: payment.providerPaymentId,
          accessNote,
        }),
      );
      return { refunds: [refund, ...later.map((charge) => charge.refund)] };
    })
    .catch(async (error: unknown) => {
      await releaseClaim();
      throw error;
    });
  app.mail.kick();
  app.log.info({ orderId: order.id, channel: input.channel }, 'purchase withdrawn');
  const outcomes: RefundOutcome[] = [];
  for (const refund of outcome.refunds) outcomes.push(await attemptRefund(app, refund));
  const refundStatus = outcomes.includes('FAILED')
    ? 'FAILED'
    : outcomes.includes('PENDING')
      ? 'PENDING'
      : 'SUCCESS';
  return { revocationCode, refundStatus };
}
