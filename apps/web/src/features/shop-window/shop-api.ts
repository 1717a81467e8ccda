import type {
  AcademyFilters,
  CourseCard,
  ProgramCard,
  PublicCourse,
  SubscriptionPlan,
} from '@alcancia/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The shop window's reads (issue 30): the public catalogue, no account, no token sent. Lists and
 * pages stay fresh for 5 minutes in this tab (the server lets caches keep them a minute); the
 * academy's own queries are separate keys, so nothing crosses into a learner's session. Types
 * only from the contract, as the academy's reads do: its zod schemas would more than double what a
 * visitor's first page downloads.
 */

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
const staleTime = 5 * 60 * 1000;

export interface ShopFilters {
  category?: string;
  level?: string;
  tags?: string;
  keyword?: string;
}

export const shopKeys = {
  courses: (filters: ShopFilters, pageSize: number) => ['shop', 'courses', filters, pageSize] as const,
  programs: ['shop', 'programs'] as const,
  filters: ['shop', 'filters'] as const,
  plans: ['shop', 'plans'] as const,
  course: (id: string) => ['shop', 'course', id] as const,
};

const anonymous = { authenticated: false } as const;

export function usePublicCourses(filters: ShopFilters, pageSize = 24) {
  return useQuery({
    queryKey: shopKeys.courses(filters, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<Page<CourseCard>>('/academy/public/courses', {
        ...anonymous,
        query: { ...filters, pageSize },
        signal,
      }),
    staleTime,
    placeholderData: keepPreviousData,
  });
}

export function usePublicPrograms() {
  return useQuery({
    queryKey: shopKeys.programs,
    queryFn: ({ signal }) =>
      apiRequest<Page<ProgramCard>>('/academy/public/programs', {
        ...anonymous,
        query: { pageSize: 12 },
        signal,
      }),
    staleTime,
  });
}

export function usePublicFilters() {
  return useQuery<AcademyFilters>({
    queryKey: shopKeys.filters,
    queryFn: ({ signal }) => apiRequest<AcademyFilters>('/academy/public/filters', { ...anonymous, signal }),
    staleTime,
  });
}

export function usePublicPlans() {
  return useQuery({
    queryKey: shopKeys.plans,
    queryFn: ({ signal }) => apiRequest<SubscriptionPlan[]>('/users/subscriptions', { ...anonymous, signal }),
    staleTime,
  });
}

/**
 * The answer the server embedded in this page's HTML for course `id` (public-pages.ts, issue 30):
 * a first load of /cursos/{id} shows it without asking the API again. Read once.
 */
let embedded: PublicCourse | null | undefined;
export function embeddedPublicCourse(id: string): PublicCourse | undefined {
  if (embedded === undefined) {
    const block = typeof document === 'undefined' ? null : document.getElementById('public-course-data');
    try {
      embedded = block?.textContent ? (JSON.parse(block.textContent) as PublicCourse) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded?.id === id ? embedded : undefined;
}
const loadedAt = Date.now();

/** A course's or program's public page (the card's prefetch asks for the same key and options). */
export const publicCourseQuery = (id: string) =>
  queryOptions<PublicCourse>({
    queryKey: shopKeys.course(id),
    queryFn: ({ signal }) =>
      apiRequest<PublicCourse>(`/academy/public/${encodeURIComponent(id)}`, { ...anonymous, signal }),
    initialData: () => embeddedPublicCourse(id),
    initialDataUpdatedAt: loadedAt,
    staleTime,
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });

export function usePublicCourse(id: string) {
  return useQuery(publicCourseQuery(id));
}
