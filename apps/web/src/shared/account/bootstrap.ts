import type { BootstrapResponse, CurrentUser } from '@alcancia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import {
  accountKeys,
  currentUserQuery,
  fetchCurrentUser,
  fetchServiceControl,
  fetchSubscription,
  type ServiceName,
  serviceControlQuery,
  serviceOff,
  subscriptionQuery,
} from './account-queries';

/**
 * The purchase flags' key, `subscriptionKeys.flags` of subscriptions/subscriptions-api.ts (a test
 * keeps them equal): importing that module would bring the checkout's code into every shell page.
 */
export const featureFlagsKey = ['remote-config', 'feature-flags'] as const;

/** The switches the shell reads (the bootstrap answer carries these). */
const shellServices: ServiceName[] = ['COMMUNITY', 'CHAT_BOT', 'NEWS', 'PFM'];

/** The session is over (refused, and the refresh did not help): asking piece by piece is no use. */
const sessionOver = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The first load of a logged-in screen (issue 30, decision 0170): one GET /users/me/bootstrap
 * instead of the five session calls (user, subscription status and origin, two switches). Each
 * piece goes into the visit's query client under its hook's own key and options, as a fetch in
 * flight, so the shell's and the pages' hooks find it there and do not ask again; the purchase
 * flags, which no first screen reads, are stored when the answer arrives. Should the answer fail
 * (other than an ended session), each piece is asked for by its own endpoint, as before.
 *
 * Runs once per first load; when the user is already cached or on its way, it only waits for her.
 * Resolves with the current user.
 */
export function startBootstrap(client: QueryClient): Promise<CurrentUser> {
  const known = client.getQueryState(accountKeys.currentUser);
  if (known && (known.data !== undefined || known.fetchStatus === 'fetching')) {
    return client.fetchQuery(currentUserQuery);
  }
  const answer = apiRequest<BootstrapResponse>('/users/me/bootstrap');
  answer.then(
    (body) => client.setQueryData(featureFlagsKey, body.featureFlags),
    () => undefined,
  );
  const piece =
    <T>(pick: (body: BootstrapResponse) => T, alone: (signal: AbortSignal) => Promise<T>) =>
    ({ signal }: { signal: AbortSignal }) =>
      answer.then(pick, (error: unknown) => {
        if (sessionOver(error)) throw error;
        return alone(signal);
      });
  void client.prefetchQuery({
    ...subscriptionQuery,
    queryFn: piece(
      (body) => ({ ...body.subscription, lastUserServiceOrigin: body.lastUserServiceOrigin }),
      fetchSubscription,
    ),
  });
  for (const name of shellServices) {
    void client.prefetchQuery({
      ...serviceControlQuery(name),
      queryFn: piece(
        (body) => body.serviceControls.find((control) => control.name === name) ?? serviceOff(name),
        (signal) => fetchServiceControl(name, signal),
      ),
    });
  }
  return client.fetchQuery({
    ...currentUserQuery,
    queryFn: piece((body) => body.user, fetchCurrentUser),
  });
}
