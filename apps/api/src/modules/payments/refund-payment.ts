import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { withPersonLock } from '../../db/person-lock';
import { paymentRefunds, payments } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { enqueueMail } from '../../providers/mail/outbox';
import { enqueueCreditNote } from '../invoices/enqueue';
import { paidTermsOf, refundedToBuyer } from './paid-terms';
import { personOfPayment } from './payment-person';
import type { PaymentRow } from './record-payment';
import { refundDoneMail } from './refund-mails';

export type RefundRow = typeof paymentRefunds.$inferSelect;
/** `operator`: asked for by support from the back office (issue 18) */
export type RefundReason = 'upgrade' | 'duplicate_payment' | 'withdrawal' | 'operator';
export type RefundOutcome = 'SUCCESS' | 'PENDING' | 'FAILED';

/** Tries before a refund is given up and left FAILED for operators (about two days in all). */
export const MAX_REFUND_ATTEMPTS = 8;
/** How long one try holds its refund: a crash mid-try only delays the next one. */
const LEASE = sql`interval '2 minutes'`;

/** Wait before the next try: 1 min, 4 min, 16 min, 64 min… at most 12 h. */
export const refundBackoffSeconds = (attempts: number) => Math.min(60 * 4 ** (attempts - 1), 12 * 3600);

export interface RefundInput {
  payment: PaymentRow;
  amountCentavos: number;
  reason: RefundReason;
  causedByOrderId: string;
  idempotencyKey: string;
  payerEmail: string | null;
  /** an operator's refund: why, in her words */
  note?: string | null;
}

/**
 * Every refund we ask the provider for goes through here: the row is written first (once per
 * idempotency key, so a replayed webhook or a retried settlement never asks twice), then tried at
 * once. A refused try is retried with backoff by the RefundRetrier until it succeeds or the last
 * try leaves it FAILED, where operators see it. Returns the first try's outcome.
 */
export async function requestRefund(app: FastifyInstance, input: RefundInput): Promise<RefundOutcome> {
  const created = await insertPendingRefund(app.db, input);
  if (!created) {
    const [known] = await app.db
      .select({ status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.idempotencyKey, input.idempotencyKey));
    return known?.status ?? 'PENDING';
  }
  return attemptRefund(app, created);
}

/**
 * The PENDING row alone, in the caller's transaction (a withdrawal writes it with the withdrawal,
 * so a crash before the first try leaves it to the RefundRetrier, never forgotten). Null when a
 * refund with this idempotency key exists. The caller then tries it with attemptRefund.
 */
export async function insertPendingRefund(db: Db, input: RefundInput): Promise<RefundRow | null> {
  const [created] = await db
    .insert(paymentRefunds)
    .values({
      paymentId: input.payment.id,
      causedByOrderId: input.causedByOrderId,
      amountCentavos: input.amountCentavos,
      status: 'PENDING',
      reason: input.reason,
      note: input.note ?? null,
      idempotencyKey: input.idempotencyKey,
      expectedRefundedCentavos: input.payment.refundedCentavos + input.amountCentavos,
      payerEmail: input.payerEmail,
      attempts: 1,
      nextAttemptAt: sql`now() + ${LEASE}`,
    })
    .onConflictDoNothing({ target: paymentRefunds.idempotencyKey })
    .returning();
  return created ?? null;
}

/**
 * One try of a claimed refund. A try after a failed one first asks the provider for the payment:
 * when its refunded total already covers this refund, an earlier try went through and only its
 * answer was lost. Each try sends its own provider key (a refused answer is remembered under its
 * key), derived from the refund's, so the same try repeated is still one refund.
 */
export async function attemptRefund(app: FastifyInstance, refund: RefundRow): Promise<RefundOutcome> {
  // One money write of hers at a time (decision 0270): a withdrawal, a checkout's grant or a
  // webhook of hers waits for this try, and this try for them.
  const person = await personOfPayment(app.db, refund.paymentId);
  if (person) return withPersonLock(app.database, person, () => tryRefund(app, refund));
  return tryRefund(app, refund);
}

async function tryRefund(app: FastifyInstance, refund: RefundRow): Promise<RefundOutcome> {
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) throw new Error(`refund ${refund.id}: payment ${refund.paymentId} not found`);
  try {
    if (payment.provider !== 'MP') {
      // The redirect provider's API has no refunds: a person refunds it from its dashboard.
      await giveUp(app, refund, payment, `refunds through ${payment.provider} are made by an operator`);
      return 'FAILED';
    }
    const gateway = app.paymentGateway;
    if (!gateway) throw new Error('payments are not configured');
    if (refund.attempts > 1 && refund.expectedRefundedCentavos !== null) {
      const seen = await gateway.getPayment(payment.providerPaymentId);
      if (seen.refundedCentavos >= refund.expectedRefundedCentavos) {
        return await markRefunded(app, refund, payment, null);
      }
    }
    const done = await gateway.refundPayment(
      payment.providerPaymentId,
      refund.amountCentavos,
      `${refund.idempotencyKey ?? `refund-${refund.id}`}:${refund.attempts}`,
    );
    return await markRefunded(app, refund, payment, done.id);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = refund.attempts >= MAX_REFUND_ATTEMPTS;
    if (last) {
      await giveUp(app, refund, payment, message);
      return 'FAILED';
    }
    await app.db
      .update(paymentRefunds)
      .set({
        error: message,
        nextAttemptAt: sql`now() + make_interval(secs => ${refundBackoffSeconds(refund.attempts)})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'PENDING')));
    app.log.warn(
      {
        refundId: refund.id,
        paymentId: payment.providerPaymentId,
        attempt: refund.attempts,
        reason: message,
      },
      'refund failed; it will be retried',
    );
    return 'PENDING';
  }
}

/** The last word: FAILED, with why, for an operator (`npm run payments:failed-refunds`). */
async function giveUp(app: FastifyInstance, refund: RefundRow, payment: PaymentRow, reason: string) {
  await app.db
    .update(paymentRefunds)
    .set({ status: 'FAILED', error: reason.slice(0, 500), nextAttemptAt: null, updatedAt: sql`now()` })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'PENDING')));
  app.log.error(
    { refundId: refund.id, paymentId: payment.providerPaymentId, attempt: refund.attempts, reason },
    'refund failed for good: an operator must act',
  );
}

/**
 * An approved payment of an order that was already paid (a Checkout Pro page paid twice, a
 * program bought twice): nothing more is granted, and it goes back in full at once. One refund per
 * provider payment however often its notification comes.
 */
export async function refundDuplicatePayment(
  app: FastifyInstance,
  order: { id: string; payerEmail: string },
  payment: PaymentRow,
): Promise<RefundOutcome> {
  app.log.warn(
    { orderId: order.id, paymentId: payment.providerPaymentId },
    'second approved payment of an order: refunded, nothing granted',
  );
  return requestRefund(app, {
    payment,
    amountCentavos: payment.amountCentavos - payment.refundedCentavos,
    reason: 'duplicate_payment',
    causedByOrderId: order.id,
    idempotencyKey: `duplicate:${payment.providerPaymentId}`,
    payerEmail: order.payerEmail,
  });
}

/**
 * SUCCESS once (conditional on PENDING). The buyer hears of it when she was promised it for later
 * (the try at the checkout failed) or did not ask for it at all (a duplicate payment).
 */
async function markRefunded(
  app: FastifyInstance,
  refund: RefundRow,
  payment: PaymentRow,
  providerRefundId: string | null,
): Promise<RefundOutcome> {
  const mailed = await app.db.transaction(async (tx) => {
    const [done] = await tx
      .update(paymentRefunds)
      .set({
        status: 'SUCCESS',
        providerRefundId,
        error: null,
        nextAttemptAt: null,
        succeededAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'PENDING')))
      .returning();
    if (!done) return false;
    await enqueueCreditNote(tx, done);
    await tx
      .update(payments)
      .set({
        refundedCentavos: sql`greatest(${payments.refundedCentavos}, ${refund.expectedRefundedCentavos ?? 0})`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    const tell = refund.reason === 'duplicate_payment' || refund.reason === 'operator' || refund.attempts > 1;
    if (!tell || !refund.payerEmail) return false;
    await enqueueMail(
      tx,
      refundDoneMail({
        to: refund.payerEmail,
        reason: refund.reason,
        // what she gets back of what she paid, financing included (decision 0103)
        amountCentavos: refundedToBuyer(paidTermsOf(payment), refund.amountCentavos),
        providerPaymentId: payment.providerPaymentId,
      }),
    );
    return true;
  });
  if (mailed) app.mail.kick();
  app.invoicing.kick();
  app.log.info({ refundId: refund.id, paymentId: payment.providerPaymentId }, 'refund done');
  return 'SUCCESS';
}
