import { describe, expect, it } from 'vitest';
import type { CostLoad, CostPair, CostReport } from './cost';
import { costBudgets, costSection, medianPair } from './cost-report';

const load = (cpuUs: number, rps = 20_000, p99 = 6): CostLoad =>
  ({ cpuUs, rps, p99, p50: 2, ok: rps * 10, non2xx: 0, errors: 0 }) as unknown as CostLoad;
const pair = (api: number, bare: number, rssMb = 180): CostPair => ({
  api: load(api),
  bare: load(bare),
  rssMb,
});

describe('server-cost rounds (decision 0247)', () => {
  it('takes the round whose CPU ratio is the median, not the best nor the worst', () => {
    const rounds = [pair(74, 20), pair(42, 20), pair(46, 19)];
    expect(medianPair(rounds)).toBe(rounds[2]);
    // an even count takes the lower middle
    expect(medianPair([pair(40, 20), pair(60, 20)]).api.cpuUs).toBe(40);
    expect(() => medianPair([])).toThrow();
  });

  it('decides the budgets on the median round and lists every round, marking it', () => {
    const rounds = [pair(74, 20), pair(42, 20), pair(46, 19)];
    const median = rounds[2] as CostPair;
    const cost: CostReport = {
      runs: [
        {
          mode: 'production',
          api: median.api,
          bare: median.bare,
          rounds,
          bytes: { identity: 10_939, compressed: 2_254, encoding: 'br' },
          rssMb: 180,
        },
      ],
      loadBefore: [1, 1, 1],
    };
    const cpu = costBudgets(cost).find((l) => l.budget.includes('(production): server CPU'));
    expect(cpu).toMatchObject({ status: 'met', measured: '2.42× (46 of 19 µs)' });
    const rows = costSection(cost, 64).filter((line) => line.startsWith('| production |'));
    expect(rows).toHaveLength(6);
    expect(rows.filter((line) => line.includes('✱'))).toHaveLength(2);
    expect(rows[0]).toContain('| 1 | API | 74 |');
    expect(rows[4]).toContain('| 3 ✱ | API | 46 |');
  });
});
