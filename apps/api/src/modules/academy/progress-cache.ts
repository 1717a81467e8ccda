import { type SQL, sql } from 'drizzle-orm';
import { changeChannels } from '../../db/change-channels';
import type { Database } from '../../db/client';
import { UserCache } from './user-cache';

/**
 * Each process keeps each learner's progress answers (per course, and the overview). Progress
 * changes on every save, so the code that writes it (progress-writer.ts, the finish check,
 * start-course.ts) forgets it in this process before its request answers, and notifies the
 * progress channel with the users it wrote, in the same statement: other processes' dedicated
 * listeners (src/change-listener.ts) forget them when it commits. (Explicit rather than triggers on
 * the progress tables: those cost a fifth of the write throughput. Progress edited by hand in
 * SQL is picked up after the TTL, or at once with `NOTIFY alcancia_progress_changed, '*'`.)
 */
const progress = new UserCache<unknown>('progress', 20_000, 5 * 60_000);

export function cachedProgress<V>(
  db: Database,
  userId: string,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  return progress.get(db, userId, key, load) as Promise<V>;
}

/** A statement that tells other processes `userIds` progress changed (sent on commit). */
export function progressChangedNotice(userIds: string[]): SQL {
  return sql`select pg_notify(${changeChannels.progress}, ${userIds.join(',')})`;
}

export function forgetProgress(db: Database, userIds: Iterable<string>): void {
  for (const userId of userIds) progress.forget(db, userId);
}

/** A notification listing the users whose progress changed ('*': everyone). */
export function progressChanged(db: Database, payload: string): void {
  if (payload === '*') progress.forgetAll(db);
  else forgetProgress(db, payload.split(','));
}
