import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useNavigate } from 'react-router';
import type { EntryParams } from '../../lib/entry-params';
import { useIsLoggedIn } from '../../lib/use-session';
import { appReturnFromEntry, readAppReturn, saveAppReturn } from '../../shared/checkout/app-return';
import { type CurrentPlan, type PlanButtonLabel, planDestination } from '../../shared/checkout/plan-rules';
import { trackSubscription } from './subscription-events';

/** Navigation state of the purchase pages: the entry parameters, with the promo code to apply. */
export function purchaseState(entry: EntryParams | undefined, promoCode: string | null) {
  const { promoCodeOpen: _open, ...rest } = entry ?? {};
  return { entry: { ...rest, ...(promoCode ? { promoCode } : {}) } };
}

/**
 * A plan button: sends subscription_button_clicked, then goes to the redirect provider's
 * checkoutUrl (saving the app-return info first), the card checkout, or, for visitors, the
 * identification step. The promo code travels as navigation state.
 */
export function usePlanChoice({
  current,
  promoCode,
  entry,
}: {
  current: CurrentPlan | null;
  promoCode: string | null;
  entry: EntryParams | undefined;
}) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  return (plan: SubscriptionPlan, frequency: PlanFrequency, label: PlanButtonLabel) => {
    const destination = planDestination(plan, frequency, { current, loggedIn });
    trackSubscription('planButtonClicked', {
      plan: plan.name,
      frequency,
      label,
      destination: destination.kind,
      promoCode: promoCode ?? undefined,
    });
    switch (destination.kind) {
      case 'external':
        saveAppReturn(appReturnFromEntry(entry) ?? readAppReturn());
        window.location.assign(destination.url);
        return;
      case 'checkout':
      case 'identification':
        navigate(destination.path, { state: purchaseState(entry, promoCode) });
        return;
      default:
        return;
    }
  };
}
