import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupDatabase, defaultBackupPath, restoreDatabase } from '../db/backup';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../demo/seed';
import { ContentFileError } from '../modules/academy/content-file';
import { exportContent } from '../modules/academy/export-content';
import { type ImportResult, importContent } from '../modules/academy/import-content';
import {
  createOperator,
  OperatorInputError,
  operatorCreatedText,
} from '../modules/admin/security/create-operator';
import { listFailedRefunds } from '../modules/payments/list-failed-refunds';

/** A mistake of the person running the command: its message is all they need to see. */
class UsageError extends Error {}

const entityLabels: Record<keyof ImportResult, string> = {
  categories: 'Categorías',
  levels: 'Niveles',
  tags: 'Etiquetas',
  suggestedFilters: 'Filtros sugeridos',
  plans: 'Planes',
  courses: 'Contenidos',
  modules: 'Módulos',
  sections: 'Secciones',
  faqs: 'Preguntas frecuentes',
  packItems: 'Items de packs',
};

function importSummary(file: string, result: ImportResult): string {
  const lines = Object.entries(entityLabels).map(([entity, label]) => {
    const t = result[entity as keyof ImportResult];
    const total = t.inserted + t.updated + t.unchanged;
    return `  ${label}: ${total} en el archivo · ${t.inserted} altas · ${t.updated} modificaciones · ${t.unchanged} sin cambios · ${t.deleted} bajas`;
  });
  return [`Contenido importado desde ${file}:`, ...lines].join('\n');
}

/** npm run content:import -w apps/api runs from apps/api: resolve the path where the user typed it. */
function readContentFile(file: string): { shown: string; document: unknown } {
  const base = process.env.INIT_CWD ?? process.cwd();
  const absolute = path.resolve(base, file);
  let raw: string;
  try {
    raw = readFileSync(absolute, 'utf8');
  } catch {
    throw new UsageError(`No se pudo leer el archivo de contenido ${absolute}`);
  }
  try {
    return { shown: path.relative(base, absolute), document: JSON.parse(raw) };
  } catch (error) {
    throw new UsageError(`El archivo ${absolute} no es JSON válido: ${(error as Error).message}`);
  }
}

/**
 * npm run db:migrate | db:seed | content:import -- <file.json> | content:export -- <file.json> | payments:failed-refunds — against DATABASE_URL, or the
 * PGlite database in DATA_DIR.
 */
async function main(command: string | undefined, argument: string | undefined) {
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') return backupCommand(command, config, argument);
  if (command === 'import' && !argument)
    throw new UsageError('Uso: npm run content:import -- <archivo.json>');
  if (command === 'export' && !argument)
    throw new UsageError('Uso: npm run content:export -- <archivo.json>');
  const content = command === 'import' && argument ? readContentFile(argument) : undefined;
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
    } else if (command === 'failed-refunds') {
      const rows = await listFailedRefunds(database.db);
      if (rows.length === 0) console.warn('No hay devoluciones fallidas.');
      for (const row of rows) {
        console.warn(
          [
            `#${row.refundId} ${row.failedAt.toISOString()} · ${row.reason} · ${(row.amountCentavos / 100).toFixed(2)} ARS`,
            `  pago ${row.provider} ${row.providerPaymentId} · orden ${row.orderId ?? '-'} · ${row.payerEmail ?? '-'}`,
            `  ${row.attempts} intentos · ${row.error ?? ''}`,
          ].join('\n'),
        );
      }
    } else if (command === 'admin-create') {
      const result = await createOperator(database.db, config, {
        email: argument,
        role: process.argv[4],
      });
      console.warn(operatorCreatedText(result, config.publicUrl));
    } else if (command === 'export' && argument) {
      const base = process.env.INIT_CWD ?? process.cwd();
      const file = path.resolve(base, argument);
      const catalogue = await exportContent(database.db);
      writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
      console.warn(
        `Catálogo exportado a ${path.relative(base, file)}: ${catalogue.courses.length} contenidos, ${catalogue.plans.length} planes.`,
      );
    } else if (content) {
      const result = await importContent(database.db, content.document);
      console.warn(importSummary(content.shown, result));
    } else {
      console.warn('Migraciones aplicadas.');
    }
  } finally {
    await database.close();
  }
}

/**
 * npm run db:backup [-- <path>] | db:restore -- <path> [--force]: never opens the database here
 * (the embedded one would count as open); see backup.ts.
 */
async function backupCommand(
  command: 'backup' | 'restore',
  config: ReturnType<typeof loadConfig>,
  argument: string | undefined,
) {
  const force = process.argv.includes('--force');
  const base = process.env.INIT_CWD ?? process.cwd();
  const positional = argument === '--force' ? process.argv.slice(3).find((a) => a !== '--force') : argument;
  const given = positional ? path.resolve(base, positional) : undefined;
  const target = config.databaseUrl
    ? ({ kind: 'pg', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
  if (command === 'backup') {
    const file = await backupDatabase(target, given ?? defaultBackupPath(target, base), { force });
    console.warn(`Copia de seguridad guardada en ${path.relative(base, file) || file}`);
    return;
  }
  if (!given) throw new UsageError('Uso: npm run db:restore -- <copia> [--force]');
  const { keptAs } = await restoreDatabase(target, given, { force });
  console.warn(
    `Base restaurada desde ${path.relative(base, given)}.` +
      (keptAs ? ` La anterior quedó en ${path.relative(base, keptAs)}.` : ''),
  );
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof OperatorInputError ||
    error instanceof ContentFileError ||
    error instanceof UsageError ||
    error instanceof BackupError;
  console.error(known ? error.message : error);
  process.exit(1);
});
