import type { NewsHome, NewsWeek, WeeklyGoal } from '@alcancia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Novedades, her home: one call for the whole first screen (GET /api/news/home). */
export const newsHomeKey = ['news', 'home'] as const;

export function useNewsHome() {
  return useQuery({
    queryKey: newsHomeKey,
    queryFn: ({ signal }) => apiRequest<NewsHome>('/news/home', { signal }),
    staleTime: 60_000,
  });
}

/** Her weekly goal; the answer (her week with the new goal) replaces the home's week. */
export function useSetWeeklyGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (goal: WeeklyGoal) => apiRequest<NewsWeek>('/news/goal', { method: 'PUT', body: goal }),
    onSuccess: (week) => {
      client.setQueryData<NewsHome>(newsHomeKey, (home) => (home ? { ...home, week } : home));
    },
  });
}
