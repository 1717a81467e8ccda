import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { newPglite } from '../../src/db/pglite';
import {
  allOps,
  describeSequence,
  formatReport,
  formatViolations,
  fullGeneration,
  type Generation,
  type Op,
  runModel,
  runSequence,
  type Sequence,
} from './run';
import { startWorld } from './world';

/**
 * npm run money:model [-- --seed N --runs N --ops subscribe,renew,withdraw --no-shrink --shrink-seconds S
 *   --no-borrowed-cards --no-partial-refunds --no-plan-over-membership --no-plan-over-free-code
 *   --no-full-refund-after-renewal --no-upgrade-after-renewal --replay '<rounds as JSON>']
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
const generation: Generation = {
  ...fullGeneration,
  ops,
  borrowedCards: !process.argv.includes('--no-borrowed-cards'),
  partialRefunds: !process.argv.includes('--no-partial-refunds'),
  cardPlanOverMembership: !process.argv.includes('--no-plan-over-membership'),
  cardPlanOverFreeCode: !process.argv.includes('--no-plan-over-free-code'),
  fullRefundAfterRenewal: !process.argv.includes('--no-full-refund-after-renewal'),
  upgradeAfterRenewal: !process.argv.includes('--no-upgrade-after-renewal'),
};
/** One sequence to run as written (a counterexample made smaller by hand), instead of generated ones. */
const replay = arg('replay') ? (JSON.parse(arg('replay') ?? '[]') as Sequence) : null;

async function openFreshDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: 'pglite-instance', client: newPglite() });
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
  if (replay) {
    out(`replaying:\n${describeSequence(replay)}`);
    let x = seed || 1;
    const outcome = await runSequence(
      world,
      replay,
      () => {
        x = (x * 48_271) % 2_147_483_647;
        return x / 2_147_483_647;
      },
      generation,
    );
    out(outcome.trace.map((t) => `  ${t}`).join('\n'));
    out(
      outcome.violations.length
        ? `violations:\n${formatViolations(outcome.violations)}`
        : 'every invariant held',
    );
    process.exitCode = outcome.violations.length ? 1 : 0;
  } else {
    const report = await runModel(world, {
      seed,
      runs,
      generation,
      shrink,
      timeLimitMs: shrinkSeconds * 1000,
      log: out,
      verbose: process.argv.includes('--verbose'),
    });
    out(formatReport(report));
    out(
      `took ${((Date.now() - started) / 1000).toFixed(1)} s; replay with npm run money:model -- --seed ${seed} --runs ${runs}` +
        (arg('ops') ? ` --ops ${ops.join(',')}` : ''),
    );
    process.exitCode = report.failed ? 1 : 0;
  }
} finally {
  await world.close();
  await database.close();
  await drop();
}
