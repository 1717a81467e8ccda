import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDialog } from '../payments/error-dialog';
import { type PromoAttempt, PromoCodeBox } from '../payments/promo-code-box';
import { promoErrorText } from '../payments/promo-messages';
import {
  invalidPromoForPlan,
  isInvalidPromoForPlan,
  isPromoNotBetter,
  promoNotBetter,
} from './invalid-promo-for-plan';
import { trackSubscription } from './subscription-events';
import { searchPlan, subscriptionKeys } from './subscriptions-api';

/**
 * The checkout's promo code box. A code is checked by loading the plan with it (GET
 * /users/subscriptions/search); a code that does not discount this plan and frequency, or would not
 * lower its price, gets an 'Atención' dialog and the previous price stays. An applied code can be removed.
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
  const [refusal, setRefusal] = useState<{ title: string; text: string } | null>(null);

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
      if (isInvalidPromoForPlan(failure)) setRefusal(invalidPromoForPlan);
      else if (isPromoNotBetter(failure)) setRefusal(promoNotBetter);
      else return { error: promoErrorText(failure) };
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
        open={refusal !== null}
        title={refusal?.title ?? ''}
        text={refusal?.text ?? ''}
        onClose={() => setRefusal(null)}
      />
    </PromoCodeBox>
  );
}
