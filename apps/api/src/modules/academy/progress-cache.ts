import type { Database } from '../../db/client';
import { UserCache } from './user-cache';

/**
 * Each process keeps each learner's progress answers (per course, and the overview). Progress
 * changes on every save, so it is forgotten:
 * - in this process, by the code that writes it (progress-writer.ts, the finish check,
 *   start-course.ts), before the write's request answers;
 * - in other processes, by the triggers of migration 0012: every statement that changes
 *   section_progress or course_progress notifies the progress channel with the users it touched
 *   ('*' when too many), heard by the dedicated listener (change-listener.ts).
 */
const progress = new UserCache<unknown>(20_000, 5 * 60_000);

export function cachedProgress<V>(
  db: Database,
  userId: string,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  return progress.get(db, userId, key, load) as Promise<V>;
}

export function forgetProgress(db: Database, userIds: Iterable<string>): void {
  for (const userId of userIds) progress.forget(db, userId);
}

/** A notification listing the users whose progress changed ('*': everyone). */
export function progressChanged(db: Database, payload: string): void {
  if (payload === '*') progress.forgetAll(db);
  else forgetProgress(db, payload.split(','));
}
