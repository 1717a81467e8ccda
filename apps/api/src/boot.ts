import type { Config } from './config';
import { type DbHandle, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './db/seed';

/** Opens the configured database and brings it up to date: migrations, then the demo seed. */
export async function prepareDatabase(config: Config): Promise<{ database: DbHandle; seeded: boolean }> {
  const database = config.databaseUrl
    ? openDatabase({ kind: 'pg', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const seeded = config.seedDemoData ? await seedDemoData(database.db) : false;
    return { database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}
