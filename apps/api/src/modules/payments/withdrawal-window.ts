import { withdrawalWindowDays } from '@alcancia/contract';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

/** What decides whether a payment can be withdrawn ("botón de arrepentimiento"). */
export interface WithdrawalFacts {
  kind: 'subscription' | 'program' | 'guest_tier';
  /** the provider's status of the payment */
  status: string;
  approvedAt: Date | null;
  /** the access it pays for was granted (a duplicate payment is refunded instead) */
  grantedAt: Date | null;
  /** what the payment was for (the provider's transaction amount) */
  amountCentavos: number;
  refundedCentavos: number;
  /** refunds of it asked for and not settled yet (PENDING): counted as given */
  refundingCentavos: number;
  /** an upgrade refunded its unused days (decision 91: the rest stays withdrawable inside the window) */
  hasUpgradeRefund?: boolean;
  /** subscriptions: this is the order's first approved charge (renewals are not withdrawable) */
  isFirstCharge: boolean;
  /** the order's status: paid (programs, guests), active or cancelled (subscriptions) */
  orderStatus: string;
  alreadyWithdrawn: boolean;
}

const withdrawableOrderStatuses = ['paid', 'active', 'cancelled'];

/** What a withdrawal would still give back: the payment less its refunds, done and in progress. */
export const leftToWithdraw = (
  facts: Pick<WithdrawalFacts, 'amountCentavos' | 'refundedCentavos' | 'refundingCentavos'>,
) => facts.amountCentavos - facts.refundedCentavos - facts.refundingCentavos;

/**
 * The last day (Argentina date, YYYY-MM-DD) of the withdrawal window: the approval's date plus 10
 * consecutive days (Resolución 424/2020). Null when the payment can never be withdrawn: a renewal,
 * not approved, nothing left of it to give back, not what granted the access, or withdrawn already.
 * A partial refund (an operator's, an upgrade's unused days, one made at the provider) leaves the
 * rest withdrawable inside the window (Ley 24.240 art. 34; decisions 91 and 0276), also when the
 * operator's refund ended the access (the order is then `refunded`).
 * A date in the past means the window closed (the page says so, with that date).
 */
export function withdrawableUntil(facts: WithdrawalFacts): string | null {
  if (facts.alreadyWithdrawn || !facts.approvedAt || !facts.grantedAt) return null;
  if (facts.status !== 'approved' || leftToWithdraw(facts) <= 0) return null;
  if (facts.kind === 'subscription' && !facts.isFirstCharge) return null;
  // Decision 91: the plan an upgrade replaced keeps its window for what the upgrade did not refund.
  const replacedByUpgrade = facts.orderStatus === 'replaced' && facts.hasUpgradeRefund;
  // Decision 0276: an operator's partial refund that ended the access leaves the rest withdrawable.
  const refundedInPart =
    facts.orderStatus === 'refunded' && facts.refundedCentavos + facts.refundingCentavos > 0;
  if (!withdrawableOrderStatuses.includes(facts.orderStatus) && !replacedByUpgrade && !refundedInPart)
    return null;
  return addToDate(argentinaDate(facts.approvedAt), { days: withdrawalWindowDays });
}

/** Today (Argentina) is still inside the window that ends on `until`. */
export const isWithinWindow = (until: string, today = argentinaDate()) => today <= until;
