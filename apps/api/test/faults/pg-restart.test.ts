import { Writable } from 'node:stream';
import type { Credentials } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { demoPassword, seedDemoData } from '../../src/demo/seed';
import { testConfig } from '../helpers';
import { eventually, freePort } from '../payments';
import { createDatabase, createTestCluster, type TestCluster } from './pg-cluster';
import { report } from './report';

/**
 * Fault: PostgreSQL restarted under a progress-write load (issue 21). The test runs a PostgreSQL
 * cluster of its own on a free port (never the machine's service), the real app on it (demo data,
 * HTTP on loopback), and the demo learners saving progress as fast as they can. Mid-load the
 * cluster stops (`pg_ctl stop -m fast`), stays down a moment and starts again; then once more with
 * `-m immediate` (a crash: the restart replays the WAL). Then: every
 * acknowledged save is in the database, the same app serves again without a restart, readiness
 * said "not ready" while liveness stayed alive, and the caches still follow PostgreSQL's
 * notifications (the dedicated listener and the pool's connections listen again).
 */

const LEARNERS = ['alumna', 'suscriptora', 'morosa', 'cancelada'].map((name) => `${name}@alcancia.local`);
const FREE_COURSES = ['primeros-pasos-finanzas', 'inversiones-desde-cero', 'salir-de-deudas'];
const DOWN_MS = 1500;

let cluster: TestCluster | null = null;
let database: DbHandle | null = null;
let app: FastifyInstance | null = null;
let base = '';
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  cluster = createTestCluster(await freePort());
  const url = await createDatabase(cluster, 'alcancia');
  const setup = openDatabase({ kind: 'pg', url, poolSize: 2 });
  try {
    await runMigrations(setup);
    await seedDemoData(setup.db);
  } finally {
    await setup.close();
  }
  database = openDatabase({ kind: 'pg', url });
  const logs = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        logLines.push({ level, msg });
      }
      done();
    },
  });
  app = await buildApp({
    config: testConfig({ DATABASE_URL: url, RATE_LIMIT_ENABLED: 'false' }),
    database,
    logger: { level: 'warn', stream: logs },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  // Always: the app, its pool, then the cluster and its folder, even after a failure.
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  cluster?.destroy();
});

async function post(path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function statusOf(path: string): Promise<number> {
  return (await fetch(`${base}${path}`)).status;
}

interface Section {
  courseId: string;
  moduleId: string;
  sectionId: string;
}

/** The highest viewed_seconds each learner's section was acknowledged with. */
const acknowledged = new Map<string, number>();
/** Every acknowledged save: learner|section and the viewed_seconds the answer carried. */
const acks: [string, number][] = [];
const outcomes = { acknowledged: 0, failed: 0, byStatus: {} as Record<string, number> };
const failureBodies = new Set<string>();

/** One learner in one course: saves its sections in turn, each a second further than last time. */
async function learnerLoop(userId: string, token: string, sections: Section[], stop: () => boolean) {
  const seconds = new Map<string, number>();
  for (let i = 0; !stop(); i++) {
    const section = sections[i % sections.length] as Section;
    const next = (seconds.get(section.sectionId) ?? 0) + 1;
    seconds.set(section.sectionId, next);
    const res = await post('/api/academy/progress', token, {
      courseId: section.courseId,
      progress: { moduleId: section.moduleId, sectionId: section.sectionId, seconds: next },
    }).catch(() => ({ status: 0, body: null }));
    outcomes.byStatus[res.status] = (outcomes.byStatus[res.status] ?? 0) + 1;
    if (res.status === 200) {
      outcomes.acknowledged++;
      const key = `${userId}|${section.sectionId}`;
      const viewed = Number(res.body?.viewed_seconds);
      acknowledged.set(key, Math.max(acknowledged.get(key) ?? 0, viewed));
      acks.push([key, viewed]);
    } else {
      outcomes.failed++;
      failureBodies.add(JSON.stringify(res.body));
      // a learner's page retries a failed save a moment later
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const pidsOfListener = async (admin: pg.Client) =>
  (
    await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = 'alcancia change listener'`,
    )
  ).rows.map((r) => r.pid);

describe('PostgreSQL restarted under a progress-write load', () => {
  it('keeps every acknowledged save, says not ready while down, and recovers without a restart', {
    timeout: 120_000,
  }, async () => {
    if (!app || !cluster || !database) throw new Error('not set up');
    const db = database.db;
    const sessions = await Promise.all(
      LEARNERS.map(async (email) => {
        const res = await fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: demoPassword }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Credentials;
      }),
    );
    const { rows: sectionRows } = await db.execute<{ course_id: string; module_id: string; id: string }>(
      sql`select course_id, module_id, id from course_sections
             where course_id in (${sql.join(
               FREE_COURSES.map((c) => sql`${c}`),
               sql`, `,
             )}) and type = 'CLASS'
             order by course_id, id`,
    );
    const byCourse = FREE_COURSES.map((courseId) =>
      sectionRows
        .filter((row) => row.course_id === courseId)
        .map((row) => ({ courseId, moduleId: row.module_id, sectionId: row.id })),
    );

    let stopped = false;
    const loops = sessions.flatMap((session) =>
      byCourse.map((sections) => learnerLoop(session.userId, session.accessToken, sections, () => stopped)),
    );
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ackBefore = outcomes.acknowledged;

    /** One outage: stop, check readiness and liveness while down, start, wait for saves again. */
    const outage = async (mode: 'fast' | 'immediate') => {
      const stopAt = Date.now();
      cluster?.stop(mode);
      const stopMs = Date.now() - stopAt;
      const ready = await fetch(`${base}/api/ready`);
      const readyBody = (await ready.json()) as { checks: Record<string, string> };
      expect(ready.status).toBe(503);
      expect(readyBody.checks.database).toBe('failing');
      expect(await statusOf('/api/health')).toBe(200);
      const failedBefore = outcomes.failed;
      await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
      // Back: the same app, no restart (after `immediate`, PostgreSQL replays its WAL first).
      const startAt = Date.now();
      cluster?.start();
      const startMs = Date.now() - startAt;
      const readyAgainMs = await eventually(async () => {
        expect(await statusOf('/api/ready')).toBe(200);
        return Date.now() - startAt;
      }, 20_000);
      const ackAtRestart = outcomes.acknowledged;
      await eventually(async () => expect(outcomes.acknowledged).toBeGreaterThan(ackAtRestart + 50), 20_000);
      return {
        mode,
        stopMs,
        downMs: DOWN_MS,
        startMs,
        readyAgainAfterStartMs: readyAgainMs,
        fiftySavesAfterStartMs: Date.now() - startAt,
        savesRefused: outcomes.failed - failedBefore,
      };
    };
    const outages = [await outage('fast')];
    await new Promise((resolve) => setTimeout(resolve, 500));
    outages.push(await outage('immediate'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    stopped = true;
    await Promise.all(loops);
    const loadMs = Date.now() - started;

    // Every acknowledged save is there (values only grow: the row holds at least what was acknowledged).
    const { rows: stored } = await db.execute<{
      user_id: string;
      section_id: string;
      viewed_seconds: number;
    }>(sql`select user_id, section_id, viewed_seconds from section_progress`);
    const inDatabase = new Map(stored.map((row) => [`${row.user_id}|${row.section_id}`, row.viewed_seconds]));
    const missing = [...acknowledged].filter(([key, seconds]) => (inDatabase.get(key) ?? -1) < seconds);
    expect(missing).toEqual([]);
    const acksFound = acks.filter(([key, seconds]) => (inDatabase.get(key) ?? -1) >= seconds).length;
    expect(acksFound).toBe(acks.length);
    expect(ackBefore).toBeGreaterThan(0);
    for (const round of outages) expect(round.savesRefused).toBeGreaterThan(0);
    // What a learner's page read while it was down: 503, "not available, try again", in Spanish.
    expect(Object.keys(outcomes.byStatus).sort()).toEqual(['200', '503']);
    expect([...failureBodies].map((body) => JSON.parse(body))).toEqual([
      {
        internalCode: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible por el momento. Intentá nuevamente en unos minutos.',
      },
    ]);

    // The caches follow PostgreSQL again. The dedicated listener reconnected…
    const admin = new pg.Client({ connectionString: cluster.url('alcancia') });
    await admin.connect();
    try {
      await eventually(async () => expect(await pidsOfListener(admin)).toHaveLength(1), 10_000);
      // …and hears what another process commits: Ana (not subscribed) is refused a paid course,
      // then "another API process" subscribes her; her next save is let in.
      const ana = sessions[0] as Credentials;
      const paid = { courseId: 'presupuesto-mensual', moduleId: 'presupuesto-mensual-m1' };
      const paidSave = () =>
        post('/api/academy/progress', ana.accessToken, {
          courseId: paid.courseId,
          progress: { moduleId: paid.moduleId, sectionId: 'presupuesto-mensual-m1-s1', seconds: 3 },
        });
      expect((await paidSave()).status).toBe(403);
      await admin.query(
        `update users set subscription_end_date = current_date + 30 where email = 'alumna@alcancia.local'`,
      );
      const heardAt = Date.now();
      await eventually(async () => expect((await paidSave()).status).toBe(200), 5000);
      const otherProcessHeardMs = Date.now() - heardAt;

      // The pool's own connections listen again: Mora's own promo-code grant opens the program at once.
      const mora = sessions[2] as Credentials;
      const program = 'programa-chau-deudas';
      const programSave = () =>
        post('/api/academy/progress', mora.accessToken, {
          courseId: program,
          progress: { moduleId: `${program}-m1`, sectionId: `${program}-m1-s1`, seconds: 2 },
        });
      expect((await programSave()).status).toBe(403);
      const activated = await post(
        `/api/academy/program/${program}/promo-code/DEUDAS100/activate`,
        mora.accessToken,
      );
      expect(activated.status).toBe(200);
      expect((await programSave()).status).toBe(200);

      // No stale backend pid is taken for one of ours (that would hide another process's notices).
      const live = new Set(
        (await admin.query<{ pid: number }>('select pid from pg_stat_activity')).rows.map((r) => r.pid),
      );
      expect([...database.ownBackendPids].filter((pid) => !live.has(pid))).toEqual([]);

      const warnings = logLines.filter((line) => line.level >= 40);
      report('postgres restart', {
        learners: LEARNERS.length,
        concurrentStreams: loops.length,
        loadMs,
        writesAcknowledged: acks.length,
        acknowledgedWritesFound: acksFound,
        learnerSections: acknowledged.size,
        savesRefusedWhileDown: outcomes.failed,
        statuses: outcomes.byStatus,
        outages,
        otherProcessChangeHeardMs: otherProcessHeardMs,
        warningsLogged: [...new Set(warnings.map((line) => line.msg))],
      });
    } finally {
      await admin.end();
    }
  });
});
