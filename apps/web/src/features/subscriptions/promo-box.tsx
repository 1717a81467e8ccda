import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type PromoAttempt, PromoCodeBox, type RefusedPromo } from '../../shared/checkout/promo-code-box';
import { searchPlan, subscriptionKeys } from '../../shared/checkout/subscriptions-api';
import { subscriptionPromoErrorText } from './invalid-promo-for-plan';
import { trackSubscription } from './subscription-events';

/**
 * The checkout's promo code box. A code is checked by loading the plan with it (GET
 * /users/subscriptions/search). Every refusal shows under the field (decision 76): an unknown code
 * says it was not found, a code for another plan or frequency says so, a code that would not lower
 * the price says why; the previous price stays. An applied code can be removed.
 */
export function PromoBox({
  planName,
  frequency,
  promoCode,
  refused,
  onApplied,
}: {
  planName: string;
  frequency: PlanFrequency;
  promoCode: string | null;
  /** a code that came with the link and was refused on load */
  refused?: RefusedPromo | null;
  onApplied(code: string | null): void;
}) {
  const queryClient = useQueryClient();

  async function apply(value: string): Promise<PromoAttempt> {
    try {
      const plan: SubscriptionPlan = await searchPlan(planName, {
        promoCode: value,
        planFrequency: frequency,
      });
      queryClient.setQueryData(subscriptionKeys.plan(planName, frequency, value), plan);
      trackSubscription('promoRedeemed', { from: 'checkout', isDiscountCoupon: true });
      onApplied(value);
      return 'applied';
    } catch (failure) {
      trackSubscription('promoFailed', { from: 'checkout' });
      return { error: subscriptionPromoErrorText(failure) };
    }
  }

  return (
    <PromoCodeBox
      promoCode={promoCode}
      apply={apply}
      refused={refused}
      onRemove={() => onApplied(null)}
      onToggle={(opening) =>
        trackSubscription(opening ? 'promoLinkClicked' : 'promoCancelled', { from: 'checkout' })
      }
    />
  );
}
