import type {
  AcademyFilters,
  CourseCard,
  EventCard,
  ProgramCard,
  ProgressOverview,
  SearchResponse,
} from '@alcancia/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The academy's calls and their caching (spec §9): lists and previews fresh for 1 hour, progress
 * and the course indefinitely (invalidated by whoever writes), search never cached. Every query
 * is kept 1 hour (the client's gcTime) except search.
 */
export const listStaleTime = 60 * 60 * 1000;

export interface CatalogFilters {
  category?: string;
  level?: string;
  /** suggested filter values (tag codes; my_purchases = owned) */
  tags?: string;
  keyword?: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const catalogKeys = {
  all: ['academy'] as const,
  courses: (filters: CatalogFilters, page: number, pageSize: number) =>
    ['academy', 'courses', filters, page, pageSize] as const,
  quickCourses: (filters: CatalogFilters) => ['academy', 'courses', 'quick', filters] as const,
  programs: (filters: CatalogFilters) => ['academy', 'programs', filters] as const,
  packs: (filters: CatalogFilters) => ['academy', 'packs', filters] as const,
  events: ['academy', 'events'] as const,
  filters: ['academy', 'filters'] as const,
  progress: ['academy', 'progress', 'overview'] as const,
  search: (text: string) => ['academy', 'search', text] as const,
  preview: (id: string) => ['academy', 'preview', id] as const,
};

const query = (filters: CatalogFilters) => ({
  category: filters.category,
  level: filters.level,
  tags: filters.tags,
  keyword: filters.keyword,
});

export function useQuickCourses(filters: CatalogFilters) {
  return useQuery({
    queryKey: catalogKeys.quickCourses(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: CourseCard[] }>('/academy/courses/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
    placeholderData: keepPreviousData,
  });
}

export function useCourses(filters: CatalogFilters, page: number, pageSize = 24, enabled = true) {
  return useQuery({
    enabled,
    queryKey: catalogKeys.courses(filters, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Page<CourseCard>>('/academy/courses', {
        query: { ...query(filters), page, pageSize },
        signal,
      }),
    staleTime: listStaleTime,
    placeholderData: keepPreviousData,
  });
}

/** Programs and packs together (quick lists), programs first. */
export function useProgramsAndPacks(filters: CatalogFilters) {
  const programs = useQuery({
    queryKey: catalogKeys.programs(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProgramCard[] }>('/academy/v2/programs/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
    placeholderData: keepPreviousData,
  });
  const packs = useQuery({
    queryKey: catalogKeys.packs(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProgramCard[] }>('/academy/packs/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
    placeholderData: keepPreviousData,
  });
  const items = programs.data && packs.data ? [...programs.data.items, ...packs.data.items] : undefined;
  return {
    items,
    isPending: programs.isPending || packs.isPending,
    isError: programs.isError || packs.isError,
    refetch: () => {
      void programs.refetch();
      void packs.refetch();
    },
  };
}

export function useEvents() {
  return useQuery({
    queryKey: catalogKeys.events,
    queryFn: ({ signal }) => apiRequest<{ items: EventCard[] }>('/academy/events', { signal }),
    staleTime: listStaleTime,
  });
}

export function useAcademyFilters() {
  return useQuery({
    queryKey: catalogKeys.filters,
    queryFn: ({ signal }) => apiRequest<AcademyFilters>('/academy/filters', { signal }),
    staleTime: listStaleTime,
  });
}

/** The progress overview: fresh until a progress write invalidates it. */
export function useProgressOverview() {
  return useQuery({
    queryKey: catalogKeys.progress,
    queryFn: ({ signal }) => apiRequest<ProgressOverview>('/academy/content/progress', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /academy?search= — never cached. */
export function useSearch(text: string | null) {
  return useQuery({
    queryKey: catalogKeys.search(text ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<SearchResponse>('/academy', { query: { search: text ?? '' }, signal }),
    enabled: text !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Fraction 0..1 of a course in the overview, or null when it was never started. */
export function progressOf(overview: ProgressOverview | undefined, id: string): number | null {
  return overview?.in_progress_courses[id]?.fraction ?? null;
}

/** Integer percentage shown to the user. */
export function percent(fraction: number): number {
  return Math.floor(Math.max(0, Math.min(1, fraction)) * 100);
}
