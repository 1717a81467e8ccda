import type {
  FeatureFlags,
  FreeTrial,
  PlanFrequency,
  ProviderPlan,
  SubscriptionPlan,
} from '@alcancia/contract';
import { plansPath } from '../../lib/paths';

/**
 * Pure rules of the plan list and the subscription checkout (spec §2 plan list, §4, §9). Prices
 * are integer centavos.
 */

/** The two frequencies the plan list offers as tabs, in their order. */
export const tabFrequencies = ['monthly', 'annual'] as const;
export type TabFrequency = (typeof tabFrequencies)[number];

/** Flags that could not be read are off (spec §6). */
export const flagsOff: FeatureFlags = {
  enableMonthlySubscriptionPurchase: false,
  enableAnnualSubscriptionPurchase: false,
};

/** The tabs shown, by the flags enableMonthlySubscriptionPurchase / enableAnnualSubscriptionPurchase. */
export function visibleTabs(flags: FeatureFlags | null | undefined): TabFrequency[] {
  const on = flags ?? flagsOff;
  return tabFrequencies.filter((frequency) =>
    frequency === 'monthly' ? on.enableMonthlySubscriptionPurchase : on.enableAnnualSubscriptionPurchase,
  );
}

/** Plans in displayMetadata.order (ties keep the server's order). */
export function sortPlans<T extends Pick<SubscriptionPlan, 'displayMetadata'>>(plans: readonly T[]): T[] {
  return plans
    .map((plan, index) => ({ plan, index }))
    .sort((a, b) => a.plan.displayMetadata.order - b.plan.displayMetadata.order || a.index - b.index)
    .map(({ plan }) => plan);
}

/** A percent as shown: rounded to a whole number. */
export function roundPercent(value: number): number {
  return Math.round(value);
}

/** The discount of a provider plan as a rounded percent, or null without one. */
export function discountPercentOf(providerPlan: ProviderPlan | undefined): number | null {
  const prices = providerPlan?.prices;
  if (!prices || prices.discountPrice === null || prices.discountPrice >= prices.regularPrice) return null;
  const percent =
    prices.discountPercentage ?? (1 - prices.discountPrice / Math.max(prices.regularPrice, 1)) * 100;
  const rounded = roundPercent(percent);
  return rounded > 0 ? rounded : null;
}

/** The annual tab's label figure: the highest discount among annual plans (null when none). */
export function highestAnnualDiscount(
  plans: readonly Pick<SubscriptionPlan, 'providerPlans'>[],
): number | null {
  let best: number | null = null;
  for (const plan of plans) {
    const percent = discountPercentOf(plan.providerPlans.annual);
    if (percent !== null && (best === null || percent > best)) best = percent;
  }
  return best;
}

/** '¡{n} MESES/DÍAS DE PRUEBA GRATIS!', singular for one. */
export function trialBadgeText(freeTrial: FreeTrial | null | undefined): string | null {
  if (!freeTrial || freeTrial.frequency <= 0) return null;
  const n = freeTrial.frequency;
  const unit = freeTrial.frequencyType === 'months' ? (n === 1 ? 'MES' : 'MESES') : n === 1 ? 'DÍA' : 'DÍAS';
  return `¡${n} ${unit} DE PRUEBA GRATIS!`;
}

/** "7 días", "1 mes": a free trial in running text. */
export function trialText(freeTrial: FreeTrial): string {
  const n = freeTrial.frequency;
  return freeTrial.frequencyType === 'months'
    ? `${n} ${n === 1 ? 'mes' : 'meses'}`
    : `${n} ${n === 1 ? 'día' : 'días'}`;
}

export type PlanButtonLabel = 'Tu plan actual' | 'Cambiar a este plan' | 'Quiero este plan';

/** The subscription as the plan list needs it: the current plan, or none. */
export interface CurrentPlan {
  /** null when subscribed without a plan (an operator grant): every plan is then an upgrade */
  id: string | null;
  weight: number;
  /** the frequency her card agreement charges, when known (Mi cuenta's subscription): her plan is that plan at that frequency */
  frequency?: PlanFrequency | null;
}

export function currentPlanOf(
  subscription:
    | { isSubscribed: boolean; subscriptionPlan: { id: string; weight: number } | null }
    | undefined,
): CurrentPlan | null {
  if (!subscription?.isSubscribed) return null;
  return subscription.subscriptionPlan
    ? { id: subscription.subscriptionPlan.id, weight: subscription.subscriptionPlan.weight }
    : { id: null, weight: 0 };
}

/**
 * The card button: the current plan 'Tu plan actual'; a plan of greater weight than the current
 * one 'Cambiar a este plan'; any other plan 'Quiero este plan'.
 */
export function planButtonLabel(
  plan: Pick<SubscriptionPlan, 'id' | 'weight'>,
  current: CurrentPlan | null,
  frequency?: PlanFrequency,
): PlanButtonLabel {
  // her plan is the plan at the frequency she pays (when known): the other tab's is not "hers"
  const sameFrequency = !current?.frequency || !frequency || current.frequency === frequency;
  if (current && current.id === plan.id && sameFrequency) return 'Tu plan actual';
  if (current && plan.weight > current.weight) return 'Cambiar a este plan';
  return 'Quiero este plan';
}

/** Upgrade guard: subscribed with a plan of weight at or above the chosen one's. */
export function blocksUpgrade(plan: Pick<SubscriptionPlan, 'weight'>, current: CurrentPlan | null): boolean {
  return current !== null && current.weight >= plan.weight;
}

/** An upgrade: subscribed, and the chosen plan weighs more. */
export function isUpgrade(plan: Pick<SubscriptionPlan, 'weight'>, current: CurrentPlan | null): boolean {
  return current !== null && plan.weight > current.weight;
}

/** Spec §9 labels, by frequency. */
export const frequencyLabels: Record<PlanFrequency, string> = {
  weekly: 'Semanal',
  fortnightly: 'Quincenal',
  monthly: 'Mensual',
  bimonthly: 'Bimestral',
  quarterly: 'Trimestral',
  fourMonthly: 'Cuatrimestral',
  semester: 'Semestral',
  annual: 'Anual',
};

/** "por mes", "por año": after a price. */
export const perPeriod: Record<PlanFrequency, string> = {
  weekly: 'por semana',
  fortnightly: 'cada 15 días',
  monthly: 'por mes',
  bimonthly: 'cada 2 meses',
  quarterly: 'cada 3 meses',
  fourMonthly: 'cada 4 meses',
  semester: 'cada 6 meses',
  annual: 'por año',
};

const frequencySet = new Set<string>(Object.keys(frequencyLabels));

export function isPlanFrequency(value: string | undefined): value is PlanFrequency {
  return value !== undefined && frequencySet.has(value);
}

/** What is charged per period: the discount price when there is one. */
export function chargedPrice(providerPlan: ProviderPlan): number {
  const { regularPrice, discountPrice } = providerPlan.prices;
  return discountPrice !== null && discountPrice < regularPrice ? discountPrice : regularPrice;
}

/**
 * Checkout frequency redirect (spec §2): a monthly or annual checkout whose flag is off goes to
 * the other one when that one is on. Other frequencies, or both off, stay.
 */
export function frequencyRedirect(frequency: PlanFrequency, flags: FeatureFlags): PlanFrequency | null {
  if (
    frequency === 'monthly' &&
    !flags.enableMonthlySubscriptionPurchase &&
    flags.enableAnnualSubscriptionPurchase
  ) {
    return 'annual';
  }
  if (
    frequency === 'annual' &&
    !flags.enableAnnualSubscriptionPurchase &&
    flags.enableMonthlySubscriptionPurchase
  ) {
    return 'monthly';
  }
  return null;
}

/** Where a plan's button leads. */
export type PlanDestination =
  | { kind: 'current' }
  | { kind: 'external'; url: string }
  | { kind: 'checkout'; path: string }
  | { kind: 'identification'; path: string }
  | { kind: 'unavailable' };

/**
 * The checkout and identification addresses name the plan by its id (decision 75): a display name
 * changes with marketing, spaces and accents make ugly links. Old links by name still work: the
 * pages look the plan up by name or id and then replace the address with the id one.
 */
export const checkoutPath = (planId: string, frequency: PlanFrequency) =>
  `${plansPath}/${encodeURIComponent(planId)}/${frequency}`;

export const identificationPath = (planId: string, frequency: PlanFrequency) =>
  `${plansPath}/identificacion/${encodeURIComponent(planId)}/${frequency}`;

/**
 * The id address to move to when a page was opened with the plan's name (an old link), or null
 * when the address already names the plan by its id.
 */
export function canonicalPlanPath(
  addressed: string,
  plan: Pick<SubscriptionPlan, 'id'>,
  pathOf: (planId: string) => string,
): string | null {
  return addressed === plan.id ? null : pathOf(plan.id);
}

/** One row of the plan comparison: a benefit and, per plan (in the plans' order), whether it has it. */
export interface BenefitRow {
  benefit: string;
  included: boolean[];
}

type ComparedPlan = Pick<SubscriptionPlan, 'name' | 'displayMetadata'>;

const normalized = (text: string) => text.trim().toLowerCase();

/** The plan a benefit such as 'Todo lo del Plan Oro' points to (by name or title), if any. */
function inheritedPlan<T extends ComparedPlan>(benefit: string, plans: readonly T[], self: T): T | undefined {
  const match = /^todo lo del\s+(.+)$/.exec(normalized(benefit));
  if (!match) return undefined;
  const named = match[1] ?? '';
  return plans.find(
    (plan) =>
      plan !== self &&
      (normalized(plan.name) === named || `plan ${normalized(plan.displayMetadata.title)}` === named),
  );
}

/** A plan's own benefits plus those of the plans it says it includes ('Todo lo del Plan Oro'). */
function benefitsOf<T extends ComparedPlan>(plan: T, plans: readonly T[], seen = new Set<T>()): string[] {
  seen.add(plan);
  return plan.displayMetadata.benefits.flatMap((benefit) => {
    const parent = inheritedPlan(benefit, plans, plan);
    if (parent && !seen.has(parent)) return benefitsOf(parent, plans, seen);
    return parent ? [] : [benefit.trim()].filter(Boolean);
  });
}

/**
 * The comparison grid's rows: every benefit of any plan once, in the order they first appear
 * (plans in their display order), each with the plans that have it. A benefit 'Todo lo del Plan X'
 * is read as X's benefits, so a row is ticked on every plan that includes it.
 */
export function benefitRows(plans: readonly ComparedPlan[]): BenefitRow[] {
  const perPlan = plans.map((plan) => new Set(benefitsOf(plan, plans)));
  const order: string[] = [];
  for (const benefits of perPlan) {
    for (const benefit of benefits) if (!order.includes(benefit)) order.push(benefit);
  }
  return order.map((benefit) => ({ benefit, included: perPlan.map((benefits) => benefits.has(benefit)) }));
}

/** The card-form provider's code; any other provider with a checkoutUrl is a redirect. */
export const cardProvider = 'MP';

/**
 * Spec §4 redirect provider: a plan whose checkoutProvider is the second provider and which has a
 * checkoutUrl goes straight there (logged in or not). Otherwise the card checkout, after the
 * identification step for visitors.
 */
export function planDestination(
  plan: Pick<SubscriptionPlan, 'id' | 'name' | 'weight' | 'providerPlans'>,
  frequency: PlanFrequency,
  context: { current: CurrentPlan | null; loggedIn: boolean },
): PlanDestination {
  if (context.current && context.current.id === plan.id) return { kind: 'current' };
  const providerPlan = plan.providerPlans[frequency];
  if (!providerPlan) return { kind: 'unavailable' };
  if (providerPlan.checkoutProvider !== cardProvider && providerPlan.checkoutUrl) {
    return { kind: 'external', url: providerPlan.checkoutUrl };
  }
  return context.loggedIn
    ? { kind: 'checkout', path: checkoutPath(plan.id, frequency) }
    : { kind: 'identification', path: identificationPath(plan.id, frequency) };
}
