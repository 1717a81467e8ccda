import type { AccountSubscription } from '@alcancia/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { type PaymentAnswer, postPayment } from '../../shared/checkout/payment-answer';

/** Her subscription after the sale (Mi cuenta), and what she can do with it. */

export const accountSubscriptionKey = ['users', 'me', 'subscription'] as const;

export function fetchAccountSubscription(signal?: AbortSignal): Promise<AccountSubscription> {
  return apiRequest<AccountSubscription>('/users/me/subscription', { signal });
}

export function useAccountSubscription(enabled = true) {
  return useQuery({
    queryKey: accountSubscriptionKey,
    queryFn: ({ signal }) => fetchAccountSubscription(signal),
    staleTime: 60 * 1000,
    enabled,
  });
}

export function cancelAccountSubscription(): Promise<AccountSubscription> {
  return apiRequest<AccountSubscription>('/users/me/subscription/cancel', { method: 'POST' });
}

/** A refused card is an answer (402), like at checkout. */
export function changeSubscriptionCard(cardToken: string): Promise<PaymentAnswer<AccountSubscription>> {
  return postPayment<AccountSubscription>('/users/me/subscription/card', { cardToken }, 'PUT');
}

/** Without a token: with her card on file, a confirmation only (decision 0283). */
export function reactivateSubscription(cardToken?: string): Promise<PaymentAnswer<AccountSubscription>> {
  return postPayment<AccountSubscription>(
    '/users/me/subscription/reactivate',
    cardToken ? { cardToken } : {},
  );
}

/** After a change: this answer, and every cached view of her access (shell, locks, plans). */
export async function afterSubscriptionChange(
  queryClient: QueryClient,
  subscription: AccountSubscription,
): Promise<void> {
  queryClient.setQueryData(accountSubscriptionKey, subscription);
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey.join('/') !== accountSubscriptionKey.join('/'),
  });
}
