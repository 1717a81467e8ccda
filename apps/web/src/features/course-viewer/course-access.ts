import type { Course } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { courseQuery, previewQuery, progressQuery } from './get-course';

/**
 * Spec §4, course access on load. The server decides (GET /academy/{id} answers 403 with the
 * reason): a program or pack not bought goes to its detail page, other content needs a
 * subscription. Null when the error is not an access refusal.
 */
export function refusalRedirect(error: unknown, courseId: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.internalCode === 'PURCHASE_REQUIRED') return `/programas/${encodeURIComponent(courseId)}/detalle`;
  if (error.internalCode === 'SUBSCRIPTION_REQUIRED') return '/compra/suscripcion';
  return null;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export type CourseAccess =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'redirect'; to: string }
  /** the course's outline from the preview: while access is checked, or when loading it failed */
  | { status: 'preview'; preview: Course; error: unknown; retry(): void }
  | { status: 'error'; error: unknown; retry(): void }
  | { status: 'ready'; course: Course };

/**
 * Loads the course, its preview (the outline shown while the course loads, without content
 * addresses: preview mode) and the progress, all at once, and sends academy_course_view,
 * then _success or _error (with the reason), once per course.
 */
export function useCourseAccess(courseId: string) {
  const course = useQuery(courseQuery(courseId));
  // Only needed until the course is there; an inactive query is not refetched by invalidations.
  const preview = useQuery({ ...previewQuery(courseId), enabled: !course.isSuccess });
  const progress = useQuery(progressQuery(courseId));

  const reported = useRef<string | null>(null);
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === courseId) return;
    viewed.current = courseId;
    track('academy_course_view', { courseId });
  }, [courseId]);
  useEffect(() => {
    if (reported.current === courseId) return;
    if (course.isSuccess) {
      reported.current = courseId;
      track('academy_course_view_success', {
        courseId,
        courseName: course.data.name,
        isProgram: course.data.isProgram,
      });
    } else if (course.isError && !refusalRedirect(course.error, courseId)) {
      reported.current = courseId;
      const error = course.error;
      console.error('No se pudo abrir el curso', error);
      track('academy_course_view_error', {
        courseId,
        internalCode: error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR',
        status: error instanceof ApiError ? error.status : null,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }, [courseId, course.isSuccess, course.isError, course.data, course.error]);

  let access: CourseAccess;
  const retry = () => {
    void course.refetch();
    void progress.refetch();
  };
  if (course.isSuccess) access = { status: 'ready', course: course.data };
  else if (isNotFound(course.error) || isNotFound(preview.error)) access = { status: 'not-found' };
  else if (course.isError && refusalRedirect(course.error, courseId))
    access = { status: 'redirect', to: refusalRedirect(course.error, courseId) ?? '/academy' };
  else if (preview.data) access = { status: 'preview', preview: preview.data, error: course.error, retry };
  else if (course.isError) access = { status: 'error', error: course.error, retry };
  else access = { status: 'loading' };

  return { access, progress };
}
