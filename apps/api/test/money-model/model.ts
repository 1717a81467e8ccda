import { withdrawalWindowDays } from '@alcancia/contract';
import { guestTierTerms } from '@alcancia/contract/guest-tiers';
import { addToDate, daysBetween } from '../../src/lib/subscription-dates';

/**
 * The reference model of the money model-based test (issue 39): what each approved charge buys,
 * when the law gives a withdrawal, and what access she should have. Pure functions over facts; the
 * harness (world.ts) reads the facts from the emulator and our tables, the invariants
 * (invariants.ts) compare. Kept small on purpose: the rules, not the product's code.
 */

/** A stretch of access: calendar months, then days. */
export interface Period {
  months: number;
  days: number;
}
export const noPeriod: Period = { months: 0, days: 0 };
export const addPeriods = (a: Period, b: Period): Period => ({
  months: a.months + b.months,
  days: a.days + b.days,
});

/** The plans the test sells by card (the demo catalogue, seedDemoSubscriptions), and their trials. */
export const cardPlans = {
  'Plan Esencial': { planId: 'plan-esencial', weight: 1, trial: { monthly: { months: 0, days: 7 } } },
  'Plan Oro': { planId: 'plan-oro', weight: 2, trial: {} },
  'Plan Platino': { planId: 'plan-platino', weight: 3, trial: { annual: { months: 1, days: 0 } } },
} as const satisfies Record<
  string,
  { planId: string; weight: number; trial: Partial<Record<Frequency, Period>> }
>;
export type CardPlanName = keyof typeof cardPlans;
export type Frequency = 'monthly' | 'annual';

/** The free-period code (seedDemoSubscriptions): 30 days of Esencial, once per person. */
export const freePeriodCode = { code: 'BIENVENIDA30', period: { months: 0, days: 30 } } as const;
/** The subscription discount coupon: 20 % off the charge, the same period. */
export const discountCoupon = 'DESCUENTO20';

/** Programs and packs sold in the test (test/programs.ts seedTestPrograms): access is ownership, not days. */
export const sellableProducts = ['prog-una-cuota', 'pack-combo'] as const;
export type SellableProduct = (typeof sellableProducts)[number];

/** What one approved charge is for, as recorded on its order. */
export interface ChargeFacts {
  kind: 'subscription' | 'program' | 'guest_tier';
  /** plan id, program/pack id, or guest tier */
  itemId: string;
  frequency: string | null;
}

/** The access one approved charge pays for: a plan period, or null (a program or pack: ownership). */
export function periodBoughtBy(charge: ChargeFacts): Period | null {
  if (charge.kind === 'program') return null;
  if (charge.kind === 'guest_tier') {
    const terms = guestTierTerms[charge.itemId as keyof typeof guestTierTerms];
    if (!terms) throw new Error(`unknown guest tier ${charge.itemId}`);
    return { months: terms.accessMonths, days: 0 };
  }
  if (charge.frequency === 'monthly') return { months: 1, days: 0 };
  if (charge.frequency === 'annual') return { months: 12, days: 0 };
  throw new Error(`unknown frequency ${charge.frequency}`);
}

/** The trial a plan and frequency offer (none for an upgrade, decided by the caller). */
export function trialOf(planId: string, frequency: string | null): Period | null {
  for (const plan of Object.values(cardPlans)) {
    if (plan.planId !== planId) continue;
    return (plan.trial as Partial<Record<string, Period>>)[frequency ?? ''] ?? null;
  }
  return null;
}

/**
 * One approved charge as the model sees it. `refundedInFull`: the provider gave all of it back
 * (withdrawal, operator, upgrade's unused days on the first day, a duplicate). A partial refund
 * an operator gives without ending access is money back, not days: the charge still counts.
 */
export interface ModelCharge extends ChargeFacts {
  providerPaymentId: string;
  amountCentavos: number;
  refundedCentavos: number;
  approvedOn: string;
  /** the first approved charge of its order (a subscription's later ones are renewals) */
  firstOfOrder: boolean;
  withdrawn: boolean;
}

export const refundedInFull = (c: Pick<ModelCharge, 'amountCentavos' | 'refundedCentavos'>) =>
  c.refundedCentavos >= c.amountCentavos;

/**
 * Ley 24.240 art. 34 and Resolución 424/2020: she may revoke a purchase within 10 consecutive
 * days of it (a subscription: of its first charge; renewals are not purchases), for what was not
 * yet refunded (a partial refund leaves the rest), once.
 */
export function lawGivesWithdrawal(charge: ModelCharge, today: string): boolean {
  if (charge.withdrawn || refundedInFull(charge)) return false;
  if (charge.kind === 'subscription' && !charge.firstOfOrder) return false;
  return today <= addToDate(charge.approvedOn, { days: withdrawalWindowDays });
}

/** A free period she got without a charge: a card plan's trial, a free-period code. */
export interface FreePeriod {
  why: 'trial' | 'free_code';
  period: Period;
}

/**
 * The plan access she should have from today: every approved charge's period that was not refunded
 * in full, plus her free periods, end to end (nothing overlaps: what she bought later waits).
 */
export function expectedPlanPeriod(charges: ModelCharge[], free: FreePeriod[]): Period {
  let total = noPeriod;
  for (const charge of charges) {
    const period = periodBoughtBy(charge);
    if (period && !refundedInFull(charge)) total = addPeriods(total, period);
  }
  for (const f of free) total = addPeriods(total, f.period);
  return total;
}

/** Days from today through the end of `period` (inclusive, as grants count), 0 for no period. */
export function daysOf(period: Period, today: string): number {
  if (period.months === 0 && period.days === 0) return 0;
  return daysBetween(today, addToDate(today, period)) + 1;
}

/**
 * Months are calendar months stacked one after the other (a 31st becomes a 30th, a trial's days
 * land before or after a month): each stacked period may shift the end by a day or two. A month
 * paid twice or lost, a trial given twice (7 days), a free code twice (30 days) are far beyond it.
 */
export const stackingToleranceDays = 3;

/** A program or pack she should own: one charge for it that was not refunded in full. */
export function productsPaidFor(charges: ModelCharge[]): Map<string, number> {
  const live = new Map<string, number>();
  for (const c of charges) {
    if (c.kind !== 'program' || refundedInFull(c)) continue;
    live.set(c.itemId, (live.get(c.itemId) ?? 0) + 1);
  }
  return live;
}

/** Card identity for the one-trial rule (issue 39): the digits the card carries, never its typed expiry. */
export const cardKey = (card: { firstSix: string; lastFour: string }) => `${card.firstSix}…${card.lastFour}`;

export { daysBetween };
