import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { appReturnFromEntry, readAppReturn, saveAppReturn } from '../../shared/checkout/app-return';
import { useCheckoutAttempt } from '../../shared/checkout/checkout-attempt';
import { allowedCountry } from '../../shared/checkout/country-gate';
import { cardProvider, currentPlanOf, isPlanFrequency, isUpgrade } from '../../shared/checkout/plan-rules';
import { searchPlan, subscriptionKeys, useFeatureFlags } from '../../shared/checkout/subscriptions-api';
import { useCheckoutEntry } from '../../shared/checkout/use-checkout-entry';
import { useMercadoPago } from '../../shared/checkout/use-mercadopago';
import { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { isPromoRefusal, subscriptionPromoErrorText } from './invalid-promo-for-plan';
import { trackSubscription } from './subscription-events';
import { useCurrentUserWhen, useSubscriptionStatus } from './use-account';
import { purchaseState } from './use-plan-choice';

/**
 * What the subscription checkout knows before it shows anything: the plan and frequency of the
 * address, her account and subscription, the card form's SDK, the attempts so far, and what they
 * decide (the plan as she will be charged, the redirect provider's address, an upgrade, ready).
 * Also sends her to the redirect provider, opens the promo box on a refused code, and reports the
 * view once.
 */
export function useSubscriptionCheckout() {
  const { plan: planName = '', frequency: frequencyParam = '' } = useParams();
  const entryState = useCheckoutEntry();
  const { entry, promoCode, refusePromo } = entryState;
  const frequency = isPlanFrequency(frequencyParam) ? frequencyParam : null;
  const viewed = useRef(false);

  const flags = useFeatureFlags();
  const user = useCurrentUserWhen(true);
  const status = useSubscriptionStatus(true);
  const plan = useQuery({
    queryKey: subscriptionKeys.plan(planName, frequency ?? '', promoCode),
    queryFn: ({ signal }) =>
      searchPlan(planName, { promoCode, planFrequency: frequency ?? undefined, signal }),
    enabled: frequency !== null && planName !== '',
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const sdk = useMercadoPago();
  const [trialUsed, setTrialUsed] = useState(false);
  // one Idempotency-Key per checkout attempt: a double tap is answered once, charged once
  const submitKey = useCheckoutAttempt();
  const attempts = usePaymentResult({ purchaseType: 'SUBSCRIPTION_PURCHASE', productId: plan.data?.id });

  const backState = purchaseState(entry, promoCode);
  // Once a payment has an outcome the page stays as it is (no guard over the result).
  const locked = attempts.result.status !== 'pending';
  const loadedPlan = plan.data && frequency ? plan.data.providerPlans[frequency] : undefined;
  // The server said she already had her free trial (another account with this card): from then on
  // the summary shows the plan as she will be charged.
  const providerPlan = loadedPlan && trialUsed ? { ...loadedPlan, freeTrial: null } : loadedPlan;
  // Only for a buyer the country gate lets through (not while it waits or redirects).
  const externalUrl =
    providerPlan &&
    providerPlan.checkoutProvider !== cardProvider &&
    user.data?.countryCode === allowedCountry
      ? providerPlan.checkoutUrl
      : null;
  const current = currentPlanOf(status.data);
  const upgrade = plan.data ? isUpgrade(plan.data, current) : false;
  const ready =
    sdk.status === 'ready' &&
    user.data?.countryCode === allowedCountry &&
    providerPlan !== undefined &&
    providerPlan.checkoutProvider === cardProvider &&
    !status.isPending &&
    attempts.ready;

  // The redirect provider: the browser goes straight to the plan's checkout link.
  useEffect(() => {
    if (!externalUrl) return;
    saveAppReturn(appReturnFromEntry(entry) ?? readAppReturn());
    window.location.assign(externalUrl);
  }, [externalUrl, entry]);

  // A code that came with the link and is refused: the plan loads without it, and the promo box
  // opens with the code and the reason next to it (decision 76), instead of a dialog.
  const promoRefused = plan.isError && promoCode !== null && isPromoRefusal(plan.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused load
  useEffect(() => {
    if (promoRefused) refusePromo(subscriptionPromoErrorText(plan.error));
  }, [promoRefused]);

  useEffect(() => {
    if (!ready || viewed.current || !plan.data || !frequency) return;
    viewed.current = true;
    trackSubscription('checkoutView', { plan: plan.data.name, frequency, upgrade });
  }, [ready, plan.data, frequency, upgrade]);

  return {
    ...entryState,
    planName,
    frequency,
    flags,
    user,
    status,
    plan,
    sdk,
    setTrialUsed,
    submitKey,
    attempts,
    backState,
    locked,
    providerPlan,
    externalUrl,
    current,
    upgrade,
    promoRefused,
  };
}

export type SubscriptionCheckoutState = ReturnType<typeof useSubscriptionCheckout>;
