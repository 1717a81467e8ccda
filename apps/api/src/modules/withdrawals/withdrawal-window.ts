import { withdrawalWindowDays } from '@alcancia/contract';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../subscriptions/subscription-dates';

/** What decides whether a payment can be withdrawn ("botón de arrepentimiento"). */
export interface WithdrawalFacts {
  kind: 'subscription' | 'program' | 'guest_tier';
  /** the provider's status of the payment */
  status: string;
  approvedAt: Date | null;
  /** the access it pays for was granted (a duplicate payment is refunded instead) */
  grantedAt: Date | null;
  refundedCentavos: number;
  /** a refund of it other than an upgrade's was asked for (a duplicate, an operator's) and has not failed */
  hasRefund: boolean;
  /** an upgrade refunded its unused days (decision 91: the rest stays withdrawable inside the window) */
  hasUpgradeRefund?: boolean;
  /** subscriptions: this is the order's first approved charge (renewals are not withdrawable) */
  isFirstCharge: boolean;
  /** the order's status: paid (programs, guests), active or cancelled (subscriptions) */
  orderStatus: string;
  alreadyWithdrawn: boolean;
}

const withdrawableOrderStatuses = ['paid', 'active', 'cancelled'];

/**
 * The last day (Argentina date, YYYY-MM-DD) of the withdrawal window: the approval's date plus 10
 * consecutive days (Resolución 424/2020). Null when the payment can never be withdrawn: a renewal,
 * not approved, refunded (in part or whole, except an upgrade's refund of unused days: what is left
 * stays withdrawable, decision 91), not what granted the access, or withdrawn already.
 * A date in the past means the window closed (the page says so, with that date).
 */
export function withdrawableUntil(facts: WithdrawalFacts): string | null {
  if (facts.alreadyWithdrawn || !facts.approvedAt || !facts.grantedAt) return null;
  if (facts.status !== 'approved' || facts.hasRefund) return null;
  if (facts.refundedCentavos > 0 && !facts.hasUpgradeRefund) return null;
  if (facts.kind === 'subscription' && !facts.isFirstCharge) return null;
  // Decision 91: the plan an upgrade replaced keeps its window for what the upgrade did not refund.
  const replacedByUpgrade = facts.orderStatus === 'replaced' && facts.hasUpgradeRefund;
  if (!withdrawableOrderStatuses.includes(facts.orderStatus) && !replacedByUpgrade) return null;
  return addToDate(argentinaDate(facts.approvedAt), { days: withdrawalWindowDays });
}

/** Today (Argentina) is still inside the window that ends on `until`. */
export const isWithinWindow = (until: string, today = argentinaDate()) => today <= until;
