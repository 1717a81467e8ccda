import type {
  CreateCardSubscriptionRequest,
  CreateCardSubscriptionResponse,
  FeatureFlags,
  PlanFrequency,
  SubscriptionPlan,
  UsePromoCodeResponse,
} from '@alcancia/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { type PaymentAnswer, postPayment } from './payment-answer';
import { flagsOff } from './plan-rules';
import { refreshAfterPurchase } from './refresh-after-purchase';

/**
 * The subscription calls. Types come from the contract; responses are not parsed with zod so the
 * public plan list stays light (the server validates its own responses against the contract).
 */
const oneHour = 60 * 60 * 1000;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: (promoCode: string | null) => ['subscriptions', 'plans', promoCode] as const,
  plan: (name: string, frequency: string, promoCode: string | null) =>
    ['subscriptions', 'plan', name.toLowerCase(), frequency, promoCode] as const,
  flags: ['remote-config', 'feature-flags'] as const,
};

export function fetchPlans(promoCode: string | null, signal?: AbortSignal) {
  return apiRequest<SubscriptionPlan[]>('/users/subscriptions', { query: { promoCode }, signal });
}

export function searchPlan(
  name: string,
  options: { promoCode?: string | null; planFrequency?: PlanFrequency; signal?: AbortSignal },
) {
  return apiRequest<SubscriptionPlan>('/users/subscriptions/search', {
    query: { name, promoCode: options.promoCode, planFrequency: options.planFrequency },
    signal: options.signal,
  });
}

/** The purchase flags; unreadable flags are off (spec §6), only logged. */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  try {
    const flags = await apiRequest<Partial<FeatureFlags>>('/remote-config/feature-flags', {
      signal,
      authenticated: false,
    });
    return {
      enableMonthlySubscriptionPurchase: flags?.enableMonthlySubscriptionPurchase === true,
      enableAnnualSubscriptionPurchase: flags?.enableAnnualSubscriptionPurchase === true,
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn('No se pudieron leer los flags de compra; quedan apagados.', error);
    return flagsOff;
  }
}

export function useFeatureFlags() {
  return useQuery({
    queryKey: subscriptionKeys.flags,
    queryFn: ({ signal }) => fetchFeatureFlags(signal),
    staleTime: oneHour,
  });
}

export function usePlans(promoCode: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.plans(promoCode),
    queryFn: ({ signal }) => fetchPlans(promoCode, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** POST /users/mercadopago/suscription: approved (200), pending (202) or a refusal (402). */
export function subscribeWithCard(
  body: CreateCardSubscriptionRequest,
  idempotencyKey?: string,
): Promise<PaymentAnswer<CreateCardSubscriptionResponse>> {
  return postPayment<CreateCardSubscriptionResponse>(
    '/users/mercadopago/suscription',
    body,
    'POST',
    idempotencyKey,
  );
}

export function redeemPromoCode(promoCode: string) {
  return apiRequest<UsePromoCodeResponse>('/users/subscriptions/usePromoCode', {
    method: 'POST',
    body: { promoCode },
  });
}

/**
 * After a subscription changed (paid, upgraded, promo period): everything cached may show old
 * access (the shell's subscription, the catalogue's locks, the plan list's current plan).
 */
export function refreshAfterSubscription(queryClient: QueryClient): Promise<void> {
  return refreshAfterPurchase(queryClient);
}
