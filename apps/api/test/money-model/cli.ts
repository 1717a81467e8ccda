import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { allOps, formatReport, fullGeneration, type Op, runModel } from './run';
import { startWorld } from './world';

/**
 * npm run money:model [-- --seed N --runs N --ops subscribe,renew,withdraw --no-shrink --shrink-seconds S]
 * (or MONEY_MODEL_SEED / MONEY_MODEL_RUNS): the long run of the money model-based test (issue 39),
 * every operation, on a fresh in-memory PGlite or a throw-away database of DATABASE_URL's server.
 * Prints its seed first; a failure prints the shrunk sequence, what each round answered and the
 * invariants it broke, and exits 1. Replay with the same --seed (and --ops).
 */
const out = (line: string) => void process.stdout.write(`${line}\n`);
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seed = Number(arg('seed') ?? process.env.MONEY_MODEL_SEED ?? Date.now() % 1_000_000);
const runs = Number(arg('runs') ?? process.env.MONEY_MODEL_RUNS ?? 100);
const ops = (arg('ops')?.split(',') ?? allOps) as Op[];
const unknown = ops.filter((op) => !allOps.includes(op));
if (unknown.length > 0)
  throw new Error(`unknown operations ${unknown.join(', ')}; known: ${allOps.join(', ')}`);
const shrink = !process.argv.includes('--no-shrink');
const shrinkSeconds = Number(arg('shrink-seconds') ?? 900);

async function openFreshDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: 'pglite-instance', client: new PGlite() });
    await runMigrations(database);
    return { database, drop: async () => {} };
  }
  const name = `alcancia_money_${process.pid}_${randomBytes(3).toString('hex')}`;
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
const world = await startWorld(database);
const started = Date.now();
out(
  `money model: seed ${seed}, ${runs} sequences, operations ${ops.join(',')} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
try {
  const report = await runModel(world, {
    seed,
    runs,
    generation: { ...fullGeneration, ops },
    shrink,
    timeLimitMs: shrinkSeconds * 1000,
    log: out,
  });
  out(formatReport(report));
  out(
    `took ${((Date.now() - started) / 1000).toFixed(1)} s; replay with npm run money:model -- --seed ${seed} --runs ${runs}` +
      (arg('ops') ? ` --ops ${ops.join(',')}` : ''),
  );
  process.exitCode = report.failed ? 1 : 0;
} finally {
  await world.close();
  await database.close();
  await drop();
}
