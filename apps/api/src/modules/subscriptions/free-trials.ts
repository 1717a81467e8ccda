import { createHmac } from 'node:crypto';
import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { freeTrials } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import type { OrderRow } from '../payments/orders-repository';

/**
 * The card a token stands for (decision 0100): a keyed hash of what the provider reads off the
 * card itself, its first six and last four digits and its expiry, never what the buyer types (her
 * name or document), so the same card gives the same value on any account and with any name,
 * and the value tells nothing of the card. `legacy` is the hash trials were recorded with before
 * (the digits and the typed document): an earlier trial with that card and document still counts.
 * Null when the provider cannot say (then only the account counts).
 */
export async function cardFingerprintOf(
  app: FastifyInstance,
  cardToken: string,
): Promise<{ fingerprint: string; legacy: string | null } | null> {
  const gateway = app.paymentGateway;
  if (!gateway) return null;
  try {
    const card = await gateway.getCardToken(cardToken);
    if (!card.firstSixDigits || !card.lastFourDigits) return null;
    const expiry =
      card.expirationMonth && card.expirationYear
        ? `${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear}`
        : 'unknown';
    const keyed = (text: string) => createHmac('sha256', app.codeSecret).update(text).digest('hex');
    return {
      fingerprint: keyed(`card-v2:${card.firstSixDigits}:${card.lastFourDigits}:${expiry}`),
      legacy: card.identificationNumber
        ? keyed(`card:${card.firstSixDigits}:${card.lastFourDigits}:${card.identificationNumber}`)
        : null,
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    app.log.warn({ err: error }, 'card token not readable: the free-trial check uses the account only');
    return null;
  }
}

/** Whether this person (her account, or the card) already had a free trial, of any plan. */
export async function hadFreeTrial(
  db: Db,
  person: { userId: string; card?: { fingerprint: string; legacy: string | null } | null },
): Promise<boolean> {
  const cardKeys = person.card ? [person.card.fingerprint, person.card.legacy].filter((k) => k !== null) : [];
  const [found] = await db
    .select({ id: freeTrials.id })
    .from(freeTrials)
    .where(
      cardKeys.length > 0
        ? or(eq(freeTrials.userId, person.userId), inArray(freeTrials.cardFingerprint, cardKeys))
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
