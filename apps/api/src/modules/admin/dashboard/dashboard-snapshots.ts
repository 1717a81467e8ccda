import { type Metrics, metricsSchema } from '@alcancia/contract/admin';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { dashboardSnapshots } from '../../../db/schema';
import { argentinaDate } from '../../../lib/argentina-date';
import { dashboardMetrics } from './dashboard-metrics';

/**
 * Long periods of the dashboard (decision 0196). A period of up to `liveDays` days is computed on
 * every request (the default 30 days takes ~200 ms on 100 000 people and shows what happened a
 * second ago). A longer one — the "Últimos 90 días" and "Último año" choices, or any long custom
 * period — reads up to a year of events (~1 s on that data set), so its figures are kept in
 * `dashboard_snapshots`: the first request computes and stores them, the next ones read the row
 * while it is younger than `snapshotFreshMinutes`, and the `dashboard.snapshots` job recomputes,
 * every 10 minutes, the periods an operator asked for in the last day. The answer's `generatedAt`
 * says when its figures were computed (the panel shows it).
 */
export const liveDays = 31;
export const snapshotFreshMinutes = 20;
/** a period nobody asked for in this long is no longer refreshed, and its row is deleted */
const keepHours = 24;

type Period = { from: string; to: string };

const daysIn = (period: Period) =>
  Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) +
  1;

/** GET /api/admin/metrics: live for a short period, from its kept figures for a long one. */
export async function loadDashboardMetrics(
  db: Database,
  period: Period,
  now = new Date(),
  today = argentinaDate(now),
): Promise<Metrics> {
  if (daysIn(period) <= liveDays) return dashboardMetrics(db, period, today);

  const key = and(eq(dashboardSnapshots.periodFrom, period.from), eq(dashboardSnapshots.periodTo, period.to));
  const [kept] = await db
    .select({ metrics: dashboardSnapshots.metrics, generatedAt: dashboardSnapshots.generatedAt })
    .from(dashboardSnapshots)
    .where(key);
  if (kept && now.getTime() - kept.generatedAt.getTime() < snapshotFreshMinutes * 60_000) {
    // keeps the period on the job's list; written at most once an hour, not on every read
    await db
      .update(dashboardSnapshots)
      .set({ requestedAt: now })
      .where(and(key, lt(dashboardSnapshots.requestedAt, new Date(now.getTime() - 3_600_000))));
    return metricsSchema.parse(kept.metrics);
  }
  const metrics = await dashboardMetrics(db, period, today);
  await keep(db, period, metrics, now);
  return metrics;
}

async function keep(db: Database, period: Period, metrics: Metrics, requestedAt: Date | null) {
  const generatedAt = new Date(metrics.generatedAt);
  await db
    .insert(dashboardSnapshots)
    .values({
      periodFrom: period.from,
      periodTo: period.to,
      metrics,
      generatedAt,
      requestedAt: requestedAt ?? generatedAt,
    })
    .onConflictDoUpdate({
      target: [dashboardSnapshots.periodFrom, dashboardSnapshots.periodTo],
      set: {
        metrics,
        generatedAt,
        ...(requestedAt ? { requestedAt } : {}),
      },
    });
}

/**
 * The `dashboard.snapshots` job: recomputes the kept periods an operator asked for in the last
 * day (one at a time, so the job never holds more than one connection), deletes the others.
 */
export async function refreshDashboardSnapshots(
  db: Database,
  now = new Date(),
): Promise<{ refreshed: number; deleted: number }> {
  const since = new Date(now.getTime() - keepHours * 3_600_000);
  const deleted = await db
    .delete(dashboardSnapshots)
    .where(lt(dashboardSnapshots.requestedAt, since))
    .returning({ from: dashboardSnapshots.periodFrom });
  const recent = await db
    .select({ from: dashboardSnapshots.periodFrom, to: dashboardSnapshots.periodTo })
    .from(dashboardSnapshots)
    .where(gte(dashboardSnapshots.requestedAt, since))
    .orderBy(sql`${dashboardSnapshots.periodTo} desc`, dashboardSnapshots.periodFrom);
  for (const period of recent) {
    await keep(db, period, await dashboardMetrics(db, period, argentinaDate(now)), null);
  }
  return { refreshed: recent.length, deleted: deleted.length };
}
