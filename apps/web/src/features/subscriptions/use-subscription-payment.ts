import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useState } from 'react';
import type { EventProperties } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import type { CardFormSubmission } from '../../shared/checkout/card-form';
import { wasAnswered } from '../../shared/checkout/checkout-attempt';
import { subscribeWithCard } from '../../shared/checkout/subscriptions-api';
import { paymentFailure } from './payment-failure';
import { trackSubscription } from './subscription-events';
import type { SubscriptionCheckoutState } from './use-subscription-checkout';

export interface SubscriptionFailure {
  title: string;
  text: string;
  onClose?: () => void;
}

/**
 * Paying the subscription with the card form's token: one Idempotency-Key per attempt (a new one
 * once an attempt was answered), the outcome to the result modal, a failure to its dialog (a
 * refused trial shows the plan as she will be charged; a refused code is dropped on closing).
 */
export function useSubscriptionPayment({
  checkout,
  chosen,
  frequency,
  trial,
  invoiceDocument,
  eventProps,
}: {
  checkout: SubscriptionCheckoutState;
  chosen: SubscriptionPlan;
  frequency: PlanFrequency;
  trial: boolean;
  invoiceDocument: string | null;
  eventProps: EventProperties;
}) {
  const { promoCode, setPromoCode, setTrialUsed, submitKey, attempts } = checkout;
  const [failure, setFailure] = useState<SubscriptionFailure | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);

  async function pay(card: CardFormSubmission) {
    trackSubscription('shopCheckoutSubmit', { ...eventProps, brand: card.paymentMethodId ?? undefined });
    trackSubscription('checkoutSubmit', { ...eventProps, brand: card.paymentMethodId ?? undefined });
    try {
      const answer = await subscribeWithCard(
        {
          subscriptionPlanName: chosen.name,
          subscriptionPlanFrequency: frequency,
          cardToken: card.token,
          ...(promoCode ? { promoCode } : {}),
          expectsFreeTrial: trial,
          ...(invoiceDocument ? { invoiceDocument } : {}),
        },
        submitKey.key(),
      );
      if (answer.outcome === 'refused') {
        submitKey.next();
        trackSubscription('checkoutError', { ...eventProps, reason: answer.reason });
        attempts.dispatch({ type: 'refused', reason: answer.reason });
        return;
      }
      if (answer.body.status === 'pending') {
        trackSubscription('checkoutSuccess', { ...eventProps, status: 'pending' });
        attempts.dispatch({ type: 'inProcess' });
        return;
      }
      trackSubscription('checkoutSuccess', {
        ...eventProps,
        status: 'approved',
        refundStatus: answer.body.refundStatus ?? undefined,
      });
      setEndDate(answer.body.subscriptionEndDate || null);
      attempts.dispatch({
        type: 'approved',
        isUpgrade: answer.body.isUpgradeSubscription,
        refundStatus: answer.body.refundStatus ?? null,
      });
    } catch (error) {
      if (wasAnswered(error)) submitKey.next();
      trackSubscription('checkoutError', {
        ...eventProps,
        code: error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR',
      });
      const failed = paymentFailure(error);
      if (failed.endsFreeTrial) setTrialUsed(true);
      setFailure({
        title: failed.title,
        text: failed.text,
        ...(failed.dropsPromoCode ? { onClose: () => setPromoCode(null) } : {}),
      });
    }
  }

  return { pay, failure, clearFailure: () => setFailure(null), endDate };
}
