import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client';
import { migrationsDir } from './paths';

/** Applies the committed SQL migrations (same files for PGlite and the PostgreSQL server). */
export async function runMigrations(handle: DbHandle): Promise<void> {
  const options = { migrationsFolder: migrationsDir };
  if (handle.driver === 'pg') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the handle hides which
    await migratePg(handle.db as any, options);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    await migratePglite(handle.db as any, options);
  }
}
