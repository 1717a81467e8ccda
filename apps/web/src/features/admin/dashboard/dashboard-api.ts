import type { Metrics } from '@alcancia/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /admin/metrics for a period of Argentina dates (both inclusive). */
export function useMetrics(from: string, to: string) {
  return useQuery({
    queryKey: ['admin', 'metrics', from, to],
    queryFn: ({ signal }) =>
      apiRequest<Metrics>(`/admin/metrics?${new URLSearchParams({ from, to })}`, { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
