import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { contentChannel } from './content-cache';

type Card = { id: string; name: string };

describe('academy content caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
  });
  afterAll(() => t.close());

  it('answers from memory until the content import announces a change, even from another process', async () => {
    const { credentials } = await newSession(t.app);
    await t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${credentials.userId}`,
    );
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(credentials) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const names = async () => {
      const list = await get('/api/academy/courses');
      const search = await get('/api/academy?search=bonos');
      const course = await get('/api/academy/inversion-bonos');
      return {
        list: list.items.find((c: Card) => c.id === 'inversion-bonos')?.name,
        search: search.courses.map((c: Card) => c.name),
        course: course.name,
      };
    };
    expect(await names()).toEqual({
      list: 'Inversión en bonos',
      search: ['Inversión en bonos'],
      course: 'Inversión en bonos',
    });

    // A change this process is not told about (as if another process wrote it): the caches
    // still answer what they read, which shows the reads above were cached.
    await t.database.db.execute(
      sql`update courses set name = 'Bonos para empezar' where id = 'inversion-bonos'`,
    );
    expect((await names()).list).toBe('Inversión en bonos');

    // The notification the import sends when it commits, here from a plain statement (not
    // announceContentChange, which would also clear this process directly): every cache drops it.
    await t.database.db.execute(sql`select pg_notify(${contentChannel}, '')`);
    await vi.waitFor(
      async () => {
        expect(await names()).toEqual({
          list: 'Bonos para empezar',
          search: ['Bonos para empezar'],
          course: 'Bonos para empezar',
        });
      },
      { timeout: 5000, interval: 50 },
    );
  });
});
