import type { CurrentUser } from '@alcancia/contract';
import { plansPath } from '../../lib/paths';

/**
 * Pure rules of the logged-in shell about the account: the Argentina date, subscription, the
 * verification banner and blocking modal, and the discount banner.
 */

// Created on first use, not when the shell loads: a formatter with a time zone costs the browser
// a long task on a slow phone, and most visits never need it.
let argentinaDate: Intl.DateTimeFormat | null = null;

/** Today in Buenos Aires as YYYY-MM-DD. */
export function argentinaToday(now: Date = new Date()): string {
  argentinaDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return argentinaDate.format(now);
}

/** Subscribed means subscriptionEndDate (only its first 10 characters) is today or later. */
export function isSubscribedOn(subscriptionEndDate: string | null | undefined, today: string): boolean {
  if (!subscriptionEndDate) return false;
  return subscriptionEndDate.slice(0, 10) >= today;
}

export const unverifiedGraceDays = 3;
const dayMs = 86_400_000;

export type VerificationState = 'verified' | 'banner' | 'blocked';

/**
 * emailVerified false: fewer than 3 days since createdAt → the red banner; 3 days or more → the
 * blocking modal "Aún no validaste tu cuenta".
 */
export function verificationState(
  user: Pick<CurrentUser, 'emailVerified' | 'createdAt'>,
  now: Date = new Date(),
): VerificationState {
  if (user.emailVerified) return 'verified';
  const created = Date.parse(user.createdAt);
  if (Number.isNaN(created)) return 'banner';
  return now.getTime() - created >= unverifiedGraceDays * dayMs ? 'blocked' : 'banner';
}

/**
 * The discount banner: hidden while the subscription loads, when it is active, and inside the
 * purchase pages (/compra/…): a checkout has its own promo box, and a banner there pulls her out
 * of the payment (issue 20); nor in the player (a course she is taking) or in Mi cuenta, where it
 * only takes room from what she came to do (issue 44). It shows where she chooses what to learn.
 */
export function showDiscountBanner(
  subscription: { isSubscribed: boolean } | undefined,
  closed: boolean,
  pathname = '/',
): boolean {
  if (closed || !subscription || isPurchasePage(pathname) || isFocusPage(pathname)) return false;
  return !subscription.isSubscribed;
}

/** The player (/academy/{course}[/{class}], not the list /academy/cursos) and Mi cuenta. */
export function isFocusPage(pathname: string): boolean {
  return /^\/academy\/(?!cursos\/?$)[^/]+/i.test(pathname) || /^\/mi-cuenta(\/|$)/i.test(pathname);
}

/** The checkouts and what surrounds them: no discount banner there. */
export function isPurchasePage(pathname: string): boolean {
  return /^\/compra(\/|-exitosa|$)/i.test(pathname);
}

/** Where the discount banner leads: the promo code flow of the plan list. */
export const promoCodeEntryPath = `${plansPath}?promoCodeOpen=true`;

export interface ExpiredPromoInput {
  userId: string | null | undefined;
  lastUserServiceOrigin: string | null | undefined;
  isSubscribed: boolean;
  /** already shown during this visit */
  shownThisVisit: boolean;
  /** the users that asked not to see it again (local storage notShowExpiredModal) */
  optedOut: readonly string[];
}

/**
 * The expired-promo modal of the academy home: the last subscription came from a promo code, it
 * is over, the modal was not shown yet and the user did not ask to stop seeing it.
 */
export function showExpiredPromoModal(input: ExpiredPromoInput): boolean {
  if (!input.userId || input.shownThisVisit) return false;
  if (input.lastUserServiceOrigin !== 'PROMO_CODE' || input.isSubscribed) return false;
  return !input.optedOut.includes(input.userId);
}

export const notShowExpiredModalKey = 'notShowExpiredModal';

/** The user ids stored under notShowExpiredModal (a JSON list; anything else reads as empty). */
export function parseOptedOut(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
