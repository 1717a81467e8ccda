import type { Course, ProgramCard } from '@alcancia/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { catalogKeys, listStaleTime, type Page } from '../../shared/catalogue/catalog-api';

/** Every program and pack (the full lists, largest page), programs first. */
export function useAllProgramsAndPacks() {
  return useQuery({
    queryKey: ['academy', 'programs-and-packs', 'all'] as const,
    queryFn: async ({ signal }) => {
      const [programs, packs] = await Promise.all([
        apiRequest<Page<ProgramCard>>('/academy/v2/programs', { query: { pageSize: 60 }, signal }),
        apiRequest<Page<ProgramCard>>('/academy/packs', { query: { pageSize: 60 }, signal }),
      ]);
      return [...programs.items, ...packs.items];
    },
    staleTime: listStaleTime,
    placeholderData: keepPreviousData,
  });
}

/** GET /academy/{id}/presentation: the course with its modules, never content addresses. */
export function usePresentation(id: string) {
  return useQuery({
    queryKey: [...catalogKeys.preview(id), 'presentation'] as const,
    queryFn: ({ signal }) =>
      apiRequest<Course>(`/academy/${encodeURIComponent(id)}/presentation`, { signal }),
    staleTime: listStaleTime,
  });
}

export function useFaqs(id: string) {
  return useQuery({
    queryKey: ['academy', 'faqs', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ faqs: { question: string; answer: string }[] }>(
        `/academy/${encodeURIComponent(id)}/faqs`,
        {
          signal,
        },
      ),
    staleTime: listStaleTime,
  });
}

/** The user owns the product when any purchase list holds its id. */
export function ownsProduct(purchases: Record<string, string[]> | undefined, id: string): boolean {
  if (!purchases) return false;
  return Object.values(purchases).some((ids) => ids.includes(id));
}
