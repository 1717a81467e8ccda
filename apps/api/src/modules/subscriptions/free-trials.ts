import { createHmac } from 'node:crypto';
import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import { freeTrials } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';

/** The keys a card is known by in `free_trials`. */
export interface CardKeys {
  /** the card itself: first six and last four digits (card_key, unique; decision 0272) */
  key: string;
  /** the earlier hash, with the expiry as typed (card_fingerprint; trials recorded before 0272) */
  fingerprint: string;
  /** the hash before that: the digits and the typed document (decision 0100) */
  legacy: string | null;
}

/**
 * The card a token stands for (decisions 0100, 0272): keyed hashes of what the provider reads off
 * the card itself, never what the buyer types. `key` is its first six and last four digits: the
 * BIN names the issuer and the brand, so the same card is the same key on any account, with any
 * name, document or expiry typed. The older hashes (`fingerprint` with the expiry, `legacy` with
 * the document) are what trials were recorded with before: such a trial still counts. Null when
 * the provider cannot say (then only the account counts).
 */
export async function cardFingerprintOf(app: FastifyInstance, cardToken: string): Promise<CardKeys | null> {
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
      key: keyed(`card-v3:${card.firstSixDigits}:${card.lastFourDigits}`),
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

/** Whether this person (her account, or the card by any of its keys) already had a free trial, of any plan. */
export async function hadFreeTrial(
  db: Db,
  person: { userId: string; card?: CardKeys | null },
): Promise<boolean> {
  const { card } = person;
  const oldKeys = card ? [card.fingerprint, card.legacy].filter((k) => k !== null) : [];
  const [found] = await db
    .select({ id: freeTrials.id })
    .from(freeTrials)
    .where(
      card
        ? or(
            eq(freeTrials.userId, person.userId),
            eq(freeTrials.cardKey, card.key),
            inArray(freeTrials.cardFingerprint, oldKeys),
          )
        : eq(freeTrials.userId, person.userId),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * Claims her free trial before the agreement is created (decision 0272): a row under the unique
 * card key, so of several accounts paying with one card at the same moment one gets it; the others
 * get null (the card already had its trial). Her own account's checkouts are one at a time (the
 * person lock). Linked to the order once opened; released when the agreement is not created.
 */
export async function claimFreeTrial(
  db: Db,
  claim: { userId: string; planId: string; card: CardKeys | null },
): Promise<number | null> {
  try {
    const [row] = await db
      .insert(freeTrials)
      .values({
        userId: claim.userId,
        planId: claim.planId,
        cardKey: claim.card?.key ?? null,
        cardFingerprint: claim.card?.fingerprint ?? null,
      })
      .returning({ id: freeTrials.id });
    return row?.id ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The claimed trial belongs to this order (the dashboard and support read it so). */
export async function linkFreeTrial(db: Db, claimId: number, orderId: string): Promise<void> {
  await db.update(freeTrials).set({ orderId }).where(eq(freeTrials.id, claimId));
}

/** The agreement was not created: the card (and her account) may have its trial another time. */
export async function releaseFreeTrial(db: Db, claimId: number): Promise<void> {
  await db.delete(freeTrials).where(eq(freeTrials.id, claimId));
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
