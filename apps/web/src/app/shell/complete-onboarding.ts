import type { CurrentUser } from '@alcancia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { accountKeys } from '../../shared/account/account-queries';
import type { toOnboardingPayload } from '../../shared/account/onboarding-rules';

type OnboardingPayload = NonNullable<ReturnType<typeof toOnboardingPayload>>;

/**
 * PATCH /users/partialonboarding, then the current user is refreshed so every screen (the
 * greeting, the country gate of the checkouts) sees the completed profile at once.
 */
export async function completeOnboarding(
  queryClient: QueryClient,
  payload: OnboardingPayload,
): Promise<CurrentUser> {
  // No zod parse here: the shell is on every logged-in page and stays free of it (like GET /users).
  const user = await apiRequest<CurrentUser>('/users/partialonboarding', { method: 'PATCH', body: payload });
  queryClient.setQueryData(accountKeys.currentUser, user);
  void queryClient.invalidateQueries({ queryKey: accountKeys.currentUser });
  return user;
}
