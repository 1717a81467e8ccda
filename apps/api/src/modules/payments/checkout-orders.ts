import type { RefusedReason } from '@alcancia/contract';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { PaymentProviderError, PaymentRefusedError } from '../../providers/payments/payment-gateway';
import { redeemPromoCode, releasePromoCode } from '../promo-codes/promo-code-rules';
import { type Actor, insertOrder, type OrderKind, type OrderRow, transitionOrder } from './orders-repository';
import { refusedReasonOf } from './refused-reason';

/** What a checkout answers when the provider refused it: nothing was charged. */
export interface Refusal {
  status: 'refused';
  refusedReason: RefusedReason;
}

/** PAYMENT_PROVIDER_ERROR (502): the provider could not be asked, or failed. */
export const providerUnavailable = () =>
  new AppError(
    'PAYMENT_PROVIDER_ERROR',
    502,
    'No pudimos comunicarnos con el medio de pago. Probá de nuevo en unos minutos.',
  );

/** How long a payment in process blocks paying the same thing again. */
const PENDING_BLOCKS_FOR_DAYS = 7;
/** How long a checkout the provider never answered blocks another (its notification comes within minutes). */
const UNKNOWN_OUTCOME_BLOCKS_FOR_MINUTES = 10;

/**
 * Whether the user has an order of this kind (and item, and provider, when given) whose payment is
 * still in process, or whose checkout the provider never answered a moment ago: it could still be
 * approved, so a second checkout now could charge her twice. Older ones no longer block (the
 * provider would have decided).
 */
export async function hasPendingOrder(
  db: Db,
  filter: { userId: string; kind: OrderKind; itemId?: string; provider?: string },
): Promise<boolean> {
  const [pending] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, filter.userId),
        eq(paymentOrders.kind, filter.kind),
        filter.itemId === undefined ? undefined : eq(paymentOrders.itemId, filter.itemId),
        filter.provider === undefined ? undefined : eq(paymentOrders.provider, filter.provider),
        or(
          and(
            eq(paymentOrders.status, 'pending'),
            gt(paymentOrders.createdAt, sql`now() - make_interval(days => ${PENDING_BLOCKS_FOR_DAYS})`),
          ),
          // The provider did not answer (a timeout) or failed (5xx): the charge may exist, and its
          // notification may still come. A retry now would be a second order, with a key of its own.
          and(
            eq(paymentOrders.status, 'error'),
            sql`${paymentOrders.details} ->> 'outcomeUnknown' = 'true'`,
            gt(
              paymentOrders.createdAt,
              sql`now() - make_interval(mins => ${UNKNOWN_OUTCOME_BLOCKS_FOR_MINUTES})`,
            ),
          ),
        ),
      ),
    )
    .limit(1);
  return pending !== undefined;
}

/** A checkout stuck in `created` (the process died mid-call) must not block the user for ever. */
async function expireStaleCheckouts(db: Db, userId: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'error', updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.status, 'created'),
        lt(paymentOrders.createdAt, sql`now() - interval '10 minutes'`),
      ),
    );
}

type NewCheckoutOrder = Parameters<typeof insertOrder>[1] & { userId: string };

/**
 * A user's order (and the use of its promo code, reserved for it) before anything is asked of the
 * provider. Her checkouts stuck in `created` expire first; the database then allows one checkout
 * in flight per user and kind: a second one at the same moment is CHECKOUT_IN_PROGRESS.
 */
export async function openCheckoutOrder(
  app: FastifyInstance,
  values: NewCheckoutOrder,
  actor: Actor,
  reason: string,
): Promise<OrderRow> {
  await expireStaleCheckouts(app.db, values.userId);
  try {
    return await app.db.transaction(async (tx) => {
      const order = await insertOrder(tx, values, actor, reason);
      if (values.promoCodeId != null) {
        await redeemPromoCode(tx, {
          promoCodeId: values.promoCodeId,
          userId: values.userId,
          orderId: order.id,
        });
      }
      return order;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CHECKOUT_IN_PROGRESS',
      409,
      'Ya estamos procesando otro pago tuyo. Esperá un momento.',
    );
  }
}

/**
 * The provider refused the request (nothing charged) or could not be asked: the order records why
 * and, when the outcome is certain, its promo code comes back. A provider error without an HTTP
 * answer (timeout, network) or with a 5xx (the SDK's retries with the same key included) is
 * ambiguous: the payment or agreement may exist, so the order stays claimable by its
 * notifications, the code stays reserved and another checkout waits (hasPendingOrder). A refusal
 * is answered; anything else is PAYMENT_PROVIDER_ERROR.
 */
export async function closeFailedCheckoutOrder(
  app: FastifyInstance,
  order: OrderRow,
  error: PaymentRefusedError | PaymentProviderError,
  actor: Actor,
): Promise<Refusal> {
  const refused = error instanceof PaymentRefusedError;
  const refusedReason = refused ? refusedReasonOf(error.statusDetail) : null;
  const definite = isDefiniteFailure(error);
  await app.db.transaction(async (tx) => {
    const moved = await transitionOrder(
      tx,
      order.id,
      ['created'],
      refused ? 'refused' : 'error',
      {
        actor,
        reason: refused
          ? `refused by the provider: ${error.statusDetail}`
          : `provider error: ${error.message}`,
      },
      refusedReason ? { refusedReason } : {},
    );
    if (moved && definite && order.promoCodeId) await releasePromoCode(tx, order.promoCodeId, order.id);
    if (moved && !definite) {
      await tx
        .update(paymentOrders)
        .set({ details: sql`${paymentOrders.details} || '{"outcomeUnknown": true}'::jsonb` })
        .where(eq(paymentOrders.id, order.id));
    }
  });
  if (refused && refusedReason) {
    if (!error.statusDetail.startsWith('cc_rejected_')) {
      // Shown as a refusal, but it may be our mistake (a reused token, a rule of the provider).
      app.log.warn(
        { orderId: order.id, detail: error.statusDetail },
        `${order.kind} checkout refused without a card verdict`,
      );
    }
    return { status: 'refused', refusedReason };
  }
  app.log.error({ err: error, orderId: order.id }, `${order.kind} checkout failed at the provider`);
  throw providerUnavailable();
}

/**
 * Whether the provider certainly did nothing: a refusal, or a 4xx (429 included) it did not
 * process. A 5xx or no answer may hide a charge or an agreement (decision 63).
 */
export const isDefiniteFailure = (error: PaymentRefusedError | PaymentProviderError): boolean =>
  error instanceof PaymentRefusedError || (error.status !== null && error.status < 500);

/** Whether a provider call failed in a way closeFailedCheckoutOrder handles. */
export const isProviderFailure = (error: unknown): error is PaymentRefusedError | PaymentProviderError =>
  error instanceof PaymentRefusedError || error instanceof PaymentProviderError;
