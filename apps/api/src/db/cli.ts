import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed';

/** npm run db:migrate | db:seed — against DATABASE_URL, or the PGlite database in DATA_DIR. */
async function main(command: string | undefined) {
  const config = loadConfig();
  const database = config.databaseUrl
    ? openDatabase({ kind: 'pg', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await runMigrations(database);
    if (command === 'seed') {
      const wrote = await seedDemoData(database.db);
      console.warn(
        wrote ? 'Datos de demostración cargados.' : 'Los datos de demostración ya estaban cargados.',
      );
    } else {
      console.warn('Migraciones aplicadas.');
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
