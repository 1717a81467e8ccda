import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './helpers';
import { formatReport, fullGeneration, type Generation, runModel } from './money-model/run';
import { startWorld, type World } from './money-model/world';

// The short run of the money model-based test (issue 39, decision 0285); `npm run money:model` is
// the long one, every operation included. A fixed seed (MONEY_MODEL_SEED overrides it), printed so
// a failure replays: npm run money:model -- --seed <seed> --runs <runs>.
const seed = Number(process.env.MONEY_MODEL_SEED ?? 20261129);
const runs = Number(process.env.MONEY_MODEL_RUNS ?? 15);

// Left out of this run because main does not meet the rule yet (each one fails the long run; the
// counterexample is in docs/reliability.md). Put each back when its fix lands:
// - cardPlanOverMembership: an upgrade (a heavier card plan) while a guest membership waits after
//   her plan moves the membership up to today beside the new plan: its months are lost (the
//   first card plan over a running membership queues it, decision 0275; the upgrade does not).
//   Replay: --replay '[[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Oro","frequency":"monthly","coupon":false,"borrowedCard":false}],[{"op":"guest","who":"A","copies":1,"tier":"BLACK"}],[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Platino","frequency":"annual","coupon":false,"borrowedCard":false}]]'
// - cardPlanOverFreeCode: a card plan bought while a free-period code (BIENVENIDA30) runs starts
//   today beside the code's 30 days instead of moving them after it: 30 days lost.
//   Replay: --replay '[[{"op":"freeCode","who":"A","copies":1}],[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Oro","frequency":"monthly","coupon":false,"borrowedCard":false}]]'
// - fullRefundAfterRenewal: an operator's refund in full of a plan charge whose agreement was
//   charged again since ends the whole agreement's access and keeps the later charge.
//   Replay: --replay '[[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Oro","frequency":"monthly","coupon":false,"borrowedCard":false}],[{"op":"renew","who":"A","copies":1}],[{"op":"refund","who":"A","copies":1,"pick":0,"partial":false}]]'
// - upgradeAfterRenewal: an upgrade after a renewal refunds only the last charge; the earlier
//   one's period ends unrefunded and not withdrawable.
//   Replay: --replay '[[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Oro","frequency":"monthly","coupon":false,"borrowedCard":false}],[{"op":"renew","who":"A","copies":1}],[{"op":"subscribe","who":"A","copies":1,"plan":"Plan Platino","frequency":"monthly","coupon":false,"borrowedCard":false}]]'
const generation: Generation = {
  ...fullGeneration,
  cardPlanOverMembership: false,
  cardPlanOverFreeCode: false,
  fullRefundAfterRenewal: false,
  upgradeAfterRenewal: false,
};

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
}, 300_000);
