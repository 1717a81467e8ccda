import type { Config } from './config';
import { startLocks, withAdvisoryLock } from './db/advisory-lock';
import { type DbHandle, openDatabase } from './db/client';
import { applyMigrations } from './db/migrate';
import { seedDemoData } from './demo/seed';

/** Opens the configured database: the PostgreSQL server of DATABASE_URL, or PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): DbHandle {
  return config.databaseUrl
    ? openDatabase({ kind: 'pg', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/**
 * Opens the configured database and brings it up to date: migrations, then the demo seed. On the
 * PostgreSQL server both run under one advisory lock, so processes and machines starting together
 * migrate and seed once (the seed checks its version marker; the others find it current).
 */
export async function prepareDatabase(config: Config): Promise<{ database: DbHandle; seeded: boolean }> {
  const database = openConfiguredDatabase(config);
  try {
    const seeded = await withAdvisoryLock(database, startLocks.prepareDatabase, async (db) => {
      await applyMigrations(db, database.driver);
      return config.seedDemoData ? seedDemoData(db) : false;
    });
    return { database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
