import { randomUUID } from 'node:crypto';
import { programErrorMessages, type RefusedReason } from '@alcancia/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { type PaymentProviderError, PaymentRefusedError } from '../../providers/payments/payment-gateway';
import { isUniqueViolation } from '../auth/users-repository';
import { type Actor, insertOrder, type OrderRow, transitionOrder } from '../payments/orders-repository';
import { refusedReasonOf } from '../payments/refused-reason';
import { redeemPromoCode, releasePromoCode } from '../promo-codes/promo-code-rules';
import { type ProgramStructure, productTypeOf } from './load-program';
import type { ProgramPrice } from './program-pricing';
import type { ProgramPromo } from './program-promo-codes';

export const providerUnavailable = () =>
  new AppError(
    'PAYMENT_PROVIDER_ERROR',
    502,
    'No pudimos comunicarnos con el medio de pago. Probá de nuevo en unos minutos.',
  );

/** How long a payment in process blocks paying the same program again. */
const PENDING_BLOCKS_FOR_DAYS = 7;

/**
 * A card payment of this program still in process (e.g. in review at the provider) could still be
 * approved: a second one now could charge her twice. Older ones no longer block.
 */
export async function assertNoPendingProgramPayment(
  app: FastifyInstance,
  userId: string,
  programId: string,
): Promise<void> {
  const [pending] = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'program'),
        eq(paymentOrders.itemId, programId),
        eq(paymentOrders.provider, 'MP'),
        eq(paymentOrders.status, 'pending'),
        gt(paymentOrders.createdAt, sql`now() - make_interval(days => ${PENDING_BLOCKS_FOR_DAYS})`),
      ),
    )
    .limit(1);
  if (pending) {
    throw new AppError('PROGRAM_PAYMENT_PENDING', 409, programErrorMessages.PROGRAM_PAYMENT_PENDING);
  }
}

export interface NewProgramOrder {
  userId: string;
  email: string;
  program: ProgramStructure;
  price: ProgramPrice;
  promo: ProgramPromo | null;
  provider: string;
  installments: number;
}

/**
 * The order (and the coupon's use, reserved for it) before anything is asked of the provider. The
 * database allows one checkout in flight per user and kind: a second one at the same moment is
 * CHECKOUT_IN_PROGRESS.
 */
export async function openProgramOrder(app: FastifyInstance, input: NewProgramOrder, actor: Actor) {
  const { course } = input.program;
  try {
    return await app.db.transaction(async (tx) => {
      const order = await insertOrder(
        tx,
        {
          kind: 'program',
          userId: input.userId,
          payerEmail: input.email,
          itemId: course.id,
          description: course.name,
          amountCentavos: input.price.chargeCentavos,
          idempotencyKey: randomUUID(),
          provider: input.provider,
          promoCodeId: input.promo?.id ?? null,
          details: {
            programName: course.name,
            productType: productTypeOf(course.kind),
            regularPriceCentavos: input.price.regularCentavos,
            couponCode: input.price.promoCodeApplied,
            installments: input.installments,
          },
        },
        actor,
        `program checkout (${input.provider})`,
      );
      if (input.promo) {
        await redeemPromoCode(tx, { promoCodeId: input.promo.id, userId: input.userId, orderId: order.id });
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
 * and, when the outcome is certain, the coupon comes back. A provider error without an answer
 * (timeout, network) is ambiguous: the payment may exist, so the order stays claimable by its
 * notifications and the coupon stays reserved.
 */
export async function closeFailedProgramOrder(
  app: FastifyInstance,
  order: OrderRow,
  error: PaymentRefusedError | PaymentProviderError,
  actor: Actor,
): Promise<{ status: 'refused'; refusedReason: RefusedReason }> {
  const refused = error instanceof PaymentRefusedError;
  const refusedReason = refused ? refusedReasonOf(error.statusDetail) : null;
  const definite = refused || error.status !== null;
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
  });
  if (refused && refusedReason) {
    if (!error.statusDetail.startsWith('cc_rejected_')) {
      // Shown as a refusal, but it may be our mistake (a reused token, a rule of the provider).
      app.log.warn(
        { orderId: order.id, detail: error.statusDetail },
        'program payment refused without a card verdict',
      );
    }
    return { status: 'refused', refusedReason };
  }
  app.log.error({ err: error, orderId: order.id }, 'program checkout failed at the provider');
  throw providerUnavailable();
}
