import type { AccountAccess } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Mi cuenta › Cobros y accesos: her card agreements and her grants (decision 0093). */

export const accountAccessKey = ['users', 'me', 'access'] as const;

export function useAccountAccess() {
  return useQuery({
    queryKey: accountAccessKey,
    queryFn: ({ signal }) => apiRequest<AccountAccess>('/users/me/access', { signal }),
    staleTime: 60 * 1000,
  });
}
