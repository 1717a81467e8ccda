import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './helpers';
import { formatReport, fullGeneration, type Generation, runModel } from './money-model/run';
import { startWorld, type World } from './money-model/world';

// The short run of the money model-based test (issue 39, decision 0285); `npm run money:model` is
// the long one, every operation included. A fixed seed (MONEY_MODEL_SEED overrides it), printed so
// a failure replays: npm run money:model -- --seed <seed> --runs <runs>.
const seed = Number(process.env.MONEY_MODEL_SEED ?? 20261129);
const runs = Number(process.env.MONEY_MODEL_RUNS ?? 15);

// Every operation and every order of them: the four findings once left out of this run (an upgrade
// over a queued membership, a card plan over a free-period code, a full refund or an upgrade after
// a renewal) are met since decisions 0300–0302, and their replays are tests of their own
// (entitlements/card-over-membership.test.ts, subscriptions/after-renewal.test.ts).
const generation: Generation = fullGeneration;

let world: World;
beforeAll(async () => {
  world = await startWorld(await createTestDatabase());
});
afterAll(() => world?.close());

it('random purchases, renewals, bajas, refunds and withdrawals sent at once keep every money invariant', async () => {
  process.stdout.write(`money model: seed ${seed}, ${runs} sequences\n`);
  const report = await runModel(world, {
    seed,
    runs,
    generation,
    shrink: false,
    log: (line) => void process.stdout.write(`${line}\n`),
  });
  expect(report.failed, formatReport(report)).toBe(false);
  // A ceiling for a hang, not a measure of speed (decision 0246): about 20 s on an idle machine, up
  // to 250 s measured here with the machine's load at 20. A starved pool or a held lock no longer
  // waits for ever: it fails within 30 s (pool) or 60 s (person lock), so a stuck run shows as an error.
}, 600_000);
