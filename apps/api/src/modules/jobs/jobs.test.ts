import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/helpers';
import { eventually } from '../../../test/payments';
import { buildApp } from '../../app';
import { backgroundJobs } from '../../background-jobs';
import { type DbHandle, openDatabase } from '../../db/client';
import { idlePollingSeconds, type JobQueueSettings } from './job-queue';

/** pg-boss's passes every second (not every 30 s or minute), so a test sees them happen. */
const quick: JobQueueSettings = {
  boss: {
    cronMonitorIntervalSeconds: 1,
    cronWorkerIntervalSeconds: 1,
    maintenanceIntervalSeconds: 1,
  },
};

const metricsToken = 'jobs-metrics-token-for-the-tests-0123';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Like a second process: another handle on the same database (the same PGlite, or a new pool). */
function sameDatabase(database: DbHandle): DbHandle {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite')
    return openDatabase({ kind: 'pglite-instance', client: client as PGlite });
  const url = (client as pg.Pool).options.connectionString ?? '';
  return openDatabase({ kind: 'pg', url, poolSize: 2 });
}

/** The real app, not ready yet: the test defines its own jobs first. */
async function appOn(database: DbHandle, settings: JobQueueSettings = quick): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig({ METRICS_TOKEN: metricsToken }),
    database,
    logger: false,
    jobs: settings,
  });
}

describe('background jobs on pg-boss', () => {
  it('runs a scheduled job once when two app instances share one database', { timeout: 90_000 }, async () => {
    const first = await createTestDatabase();
    const second = sameDatabase(first);
    const apps = [await appOn(first), await appOn(second)];
    const runs: { app: number; jobId: string }[] = [];
    apps.forEach((app, index) => {
      app.jobs.define({
        name: 'test.every-minute',
        cron: '* * * * *',
        pollingIntervalSeconds: 0.5,
        run: async (_data, job) => {
          runs.push({ app: index, jobId: job.id });
        },
      });
    });
    try {
      // One occurrence is due per minute: start both well inside a minute, so the window below
      // sees exactly one (a run per process would be two).
      if (new Date().getUTCSeconds() > 40) await sleep((61 - new Date().getUTCSeconds()) * 1000);
      const minuteAtStart = Math.floor(Date.now() / 60_000);
      await Promise.all(apps.map((app) => app.ready()));
      await eventually(async () => expect(runs.length).toBeGreaterThan(0), 20_000);
      // Every instance polls the schedule each second meanwhile: nothing else may run.
      await sleep(4000);
      const minutesSpanned = Math.floor(Date.now() / 60_000) - minuteAtStart + 1;
      expect(new Set(runs.map((r) => r.jobId)).size).toBe(runs.length);
      expect(runs.length).toBeLessThanOrEqual(minutesSpanned);
      // The same schedule row, written by both instances.
      const schedules = (await apps[0]?.jobs.instance.getSchedules()) ?? [];
      expect(schedules.filter((schedule) => schedule.name === 'test.every-minute')).toHaveLength(1);
    } finally {
      for (const app of apps) await app.close();
      if (second.driver === 'pg') await second.close();
      await first.close();
    }
  });

  it('retries a failing job with exponential backoff until it succeeds', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    const attempts: { at: number; retryCount: number }[] = [];
    app.jobs.define({
      name: 'test.flaky',
      queue: { policy: 'standard', retryLimit: 3, retryDelay: 1, retryBackoff: true },
      pollingIntervalSeconds: 0.5,
      run: async (_data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (attempts.length < 3) throw new Error(`try ${attempts.length} fails`);
        return { ok: true };
      },
    });
    try {
      await app.ready();
      const id = await app.jobs.send('test.flaky', { order: 'x' });
      expect(id).toBeTruthy();
      await eventually(async () => {
        const job = await app.jobs.instance.getJobById('test.flaky', id ?? '');
        expect(job?.state).toBe('completed');
      }, 20_000);
      expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
      const [a, b, c] = attempts.map((x) => x.at) as [number, number, number];
      // retryDelay × 2^(n+1)/2 × (1 + random): 1–2 s after the first failure, 2–4 s after the second.
      expect(b - a).toBeGreaterThanOrEqual(1000);
      expect(c - b).toBeGreaterThanOrEqual(2000);
      // The app's own queues carry the same policy: retries with backoff, one job waiting at most.
      for (const name of Object.values(backgroundJobs)) {
        expect(await app.jobs.instance.getQueue(name)).toMatchObject({
          policy: 'stately',
          retryLimit: 5,
          retryBackoff: true,
        });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('shows each queue’s depth and the failed runs in /metrics', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.jobs.define({
      name: 'test.blocked',
      queue: { policy: 'standard' },
      pollingIntervalSeconds: 0.5,
      run: () => gate,
    });
    app.jobs.define({
      name: 'test.failing',
      queue: { policy: 'standard', retryLimit: 0 },
      pollingIntervalSeconds: 0.5,
      run: async () => {
        throw new Error('always fails');
      },
    });
    const scrape = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    try {
      await app.ready();
      for (let i = 0; i < 3; i++) await app.jobs.send('test.blocked');
      await app.jobs.send('test.failing');
      await eventually(async () => {
        const text = await scrape();
        // One runs (a worker takes one job at a time), two wait; the failing one gave up.
        expect(text).toContain('alcancia_job_queue_jobs{queue="test.blocked",state="active"} 1');
        expect(text).toContain('alcancia_job_queue_jobs{queue="test.blocked",state="ready"} 2');
        expect(text).toContain('alcancia_job_queue_jobs{queue="test.failing",state="failed"} 1');
        expect(text).toContain('alcancia_job_runs_total{queue="test.failing",result="failed"} 1');
      }, 20_000);
      const text = await scrape();
      for (const name of Object.values(backgroundJobs)) {
        for (const state of ['ready', 'deferred', 'active', 'failed']) {
          expect(text).toMatch(
            new RegExp(`alcancia_job_queue_jobs\\{queue="${name}",state="${state}"\\} \\d+`),
          );
        }
      }
    } finally {
      release();
      await app.close();
      await database.close();
    }
  });

  it('polls rarely when idle, yet runs a job this process sends at once', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    const ran: number[] = [];
    // the default polling interval (idlePollingSeconds: 30 s): only the send's wake-up runs it soon
    app.jobs.define({
      name: 'test.sent',
      queue: { policy: 'standard' },
      run: async () => {
        ran.push(Date.now());
      },
    });
    try {
      await app.ready();
      expect(idlePollingSeconds).toBeGreaterThanOrEqual(30);
      // past the worker's first fetch, so a plain poll would wait for the next one, 30 s away
      await sleep(1000);
      const sentAt = Date.now();
      await app.jobs.send('test.sent');
      await eventually(async () => expect(ran).toHaveLength(1), 10_000);
      expect((ran[0] ?? 0) - sentAt).toBeLessThan(10_000);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('lets a job in flight finish when the app closes', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    let started = false;
    let finished = false;
    let closed = false;
    app.jobs.define({
      name: 'test.slow',
      queue: { policy: 'standard' },
      pollingIntervalSeconds: 0.5,
      run: async () => {
        started = true;
        await sleep(1500);
        finished = true;
      },
    });
    try {
      await app.ready();
      const id = await app.jobs.send('test.slow');
      await eventually(async () => expect(started).toBe(true), 10_000);
      const boss = app.jobs.instance;
      await app.close();
      closed = true;
      expect(finished).toBe(true);
      // Completed, not failed back to the queue: read with a fresh instance on the same database.
      const reader = await appOn(database, { schedules: false });
      await reader.ready();
      expect((await reader.jobs.instance.getJobById('test.slow', id ?? ''))?.state).toBe('completed');
      expect(boss).not.toBe(reader.jobs.instance);
      await reader.close();
    } finally {
      if (!closed) await app.close();
      await database.close();
    }
  });
});
