import type { CourseCard } from '@alcancia/contract';
import { academyCoursePath } from '../../lib/paths';

/**
 * Where a course card leads and which click event it sends (spec §2 course card, §7 events). Every
 * card opens the course page; a locked one too (issue 20, decision 74): she sees what the course
 * holds before the plans, and the page offers them ("Ver planes").
 */
export function courseCardTarget(
  course: Pick<CourseCard, 'id' | 'isAccessibleByUser'>,
  progress: number | null,
): { to: string; event: 'continue' | 'start' | 'purchase' } {
  const to = academyCoursePath(course.id);
  if (!course.isAccessibleByUser) return { to, event: 'purchase' };
  return { to, event: progress === null ? 'start' : 'continue' };
}
