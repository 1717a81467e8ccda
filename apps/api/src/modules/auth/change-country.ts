import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders, promoCodeRedemptions, promoCodes } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';

/** Orders that got (or may still get) something through a country-limited checkout. */
const usedOrderStatuses = ['pending', 'active', 'paid', 'replaced', 'cancelled'] as const;

/**
 * Whether this account already used its country for something the country decides: a promo code
 * limited to some countries was redeemed, or something was bought (the card and redirect
 * checkouts and the guest memberships are for Argentina only). Then switching country and back
 * could reuse a country check (an MX-only code on an Argentine account, or the reverse).
 */
export async function countryCheckUsed(db: Db, userId: string): Promise<boolean> {
  const [redeemed] = await db
    .select({ id: promoCodeRedemptions.id })
    .from(promoCodeRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.promoCodeId))
    .where(
      and(eq(promoCodeRedemptions.userId, userId), sql`cardinality(${promoCodes.allowedCountryCodes}) > 0`),
    )
    .limit(1);
  if (redeemed) return true;
  const [bought] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), inArray(paymentOrders.status, [...usedOrderStatuses])))
    .limit(1);
  return bought !== undefined;
}

/**
 * The one rule for changing an account's country, for every path that changes it: a missing
 * country is set freely (onboarding); an existing one changes only while no country check was
 * used. Otherwise a Spanish 409 says how to get it changed.
 */
export async function assertCountryChangeAllowed(
  db: Db,
  user: { id: string; countryCode: string | null },
  countryCode: string,
): Promise<void> {
  if (!user.countryCode || user.countryCode === countryCode) return;
  if (await countryCheckUsed(db, user.id)) {
    throw new AppError(
      'COUNTRY_CHANGE_NOT_ALLOWED',
      409,
      'Tu país quedó registrado con una compra o un código promocional, así que no se puede cambiar desde acá. Si te mudaste, escribinos por el chat de ayuda y lo revisamos.',
    );
  }
}
