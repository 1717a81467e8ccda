import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { newPglite } from '../src/db/pglite';

/**
 * What the long-run scripts (npm run fuzz, npm run money:model) share: their command line, their
 * seed and number of runs, and a fresh database of their own.
 */

/** A line on standard output. */
export const out = (line: string) => void process.stdout.write(`${line}\n`);

/** The value after `--name` on the command line. */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** Whether `--name` is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/**
 * The seed and the number of runs: `--seed` / `--runs`, else the environment's `<prefix>_SEED` /
 * `<prefix>_RUNS`, else a seed from the clock (printed by the caller, so a failure replays).
 */
export function seedAndRuns(envPrefix: string, defaultRuns: number): { seed: number; runs: number } {
  return {
    seed: Number(arg('seed') ?? process.env[`${envPrefix}_SEED`] ?? Date.now() % 1_000_000),
    runs: Number(arg('runs') ?? process.env[`${envPrefix}_RUNS`] ?? defaultRuns),
  };
}

/**
 * A fresh in-memory PGlite, or a throw-away database (`<name>_<pid>_<hex>`) of DATABASE_URL's
 * server, migrated; `drop` removes it.
 */
export async function openFreshDatabase(
  name: string,
): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: 'pglite-instance', client: newPglite() });
    await runMigrations(database);
    return { database, drop: async () => {} };
  }
  const databaseName = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const target = new URL(url);
  target.pathname = `/${databaseName}`;
  const database = openDatabase({ kind: 'pg', url: target.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    },
  };
}
