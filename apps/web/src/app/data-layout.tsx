import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { readCredentials, subscribeToSession } from '../lib/session';
import { createQueryClient } from './query-client';

/**
 * TanStack Query for the logged-in pages. Loaded with them, so the login and register pages do not
 * download it. One client for the whole visit, emptied when the user changes or logs out so no
 * data of one account is ever shown to the next.
 */
export const queryClient = createQueryClient();
let userId = readCredentials()?.userId ?? null;
subscribeToSession(() => {
  const next = readCredentials()?.userId ?? null;
  if (next !== userId) {
    userId = next;
    queryClient.clear();
  }
});

export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
