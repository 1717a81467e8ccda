import type { CourseCard } from '@alcancia/contract';

/** Where a course card leads and which click event it sends (spec §2 course card, §7 events). */
export function courseCardTarget(
  course: Pick<CourseCard, 'id' | 'isAccessibleByUser'>,
  progress: number | null,
): { to: string; event: 'continue' | 'start' | 'purchase' } {
  if (!course.isAccessibleByUser) return { to: '/compra/suscripcion', event: 'purchase' };
  return { to: `/academy/${encodeURIComponent(course.id)}`, event: progress === null ? 'start' : 'continue' };
}
