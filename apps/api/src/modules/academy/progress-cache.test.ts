import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { eventually } from '../../../test/payments';

/**
 * Progress answers are cached per learner (progress-cache.ts): a save in this process is seen on
 * the next read, a change announced elsewhere once its notification arrives.
 */
describe('progress cache', () => {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

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
  /**
   * Runs SQL as another process would: on its own connection to the server (PGlite is one
   * process and one connection: there it goes through the app's).
   */
  const elsewhere = async (text: string, values: unknown[]) => {
    if (!process.env.DATABASE_URL) {
      await (
        t.database.db as unknown as { $client: { query: (q: string, v: unknown[]) => Promise<unknown> } }
      ).$client.query(text, values);
      return;
    }
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = new pg.Client({ connectionString: pool.options.connectionString });
    await other.connect();
    try {
      await other.query(text, values);
    } finally {
      await other.end();
    }
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

  it('answers from memory: a change made by hand in SQL, announcing nothing, is not seen', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    await save(headers, 20);
    expect(await seconds(headers)).toBe(20);
    await t.database.db.execute(
      sql`update section_progress set viewed_seconds = 60 where user_id = ${credentials.userId}`,
    );
    expect(await seconds(headers)).toBe(20);
    // What an operator (or another API process, with her user id) announces is seen.
    await elsewhere(`select pg_notify('alcancia_progress_changed', '*')`, []);
    await eventually(async () => expect(await seconds(headers)).toBe(60), 2000);
  });

  it('sees a change made by another process once its notification arrives', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    await save(headers, 30);
    expect(await seconds(headers)).toBe(30);
    // Another API process saving: its statement writes and announces the learner (progress-writer.ts).
    const update = `with saved as (update section_progress set viewed_seconds = 75 where user_id = $1 returning user_id)
      select pg_notify('alcancia_progress_changed', string_agg(user_id::text, ',')) from saved`;
    await elsewhere(update, [credentials.userId]);
    await eventually(async () => expect(await seconds(headers)).toBe(75), 2000);
  });
});
