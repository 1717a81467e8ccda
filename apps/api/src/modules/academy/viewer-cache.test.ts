import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp, testAppForFile } from '../../../test/helpers';
import { eventually, seedTestPlans } from '../../../test/payments';

type Card = { id: string; isAccessibleByUser: boolean };

/**
 * The academy keeps each user's subscription and purchases in memory (viewer.ts). These
 * tests prove it is a cache and that no change is ever missed: writes of this process are seen on
 * the very next request, writes of another process a moment later (their notification).
 */
describe('viewer cache', () => {
  const t = testAppForFile(
    () => createTestApp({ RATE_LIMIT_ENABLED: 'false' }),
    (app) => insertCatalogFixture(app.db),
  );

  const access = async (headers: Record<string, string>, id: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/academy/courses', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.find((c: Card) => c.id === id)?.isAccessibleByUser;
  };
  /** A program's page: 200 when she owns it, 403 when it is locked for her. */
  const programStatus = async (headers: Record<string, string>, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/academy/${id}`, headers })).statusCode;

  it('answers from memory: a change that notifies nobody is not seen', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    expect(await access(headers, 'inversion-bonos')).toBe(false);
    // With the notification switched off for this one write, only a cache can still say "locked".
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table users disable trigger users_viewer_changed`);
      await tx.execute(
        sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${credentials.userId}`,
      );
      await tx.execute(sql`alter table users enable trigger users_viewer_changed`);
    });
    expect(await access(headers, 'inversion-bonos')).toBe(false);
  });

  it("sees this process's writes (a subscription, a purchase, their removal) on the very next request", async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    const userId = credentials.userId;
    expect(await access(headers, 'inversion-bonos')).toBe(false);
    await t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(0)} where id = ${userId}`,
    );
    expect(await access(headers, 'inversion-bonos')).toBe(true);
    await t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(-1)} where id = ${userId}`,
    );
    expect(await access(headers, 'inversion-bonos')).toBe(false);

    expect(await programStatus(headers, 'programa-abierto')).toBe(403);
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${userId}, 'programs', 'programa-abierto', 'test')`,
    );
    expect(await programStatus(headers, 'programa-abierto')).toBe(200);
    await t.database.db.execute(sql`delete from user_purchases where user_id = ${userId}`);
    expect(await programStatus(headers, 'programa-abierto')).toBe(403);
  });

  it("sees another process's write once its notification arrives", async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    expect(await access(headers, 'inversion-bonos')).toBe(false);
    const update = sql`update users set subscription_end_date = ${dayOffset(10)} where id = ${credentials.userId}`;
    const url = process.env.DATABASE_URL ? databaseUrlOf(t) : null;
    if (url) {
      // Another connection, outside the app's pool: what a second API process or psql would do.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query(`update users set subscription_end_date = $1 where id = $2`, [
          dayOffset(10),
          credentials.userId,
        ]);
      } finally {
        await other.end();
      }
    } else {
      // PGlite is one process and one connection: the write goes through it.
      await t.database.db.execute(update);
    }
    await eventually(async () => expect(await access(headers, 'inversion-bonos')).toBe(true), 2000);
  });
});

describe('plan list cache', () => {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedTestPlans);

  const basicMonthly = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/subscriptions' });
    expect(res.statusCode, res.body).toBe(200);
    const basico = res.json().find((p: { id: string }) => p.id === 'basico');
    return basico?.providerPlans.monthly?.prices?.regularPrice ?? null;
  };

  it('answers from memory and shows a price change on the next request', async () => {
    const before = await basicMonthly();
    expect(before).not.toBeNull();
    await t.database.db.execute(
      sql`update provider_plans set regular_price_centavos = 1234500 where plan_id = 'basico' and frequency = 'monthly'`,
    );
    const after = await basicMonthly();
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain('12345');
    await t.database.db.execute(
      sql`update provider_plans set active = false where plan_id = 'basico' and frequency = 'monthly'`,
    );
    expect(await basicMonthly()).toBeNull();
  });
});

/** The URL of the test's own database on the server (the pool's connection string). */
function databaseUrlOf(t: TestApp): string {
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  return pool.options.connectionString as string;
}
