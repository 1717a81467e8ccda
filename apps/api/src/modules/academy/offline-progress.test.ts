import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { courseProgress, offlineProgressEvents, sectionProgress } from '../../db/schema';
import { forgetViewer } from './viewer';

/*
 * Classes kept for the bus (issue 44, decisions 0361, 0362): the progress her device made offline
 * arrives once, however often the device sends it, and the device learns which kept classes she
 * may still play.
 */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

type Event = {
  eventId: string;
  courseId: string;
  moduleId: string;
  sectionId: string;
  seconds: number;
  at: string;
};
const event = (sectionId: string, seconds: number, at: string, over: Partial<Event> = {}): Event => ({
  eventId: randomUUID(),
  courseId: 'presupuesto-gratis',
  moduleId: sectionId === 'pg-s4' ? 'pg-m2' : 'pg-m1',
  sectionId,
  seconds,
  at,
  ...over,
});

const send = (credentials: { accessToken: string }, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/academy/progress/offline',
    headers: bearer(credentials as never),
    payload: body,
  });

const progressOf = async (userId: string, sectionId: string) =>
  (
    await t.app.db
      .select({ seconds: sectionProgress.viewedSeconds })
      .from(sectionProgress)
      .where(and(eq(sectionProgress.userId, userId), eq(sectionProgress.sectionId, sectionId)))
  )[0]?.seconds;

const lastViewed = async (userId: string, courseId: string) =>
  (
    await t.app.db
      .select({ section: courseProgress.lastViewedSectionId })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
  )[0]?.section;

const learnedSeconds = async (userId: string) =>
  Number(
    (
      await t.app.db.execute<{ total: number | null }>(
        sql`select coalesce(sum(seconds), 0)::int as total from learning_days where user_id = ${userId}`,
      )
    ).rows[0]?.total ?? 0,
  );

describe('POST /academy/progress/offline', () => {
  it('writes a batch once: a replay answers already-saved and moves nothing, not even where she left off', async () => {
    const { credentials } = await newSession(t.app);
    const userId = credentials.userId;
    const batch = {
      userId,
      events: [
        event('pg-s1', 20, '2026-11-29T08:00:00.000Z'),
        event('pg-s1', 45, '2026-11-29T08:00:30.000Z'),
        event('pg-s4', 30, '2026-11-29T08:05:00.000Z'),
      ],
    };
    const first = await send(credentials, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'saved',
      'saved',
      'saved',
    ]);
    expect(await progressOf(userId, 'pg-s1')).toBe(45);
    expect(await progressOf(userId, 'pg-s4')).toBe(30);
    // the last class she played offline is where she left off
    expect(await lastViewed(userId, 'presupuesto-gratis')).toBe('pg-s4');
    expect(await learnedSeconds(userId)).toBe(75);

    // back online she goes on in the first class, in the viewer
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: bearer(credentials),
      payload: {
        courseId: 'presupuesto-gratis',
        progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds: 60 },
      },
    });
    expect(online.statusCode).toBe(200);
    expect(await lastViewed(userId, 'presupuesto-gratis')).toBe('pg-s1');

    // the device sends the batch again (its answer was lost): nothing is written again
    const replay = await send(credentials, batch);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().results).toEqual(
      batch.events.map((e) => ({ eventId: e.eventId, outcome: 'already-saved', code: null })),
    );
    expect(await lastViewed(userId, 'presupuesto-gratis')).toBe('pg-s1');
    expect(await progressOf(userId, 'pg-s1')).toBe(60);
    expect(await learnedSeconds(userId)).toBe(90);
    const rows = await t.app.db
      .select()
      .from(offlineProgressEvents)
      .where(eq(offlineProgressEvents.userId, userId));
    expect(rows).toHaveLength(3);
    // hers in her data export (decision 0323)
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: bearer(credentials),
    });
    expect(exported.statusCode).toBe(200);
    expect(
      (exported.json().extras.offlineProgress as { eventId: string }[]).map((e) => e.eventId).sort(),
    ).toEqual(batch.events.map((e) => e.eventId).sort());
  });

  it('two sends of the same batch at once write it once', async () => {
    const { credentials } = await newSession(t.app);
    const batch = { userId: credentials.userId, events: [event('pg-s1', 30, '2026-11-29T09:00:00.000Z')] };
    const answers = await Promise.all([send(credentials, batch), send(credentials, batch)]);
    const outcomes = answers.map((a) => a.json().results[0].outcome).sort();
    expect(outcomes).toEqual(['already-saved', 'saved']);
    expect(await learnedSeconds(credentials.userId)).toBe(30);
  });

  it('refuses a batch recorded under another account, whole (403, Spanish), and writes nothing', async () => {
    const ana = await newSession(t.app);
    const bea = await newSession(t.app);
    const batch = {
      userId: ana.credentials.userId,
      events: [event('pg-s1', 50, '2026-11-29T10:00:00.000Z')],
    };
    const res = await send(bea.credentials, batch);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      internalCode: 'OFFLINE_PROGRESS_OTHER_ACCOUNT',
      message: expect.stringContaining('otra cuenta'),
    });
    expect(await progressOf(ana.credentials.userId, 'pg-s1')).toBeUndefined();
    expect(await progressOf(bea.credentials.userId, 'pg-s1')).toBeUndefined();
  });

  it('refuses, per event, a class she may no longer open or that is not in the course; a replay answers the same', async () => {
    const { credentials } = await newSession(t.app);
    const batch = {
      userId: credentials.userId,
      events: [
        event('ib-s1', 40, '2026-11-29T11:00:00.000Z', { courseId: 'inversion-bonos', moduleId: 'ib-m1' }),
        event('ib-s1', 40, '2026-11-29T11:00:00.000Z', { moduleId: 'pg-m1' }),
        event('pg-s1', 10, '2026-11-29T11:01:00.000Z'),
      ],
    };
    const res = await send(credentials, batch);
    expect(res.statusCode).toBe(200);
    const expected = [
      { outcome: 'refused', code: 'SUBSCRIPTION_REQUIRED' },
      { outcome: 'refused', code: 'INVALID_SECTION' },
      { outcome: 'saved', code: null },
    ];
    expect(
      res
        .json()
        .results.map(({ outcome, code }: { outcome: string; code: string | null }) => ({ outcome, code })),
    ).toEqual(expected);
    expect(await progressOf(credentials.userId, 'ib-s1')).toBeUndefined();
    const replay = await send(credentials, batch);
    expect(
      replay
        .json()
        .results.map(({ outcome, code }: { outcome: string; code: string | null }) => ({ outcome, code })),
    ).toEqual([expected[0], expected[1], { outcome: 'already-saved', code: null }]);
  });

  it('answers bad input in Spanish (400) and no session with 401', async () => {
    const { credentials } = await newSession(t.app);
    const bad = await send(credentials, {
      userId: credentials.userId,
      events: [{ ...event('pg-s1', 5, 'ayer'), eventId: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ internalCode: 'INVALID_DATA', message: expect.any(String) });
    const empty = await send(credentials, { userId: credentials.userId, events: [] });
    expect(empty.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress/offline',
      payload: { userId: credentials.userId, events: [event('pg-s1', 5, '2026-11-29T11:00:00.000Z')] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /academy/offline/access', () => {
  const check = (credentials: { accessToken: string }, classes: { courseId: string; sectionId: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/offline/access',
      headers: bearer(credentials as never),
      payload: { classes },
    });
  const kept = [
    { courseId: 'presupuesto-gratis', sectionId: 'pg-s1' },
    { courseId: 'inversion-bonos', sectionId: 'ib-s1' },
    { courseId: 'presupuesto-gratis', sectionId: 'no-existe' },
    { courseId: 'curso-borrado', sectionId: 'x-s1' },
  ];

  it('tells which kept classes she may still play: her plan decides the paid ones', async () => {
    const { credentials } = await newSession(t.app);
    await t.app.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${credentials.userId}`,
    );
    const subscribed = await check(credentials, kept);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().classes.map((c: { allowed: boolean }) => c.allowed)).toEqual([
      true,
      true,
      false,
      false,
    ]);

    // her plan ended: the paid class goes, the free one stays
    await t.app.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(-1)} where id = ${credentials.userId}`,
    );
    forgetViewer(t.app.db, credentials.userId); // as a grant's change announces it (change-listener.ts)
    const ended = await check(credentials, kept);
    expect(ended.json().classes.map((c: { allowed: boolean }) => c.allowed)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('refuses an empty list (400) and answers 401 without a session', async () => {
    const { credentials } = await newSession(t.app);
    expect((await check(credentials, [])).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/academy/offline/access',
      payload: { classes: kept },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
