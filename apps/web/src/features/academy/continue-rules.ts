import type { ContinueWatchingItem, ProgressOverview } from '@alcancia/contract';
import { academyPath } from '../../lib/paths';

/** Courses in the "Seguí viendo" row at most (one row on a wide screen). */
export const continueRowSize = 4;

/**
 * The "Seguí viendo" row (issue 20): the courses she started and has not finished, each with the
 * class to open next, the most recently watched first. Empty when there is none (the row hides).
 */
export function continueWatchingRow(
  overview: Pick<ProgressOverview, 'continue_watching'> | undefined,
  size = continueRowSize,
): ContinueWatchingItem[] {
  return (overview?.continue_watching ?? [])
    .filter((item) => item.fraction < 1)
    .sort((a, b) => Date.parse(b.last_viewed_at) - Date.parse(a.last_viewed_at))
    .slice(0, size);
}

/** Where a "Seguí viendo" card resumes: the class to watch next. */
export function resumePath(item: Pick<ContinueWatchingItem, 'course_id' | 'section_id'>): string {
  return `${academyPath}/${encodeURIComponent(item.course_id)}/${encodeURIComponent(item.section_id)}`;
}
