import type { SubscriptionStatus } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { accountKeys, fetchCurrentUser } from '../../shared/account/account-queries';
import { allowedCountry } from '../../shared/checkout/country-gate';

/**
 * The account data the purchase pages need, also on public pages (hence `enabled`): the current
 * user (shared with the shell's cache entry) and the subscription status.
 */
export function useCurrentUserWhen(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.currentUser,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

export const subscriptionStatusKey = ['subscriptions', 'status'] as const;

export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionStatusKey,
    queryFn: ({ signal }) => apiRequest<SubscriptionStatus>('/users/isSubscribed', { signal }),
    staleTime: 60 * 1000,
    enabled,
  });
}

/**
 * The country the purchase pages go by: the account's; Argentina when the user could not be read
 * (spec §4); for visitors, the countryCode entry parameter when the app sent one. undefined
 * while the user is loading; null for an account without a country.
 */
export function purchaseCountry(input: {
  loggedIn: boolean;
  user: { countryCode: string | null } | undefined;
  userFailed: boolean;
  entryCountry: string | undefined;
}): string | null | undefined {
  if (input.loggedIn) {
    if (input.userFailed) return allowedCountry;
    return input.user ? input.user.countryCode : undefined;
  }
  return input.entryCountry ? input.entryCountry.toUpperCase() : allowedCountry;
}
