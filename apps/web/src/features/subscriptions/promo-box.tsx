import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDialog } from '../payments/error-dialog';
import { type PromoAttempt, PromoCodeBox } from '../payments/promo-code-box';
import { promoErrorText } from '../payments/promo-messages';
import { invalidPromoForPlan, isInvalidPromoForPlan } from './invalid-promo-for-plan';
import { trackSubscription } from './subscription-events';
import { searchPlan, subscriptionKeys } from './subscriptions-api';

/**
 * The checkout's promo code box. A code is checked by loading the plan with it (GET
 * /users/subscriptions/search); a code that does not discount this plan and frequency gets the
 * 'Atención' dialog and the previous price stays. An applied code can be removed.
 */
export function PromoBox({
  planName,
  frequency,
  promoCode,
  onApplied,
}: {
  planName: string;
  frequency: PlanFrequency;
  promoCode: string | null;
  onApplied(code: string | null): void;
}) {
  const queryClient = useQueryClient();
  const [invalid, setInvalid] = useState(false);

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
      if (!isInvalidPromoForPlan(failure)) return { error: promoErrorText(failure) };
      setInvalid(true);
      return 'refused';
    }
  }

  return (
    <PromoCodeBox
      promoCode={promoCode}
      apply={apply}
      onRemove={() => onApplied(null)}
      onToggle={(opening) =>
        trackSubscription(opening ? 'promoLinkClicked' : 'promoCancelled', { from: 'checkout' })
      }
    >
      <ErrorDialog
        open={invalid}
        title={invalidPromoForPlan.title}
        text={invalidPromoForPlan.text}
        onClose={() => setInvalid(false)}
      />
    </PromoCodeBox>
  );
}
