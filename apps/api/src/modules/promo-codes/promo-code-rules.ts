import { type PromoCodeMessageKey, promoCodeMessages } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { promoCodeRedemptions, promoCodes } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import type { Coupon } from './coupon';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

const statusOf: Record<PromoCodeMessageKey, number> = {
  notFound: 404,
  expired: 400,
  inactive: 400,
  disabled: 400,
  typeError: 400,
  notAllowedCountryCode: 403,
  exhausted: 409,
  alreadySubscription: 409,
  alreadyPromoCode: 409,
};

/** internalCode PROMO_CODE with the spec's exact server message; the web maps the message. */
export const promoCodeError = (key: PromoCodeMessageKey) =>
  new AppError('PROMO_CODE', statusOf[key], promoCodeMessages[key]);

/** What a promo code does, once its row is known to be well formed. */
export type PromoEffect =
  | { kind: 'FREE_PERIOD'; months: number; days: number; planId: string | null }
  | { kind: 'DISCOUNT_COUPON'; coupon: Coupon };

/**
 * A row's effect, or null when the row does not describe a subscription promo code this endpoint
 * can use: another feature's type, a free period of no length, a discount outside 1–99 %.
 */
export function effectOf(row: PromoCodeRow): PromoEffect | null {
  if (row.type === 'FREE_PERIOD') {
    const months = row.freeMonths ?? 0;
    const days = row.freeDays ?? 0;
    if (months < 0 || days < 0 || months + days === 0) return null;
    return { kind: 'FREE_PERIOD', months, days, planId: row.planId };
  }
  if (row.type === 'DISCOUNT_COUPON') {
    const percent = row.discountPercent ?? 0;
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) return null;
    return {
      kind: 'DISCOUNT_COUPON',
      coupon: { id: row.id, code: row.code, percent, planIds: row.planIds, frequencies: row.frequencies },
    };
  }
  return null;
}

export async function findPromoCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code.trim()})`);
  return row;
}

/**
 * The checks that hold for any user, in the order a user should hear about them. `countryCode`
 * undefined means unknown (an anonymous plan list): the country rule is then left to checkout.
 * Throws the spec's PROMO_CODE error; returns the code's effect.
 */
export function checkPromoCode(
  row: PromoCodeRow | undefined,
  facts: { today: string; countryCode: string | null | undefined },
): PromoEffect {
  if (!row) throw promoCodeError('notFound');
  if (row.disabled) throw promoCodeError('disabled');
  if (!row.active || (row.validFrom !== null && row.validFrom > facts.today))
    throw promoCodeError('inactive');
  if (row.validUntil !== null && row.validUntil < facts.today) throw promoCodeError('expired');
  if (
    facts.countryCode !== undefined &&
    row.allowedCountryCodes.length > 0 &&
    !(facts.countryCode && row.allowedCountryCodes.includes(facts.countryCode))
  ) {
    throw promoCodeError('notAllowedCountryCode');
  }
  const effect = effectOf(row);
  if (!effect) throw promoCodeError('typeError');
  if (row.maxUses !== null && row.uses >= row.maxUses) throw promoCodeError('exhausted');
  return effect;
}

export async function hasRedeemed(db: Db, userId: string, promoCodeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodeRedemptions.id })
    .from(promoCodeRedemptions)
    .where(and(eq(promoCodeRedemptions.userId, userId), eq(promoCodeRedemptions.promoCodeId, promoCodeId)));
  return Boolean(row);
}

/**
 * Takes one use of a code and records the user's redemption, atomically: a conditional UPDATE
 * bounded by max_uses (concurrent users of a single-use code: exactly one wins) and the unique
 * (user, code) row. Throws exhausted / alreadyPromoCode; the caller's transaction rolls back.
 */
export async function redeemPromoCode(
  tx: Db,
  redemption: { promoCodeId: number; userId: string; orderId?: string; grantedUntil?: string },
): Promise<void> {
  const taken = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(promoCodes.id, redemption.promoCodeId),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (taken.length === 0) throw promoCodeError('exhausted');
  const recorded = await tx
    .insert(promoCodeRedemptions)
    .values(redemption)
    .onConflictDoNothing({ target: [promoCodeRedemptions.userId, promoCodeRedemptions.promoCodeId] })
    .returning({ id: promoCodeRedemptions.id });
  if (recorded.length === 0) throw promoCodeError('alreadyPromoCode');
}

/** Gives back a coupon reserved by a checkout that did not go through. */
export async function releasePromoCode(tx: Db, promoCodeId: number, orderId: string): Promise<void> {
  const released = await tx
    .delete(promoCodeRedemptions)
    .where(and(eq(promoCodeRedemptions.promoCodeId, promoCodeId), eq(promoCodeRedemptions.orderId, orderId)))
    .returning({ id: promoCodeRedemptions.id });
  if (released.length === 0) return;
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(promoCodes.id, promoCodeId));
}
