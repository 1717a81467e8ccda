import type { AccountSubscription, PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { formatDate, formatMoney } from '../../lib/format';
import {
  type CurrentPlan,
  isPlanFrequency,
  perPeriod,
  type TabFrequency,
} from '../../shared/checkout/plan-rules';
import { argentinaToday } from '../../shared/purchases/payment-labels';

/**
 * "Cambiar de plan" (issue 39 point 6): the plan list starts from the plan and frequency her card
 * agreement charges (Mi cuenta's subscription), not from the plan her access shows (a guest
 * membership on top may name another one); null when she has no card agreement that charges.
 */
export function cardCurrentPlan(
  subscription: AccountSubscription | undefined,
  plans: readonly Pick<SubscriptionPlan, 'id' | 'weight'>[],
): CurrentPlan | null {
  if (!subscription?.plan || subscription.origin !== 'CARD') return null;
  if (!['active', 'trial', 'past_due'].includes(subscription.status)) return null;
  const plan = plans.find((p) => p.id === subscription.plan?.id);
  if (!plan) return null;
  const frequency = subscription.frequency ?? undefined;
  return { id: plan.id, weight: plan.weight, frequency: isPlanFrequency(frequency) ? frequency : null };
}

/** The tab the plan list opens on: her agreement's frequency, else the one asked in the address, else the first. */
export function initialTab(
  tabs: readonly TabFrequency[],
  current: CurrentPlan | null,
  asked: string | null,
): TabFrequency | null {
  const wanted = [current?.frequency, asked].find((f) => tabs.includes(f as TabFrequency));
  return (wanted as TabFrequency | undefined) ?? tabs[0] ?? null;
}

/** YYYY-MM-DD `months` months after `date` (a day past the month's end falls on its last day). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The months of a provider plan's period ('1months', '12months'); 1 for anything else. */
const monthsOf = (frequencyType: string) => Number(/^(\d+)months$/.exec(frequencyType)?.[1] ?? 1);

/**
 * What a change to a greater plan costs, said before she chooses it: today the new plan's price
 * (no free trial: an upgrade has none), the unused part of her plan given back, then the price
 * every period from the day the first one ends.
 */
export function planChangeText(
  price: number,
  frequency: PlanFrequency,
  frequencyType: string,
  today = argentinaToday(),
): string {
  const next = addMonths(today, monthsOf(frequencyType));
  return `Hoy pagás ${formatMoney(price)} y te devolvemos la parte que no usaste de tu plan actual. Después, ${formatMoney(price)} ${perPeriod[frequency]} desde el ${formatDate(next)}.`;
}
