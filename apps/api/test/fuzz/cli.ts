import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { newPglite } from '../../src/db/pglite';
import { formatReport, fuzz } from './engine';

/**
 * npm run fuzz [-- --seed N --runs N] (or FUZZ_SEED / FUZZ_RUNS): the real app in-process on a
 * fresh in-memory PGlite, or on a throw-away database of DATABASE_URL's server. Rate limits are
 * off (RATE_LIMIT_ENABLED=false, as the API tests build it); any 429 is still counted apart.
 * Exits 1 on any 5xx, non-JSON or non-Spanish 4xx, or a health check other than 200.
 */
const out = (line: string) => void process.stdout.write(`${line}\n`);
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seed = Number(arg('seed') ?? process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const runs = Number(arg('runs') ?? process.env.FUZZ_RUNS ?? 10_000);

async function openFreshDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: 'pglite-instance', client: newPglite() });
    await runMigrations(database);
    return { database, drop: async () => {} };
  }
  const name = `alcancia_fuzz_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({ kind: 'pg', url: target.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const { database, drop } = await openFreshDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: '0',
  JWT_SECRET: 'fuzz-secret-that-is-long-enough-0123456789',
  RATE_LIMIT_ENABLED: 'false',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const started = Date.now();
out(`fuzz: seed ${seed}, ${runs} requests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
try {
  const report = await fuzz(app, {
    seed,
    runs,
    bodyLimit: config.bodyLimitBytes,
    shrink: true,
    log: out,
  });
  out(formatReport(report));
  out(`took ${((Date.now() - started) / 1000).toFixed(1)} s; replay with FUZZ_SEED=${seed}`);
  process.exitCode = report.failures.length === 0 && report.healthAfter === 200 ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  await drop();
}
