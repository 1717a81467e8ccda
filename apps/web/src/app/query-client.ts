import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const oneHour = 60 * 60 * 1000;

/**
 * The spec's caching: cache retention 1 h for everything. Freshness is per query (lists and
 * previews 1 h, progress and course "indefinitely", search never cached) and set by each feature.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: oneHour,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; network and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
