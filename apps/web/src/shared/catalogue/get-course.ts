import type { Course, CourseProgress } from '@alcancia/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const oneHour = 60 * 60 * 1000;
const path = (id: string) => encodeURIComponent(id);

/*
 * Types come from the contract; the answers are not parsed with zod in the browser (the server
 * validates its own responses against the contract). Building the zod schemas of a course at
 * start-up was the longest task of the viewer's load on a phone (≈ 75 ms, ≈ 300 ms at 4× slowdown)
 * and zod was most of the viewer's chunk.
 */
/**
 * Query keys of the viewer, under `academy` like the rest of the academy's cached data (the
 * preview key is the catalogue's too: same call, same cache). After a progress save everything
 * under `academy` is invalidated except the course itself and its progress (save-progress.ts).
 */
export const courseViewerKeys = {
  course: (courseId: string) => ['academy', 'course', courseId] as const,
  preview: (courseId: string) => ['academy', 'preview', courseId] as const,
  progress: (courseId: string) => ['academy', 'course-progress', courseId] as const,
};

/** GET /academy/{courseId}: the course with its content addresses (403 without access). */
export const courseQuery = (courseId: string) =>
  queryOptions<Course>({
    queryKey: courseViewerKeys.course(courseId),
    queryFn: ({ signal }) => apiRequest<Course>(`/academy/${path(courseId)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /academy/preview/{courseId}: same shape without addresses, for everyone logged in (1 h). */
export const previewQuery = (courseId: string) =>
  queryOptions<Course>({
    queryKey: courseViewerKeys.preview(courseId),
    queryFn: ({ signal }) => apiRequest<Course>(`/academy/preview/${path(courseId)}`, { signal }),
    staleTime: oneHour,
  });

/** GET /academy/progress/{courseId}: kept until a save changes it. */
export const progressQuery = (courseId: string) =>
  queryOptions<CourseProgress>({
    queryKey: courseViewerKeys.progress(courseId),
    queryFn: ({ signal }) => apiRequest<CourseProgress>(`/academy/progress/${path(courseId)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
