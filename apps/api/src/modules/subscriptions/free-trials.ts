import { createHmac } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { freeTrials } from '../../db/schema';
import { AppError } from '../../errors';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import type { Db, OrderRow } from '../payments/orders-repository';

/**
 * The card a token stands for, as a keyed hash of its first six and last four digits and the
 * cardholder's document: the same card on another account gives the same value, and the value
 * tells nothing of the card. Null when the provider cannot say (then only the account counts).
 */
export async function cardFingerprintOf(app: FastifyInstance, cardToken: string): Promise<string | null> {
  const gateway = app.paymentGateway;
  if (!gateway) return null;
  try {
    const card = await gateway.getCardToken(cardToken);
    if (!card.firstSixDigits || !card.lastFourDigits) return null;
    return createHmac('sha256', app.codeSecret)
      .update(`card:${card.firstSixDigits}:${card.lastFourDigits}:${card.identificationNumber ?? ''}`)
      .digest('hex');
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    app.log.warn({ err: error }, 'card token not readable: the free-trial check uses the account only');
    return null;
  }
}

/** Whether this person (her account, or the card) already had a free trial, of any plan. */
export async function hadFreeTrial(
  db: Db,
  person: { userId: string; cardFingerprint?: string | null },
): Promise<boolean> {
  const [found] = await db
    .select({ id: freeTrials.id })
    .from(freeTrials)
    .where(
      person.cardFingerprint
        ? or(eq(freeTrials.userId, person.userId), eq(freeTrials.cardFingerprint, person.cardFingerprint))
        : eq(freeTrials.userId, person.userId),
    )
    .limit(1);
  return found !== undefined;
}

export async function recordFreeTrial(
  db: Db,
  order: OrderRow,
  cardFingerprint: string | null,
): Promise<void> {
  await db.insert(freeTrials).values({
    userId: order.userId,
    cardFingerprint,
    planId: order.itemId,
    orderId: order.id,
  });
}

/**
 * The web showed a free trial, but this person already had hers: nothing is charged, and she is
 * told before paying (the checkout then shows the plan without the trial).
 */
export const freeTrialAlreadyUsed = () =>
  new AppError(
    'FREE_TRIAL_ALREADY_USED',
    409,
    'Ya usaste tu prueba gratis (con esta cuenta o con esta tarjeta). Podés suscribirte igual: el primer cobro se hace hoy.',
  );
