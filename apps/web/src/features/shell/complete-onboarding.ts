import { type CurrentUser, currentUserSchema } from '@alcancia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { accountKeys } from './account-queries';
import type { toOnboardingPayload } from './onboarding-rules';

type OnboardingPayload = NonNullable<ReturnType<typeof toOnboardingPayload>>;

/**
 * PATCH /users/partialonboarding, then the current user is refreshed so every screen (the
 * greeting, the country gate of the checkouts) sees the completed profile at once.
 */
export async function completeOnboarding(
  queryClient: QueryClient,
  payload: OnboardingPayload,
): Promise<CurrentUser> {
  const user = await apiRequest('/users/partialonboarding', {
    method: 'PATCH',
    body: payload,
    schema: currentUserSchema,
  });
  queryClient.setQueryData(accountKeys.currentUser, user);
  void queryClient.invalidateQueries({ queryKey: accountKeys.currentUser });
  return user;
}
