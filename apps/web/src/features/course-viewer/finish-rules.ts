import type { CourseCard, ProgressOverview } from '@alcancia/contract';

/** How many courses "Qué aprender después" suggests. */
export const nextCoursesSize = 3;

/**
 * "Qué aprender después" once she finished a course (issue 20): other courses she has not
 * finished, those of the same topic first, then the ones she can open, keeping the catalogue's
 * order otherwise.
 */
export function nextCourses<C extends Pick<CourseCard, 'id' | 'category' | 'isAccessibleByUser'>>(
  catalogue: readonly C[],
  finished: { id: string; category: string | null },
  overview: Pick<ProgressOverview, 'in_progress_courses'> | undefined,
  size = nextCoursesSize,
): C[] {
  const done = (id: string) => (overview?.in_progress_courses[id]?.fraction ?? 0) >= 1;
  const rank = (course: C) =>
    (finished.category !== null && course.category === finished.category ? 0 : 2) +
    (course.isAccessibleByUser ? 0 : 1);
  return catalogue
    .filter((course) => course.id !== finished.id && !done(course.id))
    .map((course, index) => ({ course, index }))
    .sort((a, b) => rank(a.course) - rank(b.course) || a.index - b.index)
    .slice(0, size)
    .map(({ course }) => course);
}

/** What sharing says: the course page's address, with a line in her voice. */
export function shareData(course: { id: string; name: string }, origin: string) {
  return {
    title: course.name,
    text: `¡Terminé el curso "${course.name}" en Alcancía!`,
    // the public course page (issue 44): /academy/{id} asks her friends to log in first
    url: `${origin}/cursos/${encodeURIComponent(course.id)}`,
  };
}
