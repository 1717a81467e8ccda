import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { startLocks, withAdvisoryLock } from './advisory-lock';
import type { Database, DbHandle } from './client';
import { migrationsDir } from './paths';

/**
 * Applies the committed SQL migrations (same files for PGlite and the PostgreSQL server). On the
 * server it holds the start lock (advisory-lock.ts): processes starting together apply each
 * migration once, the others wait and find nothing left to do.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  await withAdvisoryLock(handle, startLocks.prepareDatabase, (db) => applyMigrations(db, handle.driver));
}

/** The migrations alone, on a connection the caller chose: inside `withAdvisoryLock` on the server. */
export async function applyMigrations(db: Database, driver: DbHandle['driver']): Promise<void> {
  const options = { migrationsFolder: migrationsDir };
  if (driver === 'pg') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the handle hides which
    await migratePg(db as any, options);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await migratePglite(db as any, options);
  }
}
