import { randomUUID } from 'node:crypto';
import type { AdminRefundResponse, adminRefundRequestSchema } from '@alcancia/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { withPersonLock } from '../../../db/person-lock';
import { paymentRefunds, payments } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { pesos } from '../../../lib/spanish-format';
import { refundStateOf } from '../../payments/money-ledger';
import { findOrder, transitionOrder } from '../../payments/orders-repository';
import { accountWithEmail } from '../../payments/payment-person';
import { attemptRefund, insertPendingRefund } from '../../payments/refund-payment';
import { cancelAtProvider } from '../../subscriptions/cancel-subscription';
import { chargeRefundEffect, endChargeDays, endGrantedAccess } from '../../withdrawals/end-granted-access';
import { markNoChange, recordAudit } from '../core/audit';
import { operatorOf, refuseOwnAccount } from '../core/operator-guard';
import { adminPaymentById, adminRefundsWhere } from './payment-views';

/** Refunds of this payment still in progress (PENDING): counted as given. */
async function inProgressOf(db: Db, paymentId: number): Promise<number> {
  const [pending] = await db
    .select({ sum: sql<number>`coalesce(sum(${paymentRefunds.amountCentavos}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'PENDING')));
  return Number(pending?.sum ?? 0);
}

const alreadyRefunded = () =>
  new AppError('ALREADY_REFUNDED', 409, 'Este pago ya se devolvió completo (o su devolución está en curso).');
const paymentNotFound = () => AppError.notFound('No encontramos ese pago.');
const tooMuch = (left: number) =>
  AppError.invalidData(
    [{ path: 'amount', message: `Se puede devolver hasta ${pesos(left)}.` }],
    `Se puede devolver hasta ${pesos(left)}.`,
  );

/**
 * POST /admin/payments/{id}/refunds { amount?, endAccess? } (issue 18): a refund through the
 * provider, full (no amount) or partial, with the payments module's refund machinery (a PENDING row
 * under its own key, tried at once, retried with backoff when the provider refuses).
 *
 * Once, even when clicked twice: the payment's row is locked while the refund is written and what
 * is left to refund (refunds in progress counted) is checked under that lock, so a second request
 * finds nothing left. The panel also sends an `idempotencyKey` per confirmation: a request that
 * repeats it gets the first one's refund back (`replayed`), and nothing is asked twice.
 *
 * A refund of everything left ends what the payment gave (unless `endAccess: false`): the program
 * or pack goes, a subscription's agreement is cancelled at the provider and her access ends, a
 * guest membership's months come off; the order becomes `refunded`.
 */
export async function refundPayment(
  app: FastifyInstance,
  request: FastifyRequest,
  paymentId: number,
  body: z.output<typeof adminRefundRequestSchema>,
): Promise<AdminRefundResponse> {
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw paymentNotFound();
  const order = await findOrder(app.db, payment.orderId);
  if (!order) throw paymentNotFound();
  refuseOwnAccount(request, order.userId);
  // One money write of hers at a time (decision 0270): what is left to refund is read under it.
  const person = order.userId ?? (await accountWithEmail(app.db, order.payerEmail));
  if (person)
    return withPersonLock(app.database, person, () => refundUnderLock(app, request, paymentId, body));
  return refundUnderLock(app, request, paymentId, body);
}

async function refundUnderLock(
  app: FastifyInstance,
  request: FastifyRequest,
  paymentId: number,
  body: z.output<typeof adminRefundRequestSchema>,
): Promise<AdminRefundResponse> {
  const operator = operatorOf(request);
  const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw paymentNotFound();
  const order = await findOrder(app.db, payment.orderId);
  if (!order) throw paymentNotFound();
  const givenKey = body.idempotencyKey;
  const key = `admin:${paymentId}:${givenKey ?? randomUUID()}`;

  const replay = async () => {
    const [known] = await adminRefundsWhere(app.db, eq(paymentRefunds.idempotencyKey, key), 1);
    if (!known) return null;
    const view = await adminPaymentById(app.db, paymentId);
    return view ? { refund: known, payment: view, accessEnded: false, replayed: true } : null;
  };
  const earlier = givenKey ? await replay() : null;
  if (earlier) {
    markNoChange(request);
    return earlier;
  }
  // A refusal below may come from the twin of this request (same key, sent at the same time)
  // having committed since the lookup above: then the answer is its refund, not a 409.
  const refuse = async (error: AppError): Promise<AdminRefundResponse> => {
    const twin = givenKey ? await replay() : null;
    if (!twin) throw error;
    markNoChange(request);
    return twin;
  };
  if (payment.status === 'refunded' || payment.refundedCentavos >= payment.amountCentavos) {
    return refuse(alreadyRefunded());
  }
  if (payment.status !== 'approved') {
    throw new AppError('PAYMENT_NOT_REFUNDABLE', 409, 'Solo se pueden devolver pagos aprobados.');
  }
  if (payment.provider !== 'MP') {
    throw new AppError(
      'REFUND_BY_HAND',
      409,
      'Este pago se hizo con el segundo proveedor: la devolución se hace desde su panel.',
    );
  }

  const full = body.amount === undefined;
  const wantsEnd = body.endAccess;
  // nothing reaches the provider for a refund that cannot be made (checked again under the lock)
  const leftNow = payment.amountCentavos - payment.refundedCentavos - (await inProgressOf(app.db, paymentId));
  if (leftNow <= 0) return refuse(alreadyRefunded());
  if (body.amount !== undefined && body.amount > leftNow) return refuse(tooMuch(leftNow));
  // What ending this payment's access ends: of a card agreement charged more than once, only the
  // days this charge paid for and she has not lived (decision 0301); otherwise all it gave.
  const effect = await chargeRefundEffect(app.db, order, payment.id);
  // A subscription's agreement stops before anything changes here: no renewal may charge a
  // refunded subscription whose access was ended or cut short. (Cancelling twice is harmless.)
  if (
    order.kind === 'subscription' &&
    order.status === 'active' &&
    (wantsEnd ?? full) &&
    effect.ends !== 'nothing'
  ) {
    await cancelAtProvider(app, order);
  }

  const outcome = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!locked) throw paymentNotFound();
    const [again] = await tx
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.idempotencyKey, key));
    if (again) return 'replayed' as const;
    const inProgress = await inProgressOf(tx, paymentId);
    const left = locked.amountCentavos - locked.refundedCentavos - inProgress;
    if (left <= 0) throw alreadyRefunded();
    const amount = body.amount ?? left;
    if (amount > left) throw tooMuch(left);
    // a charge whose period is already lived ends nothing: the agreement and her access stay
    const endAccess = (wantsEnd ?? amount === left) && effect.ends !== 'nothing';
    const refund = await insertPendingRefund(tx, {
      // what the provider's refunded total will be once this one is done (refunds in progress too)
      payment: { ...locked, refundedCentavos: locked.refundedCentavos + inProgress },
      amountCentavos: amount,
      reason: 'operator',
      note: body.reason ?? null,
      causedByOrderId: order.id,
      idempotencyKey: key,
      payerEmail: order.payerEmail,
    });
    if (!refund) return 'replayed' as const;
    if (endAccess && effect.ends === 'days') {
      // the other charges' periods stay hers; the agreement no longer charges (a baja)
      await endChargeDays(tx, order, effect.days);
      await transitionOrder(tx, order.id, ['active'], 'cancelled', {
        actor: `user:${operator.id}`,
        reason: `refunded by an operator (${operator.email}), the days of that charge ended`,
        details: { paymentId: locked.id, amountCentavos: amount, refundId: refund.id, days: effect.days },
      });
    } else if (endAccess) {
      await endGrantedAccess(tx, order);
      await transitionOrder(tx, order.id, ['paid', 'active', 'cancelled'], 'refunded', {
        actor: `user:${operator.id}`,
        reason: `refunded by an operator (${operator.email}), access ended`,
        details: { paymentId: locked.id, amountCentavos: amount, refundId: refund.id },
      });
    }
    const accessEnded = endAccess;
    // Before and after name the same facts, read as the payments list reads them (money-ledger.ts):
    // the payment's refund state, what of it is refunded, and its order's status.
    const [orderAfter] = endAccess ? [await findOrder(tx, order.id)] : [order];
    await recordAudit(tx, request, {
      action: 'payment.refund',
      targetType: 'payment',
      targetId: String(paymentId),
      before: {
        status: locked.status,
        amount: locked.amountCentavos,
        refundState: refundStateOf(locked, inProgress),
        refunded: locked.refundedCentavos,
        orderStatus: order.status,
      },
      after: {
        status: locked.status,
        amount: locked.amountCentavos,
        refundState: refundStateOf(locked, inProgress + amount),
        // what the provider has refunded so far (this refund is in progress until it answers)
        refunded: locked.refundedCentavos,
        orderStatus: orderAfter?.status ?? order.status,
        refundId: refund.id,
        refundAmount: amount,
        endAccess,
        accessEnded,
        member: order.userId,
        reason: body.reason ?? null,
      },
    });
    return { refund, accessEnded };
  });

  if (outcome === 'replayed') {
    const replayed = await replay();
    if (!replayed) throw new Error(`refund of payment ${paymentId}: key ${key} replayed but not found`);
    markNoChange(request);
    return replayed;
  }
  app.log.info(
    { paymentId, refundId: outcome.refund.id, operatorId: operator.id },
    'operator refund requested',
  );
  await attemptRefund(app, outcome.refund);
  const [refund] = await adminRefundsWhere(app.db, eq(paymentRefunds.id, outcome.refund.id), 1);
  const view = await adminPaymentById(app.db, paymentId);
  if (!refund || !view) throw paymentNotFound();
  return { refund, payment: view, accessEnded: outcome.accessEnded, replayed: false };
}
