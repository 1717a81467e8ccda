import { programErrorMessages } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { saleStatus } from '../academy/catalog-rows';
import { anonymousViewer, isAccessible, loadFreshViewer, type Viewer } from '../academy/viewer';
import type { ProgramStructure } from './load-program';

/** Who is looking at (or buying) a program, as the server knows her. */
export interface ProgramBuyer {
  userId: string | null;
  email: string | null;
  /** null: an account without a country; undefined: unknown (anonymous, no countryCode sent) */
  countryCode: string | null | undefined;
  viewer: Viewer;
}

/** A logged-in buyer: subscription, purchases and country come from the account, never the browser. */
export async function loadProgramBuyer(db: Database, userId: string): Promise<ProgramBuyer> {
  const [[account], viewer] = await Promise.all([
    db.select({ email: users.email, countryCode: users.countryCode }).from(users).where(eq(users.id, userId)),
    loadFreshViewer(db, userId),
  ]);
  if (!account) throw AppError.unauthorized();
  return { userId, email: account.email, countryCode: account.countryCode, viewer };
}

/** An anonymous visitor: what the page says about her (spec: isSubscribed, countryCode). */
export function anonymousBuyer(facts: { isSubscribed?: boolean; countryCode?: string }): ProgramBuyer {
  return {
    userId: null,
    email: null,
    countryCode: facts.countryCode,
    viewer: { ...anonymousViewer(), subscribed: facts.isSubscribed ?? false },
  };
}

/**
 * Owning a program (bought alone, or inside a bought pack; a free one is everyone's) ends its
 * checkout before anything else: ALREADY_PURCHASED, and the web sends her to the course.
 */
export function assertNotOwned(program: ProgramStructure, buyer: ProgramBuyer): void {
  if (isAccessible(program.course, buyer.viewer)) {
    throw new AppError('ALREADY_PURCHASED', 409, programErrorMessages.ALREADY_PURCHASED);
  }
}

/** The program's audience column: ALL, ONLY_SUBSCRIBERS or ONLY_UNSUBSCRIBERS. */
export function assertAudience(program: ProgramStructure, buyer: ProgramBuyer): void {
  const { audience } = program.course;
  if (audience === 'ONLY_SUBSCRIBERS' && !buyer.viewer.subscribed) {
    throw new AppError('ONLY_SUBSCRIBERS', 403, programErrorMessages.ONLY_SUBSCRIBERS);
  }
  if (audience === 'ONLY_UNSUBSCRIBERS' && buyer.viewer.subscribed) {
    throw new AppError('ONLY_UNSUBSCRIBERS', 403, programErrorMessages.ONLY_UNSUBSCRIBERS);
  }
}

/** Sold only between saleable_start_date and saleable_end_date, both inclusive, in Argentina. */
export function assertOnSale(program: ProgramStructure, today: string): void {
  if (saleStatus(program.course, today) !== 'OPEN') {
    throw new AppError('OUT_OF_SALE_WINDOW', 409, programErrorMessages.OUT_OF_SALE_WINDOW);
  }
}

/** Program checkouts, like card subscriptions, are for Argentina accounts only (spec: country gate). */
export function assertArgentina(buyer: ProgramBuyer): void {
  if (buyer.countryCode !== 'AR') {
    throw new AppError(
      'COUNTRY_NOT_ALLOWED',
      403,
      'La compra de programas está disponible solo para cuentas de Argentina.',
    );
  }
}

/** The card form and the redirect link each sell only the programs configured for them. */
export function assertCheckoutProvider(program: ProgramStructure, provider: string): void {
  if (program.course.checkoutProvider !== provider) {
    throw new AppError('CHECKOUT_PROVIDER_MISMATCH', 409, programErrorMessages.CHECKOUT_PROVIDER_MISMATCH);
  }
}
