import {
  type AcademyFilters,
  academyFiltersResponseSchema,
  courseListResponseSchema,
  type PublicCourse,
  planListSchema,
  programListResponseSchema,
  publicCourseSchema,
} from '@alcancia/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The shop window's reads (issue 30): the public catalogue, no account, no token sent. Lists and
 * pages stay fresh for 5 minutes in this tab (the server lets caches keep them a minute); the
 * academy's own queries are separate keys, so nothing crosses into a learner's session.
 */
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
      apiRequest('/academy/public/courses', {
        ...anonymous,
        query: { ...filters, pageSize },
        schema: courseListResponseSchema,
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
      apiRequest('/academy/public/programs', {
        ...anonymous,
        query: { pageSize: 12 },
        schema: programListResponseSchema,
        signal,
      }),
    staleTime,
  });
}

export function usePublicFilters() {
  return useQuery<AcademyFilters>({
    queryKey: shopKeys.filters,
    queryFn: ({ signal }) =>
      apiRequest('/academy/public/filters', { ...anonymous, schema: academyFiltersResponseSchema, signal }),
    staleTime,
  });
}

export function usePublicPlans() {
  return useQuery({
    queryKey: shopKeys.plans,
    queryFn: ({ signal }) =>
      apiRequest('/users/subscriptions', { ...anonymous, schema: planListSchema, signal }),
    staleTime,
  });
}

export function usePublicCourse(id: string) {
  return useQuery<PublicCourse>({
    queryKey: shopKeys.course(id),
    queryFn: ({ signal }) =>
      apiRequest(`/academy/public/${encodeURIComponent(id)}`, {
        ...anonymous,
        schema: publicCourseSchema,
        signal,
      }),
    staleTime,
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}
