import { type Course, type CourseProgress, courseProgressSchema, courseSchema } from '@alcancia/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const oneHour = 60 * 60 * 1000;
const path = (id: string) => encodeURIComponent(id);

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
    queryFn: ({ signal }) => apiRequest(`/academy/${path(courseId)}`, { signal, schema: courseSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /academy/preview/{courseId}: same shape without addresses, for everyone logged in (1 h). */
export const previewQuery = (courseId: string) =>
  queryOptions<Course>({
    queryKey: courseViewerKeys.preview(courseId),
    queryFn: ({ signal }) =>
      apiRequest(`/academy/preview/${path(courseId)}`, { signal, schema: courseSchema }),
    staleTime: oneHour,
  });

/** GET /academy/progress/{courseId}: kept until a save changes it. */
export const progressQuery = (courseId: string) =>
  queryOptions<CourseProgress>({
    queryKey: courseViewerKeys.progress(courseId),
    queryFn: ({ signal }) =>
      apiRequest(`/academy/progress/${path(courseId)}`, { signal, schema: courseProgressSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
