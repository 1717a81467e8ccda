import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Backups of the configured database (npm run db:backup / db:restore -- <file>):
 * - PostgreSQL server (DATABASE_URL): pg_dump in its custom format, restored with pg_restore
 *   (--clean: the restored database holds exactly what the dump holds). The client tools must be
 *   on PATH; a client older than the server refuses to dump, which is what we want. The job
 *   queue's schema (pgboss) is left out: it holds triggers, not data (each use-case's table is the
 *   source of truth, and every start schedules the jobs again), and pg_restore --clean cannot drop
 *   its partitioned tables ("cannot drop inherited constraint", PostgreSQL 15's pg_dump).
 * - embedded PGlite (DATA_DIR/pgdata): a copy of the folder. PGlite is one process's database,
 *   so the copy is refused while it is open (its postmaster.pid exists: stop `npm start` first).
 */
export class BackupError extends Error {}

/** pg-boss's schema (modules/jobs), left out of server backups. */
const jobQueueSchema = 'pgboss';

export type BackupTarget = { kind: 'pg'; url: string } | { kind: 'pglite'; dataDir: string };

const timestamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

/** Where a backup goes when no path is given: ./backups/alcancia-<time>.dump (or a folder). */
export function defaultBackupPath(target: BackupTarget, baseDir: string): string {
  const name = target.kind === 'pg' ? `alcancia-${timestamp()}.dump` : `alcancia-pglite-${timestamp()}`;
  return path.resolve(baseDir, 'backups', name);
}

/** The URL without its password (which goes to PGPASSWORD, not to the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `No se encontró ${command}: instalá el cliente de PostgreSQL (p. ej. apt-get install postgresql-client).`
            : `${command}: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} terminó con código ${code}:\n${stderr.trim()}`)),
    );
  });
}

function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

function refuseWhileOpen(folder: string, force: boolean): void {
  if (!force && existsSync(path.join(folder, 'postmaster.pid'))) {
    throw new BackupError(
      `La base embebida está abierta (${path.join(folder, 'postmaster.pid')}): detené npm start antes de copiarla. ` +
        'Si no está en marcha (se cortó sin cerrar), repetí el comando con --force.',
    );
  }
}

async function isPgliteFolder(folder: string): Promise<boolean> {
  try {
    return (await stat(path.join(folder, 'PG_VERSION'))).isFile();
  } catch {
    return false;
  }
}

/** Writes a backup to `file` (created with its folder) and returns its path. */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<string> {
  if (existsSync(file)) throw new BackupError(`Ya existe ${file}: elegí otro nombre.`);
  await mkdir(path.dirname(file), { recursive: true });
  if (target.kind === 'pg') {
    const { dbname, env } = connection(target.url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--exclude-schema=${jobQueueSchema}`,
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    return file;
  }
  const folder = pgliteFolder(target.dataDir);
  if (!(await isPgliteFolder(folder))) throw new BackupError(`No hay una base embebida en ${folder}.`);
  refuseWhileOpen(folder, options.force ?? false);
  await cp(folder, file, { recursive: true, errorOnExist: true });
  await rm(path.join(file, 'postmaster.pid'), { force: true });
  return file;
}

/**
 * Replaces the database's contents with a backup. PostgreSQL: pg_restore --clean in one
 * transaction (stop the API first: it holds locks and caches). PGlite: the current folder is kept
 * beside it as pgdata.before-restore-<time>, then the backup is copied in.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ keptAs?: string }> {
  if (!existsSync(file)) throw new BackupError(`No existe ${file}.`);
  if (target.kind === 'pg') {
    const { dbname, env } = connection(target.url);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return {};
  }
  if (!(await isPgliteFolder(file)))
    throw new BackupError(`${file} no es una copia de la base embebida (falta PG_VERSION).`);
  const folder = pgliteFolder(target.dataDir);
  refuseWhileOpen(folder, options.force ?? false);
  let keptAs: string | undefined;
  if (existsSync(folder)) {
    keptAs = `${folder}.before-restore-${timestamp()}`;
    await rename(folder, keptAs);
  }
  await cp(file, folder, { recursive: true });
  await rm(path.join(folder, 'postmaster.pid'), { force: true });
  return { keptAs };
}
