import { arg, flag, openFreshDatabase, out, seedAndRuns } from '../cli-runs';
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
const { seed, runs } = seedAndRuns('MONEY_MODEL', 100);
const ops = (arg('ops')?.split(',') ?? allOps) as Op[];
const unknown = ops.filter((op) => !allOps.includes(op));
if (unknown.length > 0)
  throw new Error(`unknown operations ${unknown.join(', ')}; known: ${allOps.join(', ')}`);
const shrink = !flag('no-shrink');
const shrinkSeconds = Number(arg('shrink-seconds') ?? 900);
const generation: Generation = {
  ...fullGeneration,
  ops,
  borrowedCards: !flag('no-borrowed-cards'),
  partialRefunds: !flag('no-partial-refunds'),
  cardPlanOverMembership: !flag('no-plan-over-membership'),
  cardPlanOverFreeCode: !flag('no-plan-over-free-code'),
  fullRefundAfterRenewal: !flag('no-full-refund-after-renewal'),
  upgradeAfterRenewal: !flag('no-upgrade-after-renewal'),
};
/** One sequence to run as written (a counterexample made smaller by hand), instead of generated ones. */
const replay = arg('replay') ? (JSON.parse(arg('replay') ?? '[]') as Sequence) : null;

const { database, drop } = await openFreshDatabase('alcancia_money');
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
      verbose: flag('verbose'),
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
