import type {
  AcademyFilters,
  CourseCard,
  EventCard,
  ProgramCard,
  ProgressOverview,
  SearchResponse,
} from '@alcancia/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

/** The first courses of the academy home (GET /academy/courses/quick). */
export const quickCoursesQuery = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: catalogKeys.quickCourses(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: CourseCard[] }>('/academy/courses/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
  });

export function useQuickCourses(filters: CatalogFilters) {
  return useQuery({ ...quickCoursesQuery(filters), placeholderData: keepPreviousData });
}

/** A page of the course list (GET /academy/courses). */
export const coursesQuery = (filters: CatalogFilters, page: number, pageSize = 24) =>
  queryOptions({
    queryKey: catalogKeys.courses(filters, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Page<CourseCard>>('/academy/courses', {
        query: { ...query(filters), page, pageSize },
        signal,
      }),
    staleTime: listStaleTime,
  });

export function useCourses(filters: CatalogFilters, page: number, pageSize = 24, enabled = true) {
  return useQuery({ ...coursesQuery(filters, page, pageSize), enabled, placeholderData: keepPreviousData });
}

/** The quick lists of programs and of packs (the academy home's "Programas & Packs"). */
export const programsQuery = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: catalogKeys.programs(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProgramCard[] }>('/academy/v2/programs/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
  });

export const packsQuery = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: catalogKeys.packs(filters),
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProgramCard[] }>('/academy/packs/quick', { query: query(filters), signal }),
    staleTime: listStaleTime,
  });

/** Programs and packs together (quick lists), programs first. */
export function useProgramsAndPacks(filters: CatalogFilters) {
  const programs = useQuery({ ...programsQuery(filters), placeholderData: keepPreviousData });
  const packs = useQuery({ ...packsQuery(filters), placeholderData: keepPreviousData });
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

export const eventsQuery = queryOptions({
  queryKey: catalogKeys.events,
  queryFn: ({ signal }) => apiRequest<{ items: EventCard[] }>('/academy/events', { signal }),
  staleTime: listStaleTime,
});

export function useEvents() {
  return useQuery(eventsQuery);
}

export const academyFiltersQuery = queryOptions({
  queryKey: catalogKeys.filters,
  queryFn: ({ signal }) => apiRequest<AcademyFilters>('/academy/filters', { signal }),
  staleTime: listStaleTime,
});

export function useAcademyFilters() {
  return useQuery(academyFiltersQuery);
}

/** The progress overview: fresh until a progress write invalidates it. */
export const progressOverviewQuery = queryOptions({
  queryKey: catalogKeys.progress,
  queryFn: ({ signal }) => apiRequest<ProgressOverview>('/academy/content/progress', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useProgressOverview() {
  return useQuery(progressOverviewQuery);
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
