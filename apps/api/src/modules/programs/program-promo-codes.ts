import type { Db } from '../../db/transaction';
import {
  checkPromoCode,
  findPromoCode,
  hasRedeemed,
  type PromoCodeRow,
  promoCodeError,
} from '../promo-codes/promo-code-rules';
import type { ProgramStructure } from './load-program';
import type { ProgramBuyer } from './program-guards';

/** A program promo code that passed every check: it gives the program away, or takes a percent off. */
export interface ProgramPromo {
  id: number;
  code: string;
  kind: 'FREE' | 'DISCOUNT';
  /** 100 for FREE */
  percent: number;
}

/** The promo_codes types of programs (program_ids lists the programs; empty = every program). */
export const programPromoTypes = { PROGRAM_FREE: 'FREE', PROGRAM_DISCOUNT: 'DISCOUNT' } as const;

function programPromoOf(row: PromoCodeRow): ProgramPromo | null {
  if (row.type === 'PROGRAM_FREE') return { id: row.id, code: row.code, kind: 'FREE', percent: 100 };
  if (row.type === 'PROGRAM_DISCOUNT') {
    const percent = row.discountPercent ?? 0;
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) return null;
    return { id: row.id, code: row.code, kind: 'DISCOUNT', percent };
  }
  return null;
}

export interface ProgramPromoFacts {
  programId: string;
  today: string;
  /** undefined: unknown (an anonymous preview), the country rule is then left to checkout */
  countryCode: string | null | undefined;
  /** null: anonymous, "already used" cannot be known */
  userId: string | null;
}

/** What programPromoFor needs to know of this buyer (as the server knows her) and program. */
export const promoFactsOf = (buyer: ProgramBuyer, program: ProgramStructure): ProgramPromoFacts => ({
  programId: program.course.id,
  today: buyer.viewer.today,
  countryCode: buyer.countryCode,
  userId: buyer.userId,
});

/**
 * The program promo code behind `code`, or the spec's PROMO_CODE error with its exact message.
 * The checks every code goes through (found, not disabled, active, in its dates, country, uses)
 * are promo-code-rules' own, in its order: it only knows subscription effects, so a well-formed
 * program code is shown to it as a plain coupon, and anything else (a subscription code, a broken
 * row) as a type it does not know, which it refuses with 'PromoCode type error' at the type step.
 * A code for other programs is the wrong type for this one too.
 */
export async function programPromoFor(db: Db, code: string, facts: ProgramPromoFacts): Promise<ProgramPromo> {
  const row = await findPromoCode(db, code);
  const promo = row ? programPromoOf(row) : null;
  const asSeenByTheRules =
    row &&
    (promo
      ? { ...row, type: 'DISCOUNT_COUPON', discountPercent: 1 }
      : { ...row, type: 'NOT_A_PROGRAM_CODE' });
  checkPromoCode(asSeenByTheRules ?? undefined, facts);
  if (!row || !promo) throw promoCodeError('typeError');
  if (row.programIds.length > 0 && !row.programIds.includes(facts.programId)) {
    throw promoCodeError('typeError');
  }
  if (facts.userId && (await hasRedeemed(db, facts.userId, row.id))) throw promoCodeError('alreadyPromoCode');
  return promo;
}
