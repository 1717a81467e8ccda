import type { CourseCard } from '@alcancia/contract';
import type { QueryClient } from '@tanstack/react-query';
import { courseQuery, previewQuery } from './get-course';

/** The course page's code: the same chunk as the router's lazy route (same module). */
const loadCoursePage = () => import('../../features/course-viewer/course-viewer-page');

/**
 * What a course card's click will need, asked for on the first sign of intent (issue 30): the
 * course page's chunk and the course (the viewer's own query: same key, same options); a locked
 * course also its preview, which the page shows with the plans.
 */
export function prefetchCoursePage(
  client: QueryClient,
  course: Pick<CourseCard, 'id' | 'isAccessibleByUser'>,
) {
  void loadCoursePage().catch(() => undefined);
  void client.prefetchQuery(courseQuery(course.id));
  if (!course.isAccessibleByUser) void client.prefetchQuery(previewQuery(course.id));
}
