import type { Course } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { academyPath, plansPath, programDetailPath } from '../../lib/paths';
import { courseQuery, previewQuery, progressQuery } from '../../shared/catalogue/get-course';

/**
 * Spec §4, course access on load. The server decides (GET /academy/{id} answers 403 with the
 * reason): a program or pack not bought goes to its detail page (its own page, with its price and
 * purchase). Null when the error is not that refusal.
 */
export function refusalRedirect(error: unknown, courseId: string): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.internalCode === 'PURCHASE_REQUIRED') return programDetailPath(courseId);
  return null;
}

/**
 * Content that needs a subscription she does not have. The spec sent her straight to the plans;
 * issue 20 (decision 74) shows the course page instead, from the preview, with "Ver planes".
 */
export function isSubscriptionRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.internalCode === 'SUBSCRIPTION_REQUIRED';
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export type CourseAccess =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'redirect'; to: string }
  /** the course's outline from the preview: while access is checked, or when loading it failed */
  | { status: 'preview'; preview: Course; error: unknown; retry(): void }
  | { status: 'error'; error: unknown; retry(): void }
  /** she may not open it without a subscription: the course page, from the preview, offers the plans */
  | { status: 'locked'; preview: Course }
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
    } else if (
      course.isError &&
      !refusalRedirect(course.error, courseId) &&
      !isSubscriptionRefusal(course.error)
    ) {
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
    access = { status: 'redirect', to: refusalRedirect(course.error, courseId) ?? academyPath };
  else if (course.isError && isSubscriptionRefusal(course.error)) {
    if (preview.data) access = { status: 'locked', preview: preview.data };
    else if (preview.isError) access = { status: 'redirect', to: plansPath };
    else access = { status: 'loading' };
  } else if (preview.data) access = { status: 'preview', preview: preview.data, error: course.error, retry };
  else if (course.isError) access = { status: 'error', error: course.error, retry };
  else access = { status: 'loading' };

  return { access, progress };
}
