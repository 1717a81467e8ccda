import type { Metrics } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { dashboardSnapshots, users } from '../../../db/schema';
import { refreshDashboardSnapshots } from './dashboard-snapshots';

const t = testAppForFile(() => createTestApp());

async function metrics(from: string, to: string): Promise<Metrics> {
  const { headers } = await operatorSession(t.app, 'admin');
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/metrics?from=${from}&to=${to}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Metrics;
}

let signUp = 0;
async function signUpOn(day: string) {
  signUp += 1;
  await t.app.db.insert(users).values({
    email: `snap${signUp}@example.com`,
    name: 'Ana',
    createdAt: new Date(`${day}T12:00:00-03:00`),
  });
}

const rows = () => t.app.db.select().from(dashboardSnapshots);

describe('GET /api/admin/metrics over a long period (decision 0196)', () => {
  it('a month or less is computed on every request: a sign-up shows at once, nothing is kept', async () => {
    await signUpOn('2025-01-10');
    const before = await metrics('2025-01-01', '2025-01-31');
    await signUpOn('2025-01-11');
    const after = await metrics('2025-01-01', '2025-01-31');
    expect(after.signUps).toBe(before.signUps + 1);
    expect(await rows()).toHaveLength(0);
  });

  it('a longer period is kept: the next request reads the same figures and the same time', async () => {
    await signUpOn('2025-03-10');
    const first = await metrics('2025-02-01', '2025-06-30');
    await signUpOn('2025-03-11');
    const second = await metrics('2025-02-01', '2025-06-30');
    expect(second).toEqual(first);
    const kept = await rows();
    expect(kept.map((row) => [row.periodFrom, row.periodTo])).toContainEqual(['2025-02-01', '2025-06-30']);
  });

  it('kept figures older than 20 minutes are computed again', async () => {
    await signUpOn('2025-08-10');
    const first = await metrics('2025-07-01', '2025-12-31');
    await signUpOn('2025-08-11');
    await t.app.db
      .update(dashboardSnapshots)
      .set({ generatedAt: sql`now() - interval '21 minutes'` })
      .where(eq(dashboardSnapshots.periodFrom, '2025-07-01'));
    const again = await metrics('2025-07-01', '2025-12-31');
    expect(again.signUps).toBe(first.signUps + 1);
    expect(Date.parse(again.generatedAt)).toBeGreaterThan(Date.parse(first.generatedAt));
  });

  it('the job recomputes the periods asked for in the last day and forgets the others', async () => {
    await signUpOn('2024-03-10');
    const asked = await metrics('2024-01-01', '2024-06-30');
    await metrics('2024-07-01', '2024-12-31');
    await t.app.db
      .update(dashboardSnapshots)
      .set({ requestedAt: sql`now() - interval '25 hours'` })
      .where(eq(dashboardSnapshots.periodFrom, '2024-07-01'));
    await signUpOn('2024-03-11');

    const result = await refreshDashboardSnapshots(t.app.db);
    expect(result.deleted).toBe(1);
    const kept = await rows();
    expect(kept.find((row) => row.periodFrom === '2024-07-01')).toBeUndefined();
    // the request reads the job's figures: the later sign-up is in, without computing again
    const read = await metrics('2024-01-01', '2024-06-30');
    expect(read.signUps).toBe(asked.signUps + 1);
    const row = kept.find((r) => r.periodFrom === '2024-01-01');
    expect(read.generatedAt).toBe(row?.generatedAt.toISOString());
  });

  it('the job is one of the app’s scheduled jobs', () => {
    expect(t.app.jobs.names).toContain('dashboard.snapshots');
  });
});
