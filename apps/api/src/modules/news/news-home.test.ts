import type { NewsHome, NewsWeek } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { addDays, learningDayOf, mondayOf } from './weekly-streak';

/** Issue 44: Novedades, her home, in one call; her weekly goal and streak (decision 0351). */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

const home = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/news/home', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as NewsHome;
};

const save = (headers: Record<string, string>, sectionId: string, moduleId: string, seconds: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/academy/progress',
    headers,
    payload: { courseId: 'presupuesto-gratis', progress: { moduleId, sectionId, seconds } },
  });

const setGoal = (headers: Record<string, string>, goal: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/news/goal', headers, payload: goal });

describe('GET /api/news/home', () => {
  it('a new learner: nothing to continue, an empty week without a goal, the new courses and the events, no posts', async () => {
    const headers = bearer((await newSession(t.app)).credentials);
    const answer = await home(headers);
    expect(answer.continueClass).toBeNull();
    expect(answer.week).toMatchObject({ minutes: 0, classes: 0, goal: null, reached: false, streakWeeks: 0 });
    expect(answer.week.start).toBe(mondayOf(learningDayOf(new Date())));
    expect(answer.newCourses.length).toBeGreaterThan(0);
    expect(answer.newCourses.every((card) => card.kind !== 'EVENT')).toBe(true);
    expect(answer.events.every((card) => card.kind === 'EVENT')).toBe(true);
    expect(answer.posts).toEqual([]);
  });

  it('her progress saves make her week (newly watched minutes, completed classes) and the class to continue, where she left', async () => {
    const ana = bearer((await newSession(t.app)).credentials);
    expect((await save(ana, 'pg-s1', 'pg-m1', 100)).statusCode).toBeLessThan(300); // a 100 s class, complete
    expect((await save(ana, 'pg-s4', 'pg-m2', 45)).statusCode).toBeLessThan(300); // 45 of 60 s
    // watching again what she already saw adds nothing
    expect((await save(ana, 'pg-s1', 'pg-m1', 80)).statusCode).toBeLessThan(300);
    const answer = await home(ana);
    expect(answer.week).toMatchObject({ minutes: 2, classes: 1 }); // 145 s
    expect(answer.continueClass).toMatchObject({
      courseId: 'presupuesto-gratis',
      sectionId: expect.any(String),
    });
    const rows = await t.app.db.execute<{ seconds: number; classes: number }>(
      sql`select seconds, classes from learning_days where user_id = ${await userIdOf(ana)}`,
    );
    expect(rows.rows).toEqual([{ seconds: 145, classes: 1 }]);

    // another learner sees none of it
    const bea = bearer((await newSession(t.app)).credentials);
    const hers = await home(bea);
    expect(hers.continueClass).toBeNull();
    expect(hers.week.minutes).toBe(0);
  });

  it('is refused without a session (401) and answers 404 while the NEWS control is off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/news/home' })).statusCode).toBe(401);
    const headers = bearer((await newSession(t.app)).credentials);
    await t.app.db.execute(sql`update service_controls set enabled = false where name = 'NEWS'`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/news/home', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        internalCode: 'NOT_FOUND',
        message: 'Novedades no está disponible por ahora.',
      });
    } finally {
      await t.app.db.execute(sql`update service_controls set enabled = true where name = 'NEWS'`);
    }
  });
});

async function userIdOf(headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/bootstrap', headers });
  return (res.json() as { user: { id: string } }).user.id;
}

describe('PUT /api/news/goal', () => {
  it('refuses a goal outside its range with a Spanish 422 and keeps none', async () => {
    const headers = bearer((await newSession(t.app)).credentials);
    for (const [goal, message] of [
      [{ kind: 'MINUTES', target: 5 }, 'Elegí una meta de 10 a 600 minutos por semana.'],
      [{ kind: 'MINUTES', target: 601 }, 'Elegí una meta de 10 a 600 minutos por semana.'],
      [{ kind: 'CLASSES', target: 0 }, 'Elegí una meta de 1 a 30 clases por semana.'],
      [{ kind: 'CLASSES', target: 31 }, 'Elegí una meta de 1 a 30 clases por semana.'],
    ] as const) {
      const res = await setGoal(headers, goal);
      expect(res.statusCode, JSON.stringify(goal)).toBe(422);
      expect(res.json()).toMatchObject({ internalCode: 'WEEKLY_GOAL_OUT_OF_RANGE', message });
    }
    const bad = await setGoal(headers, { kind: 'HOURS', target: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ internalCode: 'INVALID_DATA' });
    expect((await home(headers)).week.goal).toBeNull();
  });

  it('keeps her goal and counts her streak in weeks from her learning days', async () => {
    const headers = bearer((await newSession(t.app)).credentials);
    const userId = await userIdOf(headers);
    const monday = mondayOf(learningDayOf(new Date()));
    // the two weeks before this one reached 2 classes (one on a single day); three weeks ago did not
    await t.app.db.execute(sql`
      insert into learning_days (user_id, day, seconds, classes) values
        (${userId}, ${addDays(monday, -7)}::date, 600, 1), (${userId}, ${addDays(monday, -3)}::date, 60, 1),
        (${userId}, ${addDays(monday, -14)}::date, 900, 2),
        (${userId}, ${addDays(monday, -21)}::date, 300, 1)`);
    const res = await setGoal(headers, { kind: 'CLASSES', target: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as NewsWeek).toMatchObject({
      goal: { kind: 'CLASSES', target: 2 },
      reached: false,
      streakWeeks: 2,
    });
    // the same weeks against a goal in minutes: 11 and 15 minutes reach 10, 5 does not
    const minutes = await setGoal(headers, { kind: 'MINUTES', target: 10 });
    expect(minutes.json()).toMatchObject({ goal: { kind: 'MINUTES', target: 10 }, streakWeeks: 2 });
    expect((await home(headers)).week.goal).toEqual({ kind: 'MINUTES', target: 10 });
    // her data export carries her goal and her days
    const exported = (await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers })).json();
    expect(exported.extras.news).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'weekly_goal', kind: 'MINUTES', target: 10 }),
        expect.objectContaining({
          type: 'learning_day',
          day: addDays(monday, -14),
          seconds: 900,
          classes: 2,
        }),
      ]),
    );
  });
});
