import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { insertCatalogFixture, insertCourseStructureFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { eventually } from '../../../test/payments';

/**
 * Progress answers are cached per learner (progress-cache.ts): a save in this process is seen on
 * the next read, a change made elsewhere once its notification arrives, and nothing else is.
 */
describe('progress cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
  });
  afterAll(() => t.close());

  const seconds = async (headers: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/academy/progress/presupuesto-gratis',
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().in_progress_modules['pg-m1']?.sections['pg-s1']?.viewed_seconds ?? null;
  };
  const overview = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/academy/content/progress', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().in_progress_courses['presupuesto-gratis']?.fraction ?? null;
  };
  const save = (headers: Record<string, string>, value: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers,
      payload: {
        courseId: 'presupuesto-gratis',
        progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds: value },
      },
    });

  it('shows each save on the very next read, in the course and in the overview', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    expect(await seconds(headers)).toBeNull();
    expect(await overview(headers)).toBeNull();
    for (const value of [10, 40, 90]) {
      expect((await save(headers, value)).statusCode).toBe(200);
      expect(await seconds(headers)).toBe(value);
      expect(await overview(headers)).toBeGreaterThan(0);
    }
  });

  it('answers from memory: a change that notifies nobody is not seen', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    await save(headers, 20);
    expect(await seconds(headers)).toBe(20);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table section_progress disable trigger section_progress_updated`);
      await tx.execute(
        sql`update section_progress set viewed_seconds = 60 where user_id = ${credentials.userId}`,
      );
      await tx.execute(sql`alter table section_progress enable trigger section_progress_updated`);
    });
    expect(await seconds(headers)).toBe(20);
  });

  it('sees a change made by another process once its notification arrives', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    await save(headers, 30);
    expect(await seconds(headers)).toBe(30);
    const update = 'update section_progress set viewed_seconds = 75 where user_id = $1';
    if (process.env.DATABASE_URL) {
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const other = new pg.Client({ connectionString: pool.options.connectionString });
      await other.connect();
      try {
        await other.query(update, [credentials.userId]);
      } finally {
        await other.end();
      }
    } else {
      // PGlite is one process and one connection: the write goes through it.
      await t.database.db.execute(
        sql`update section_progress set viewed_seconds = 75 where user_id = ${credentials.userId}`,
      );
    }
    await eventually(async () => expect(await seconds(headers)).toBe(75), 2000);
  });
});
