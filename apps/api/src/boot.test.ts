import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers';
import { prepareDatabase } from './boot';
import { migrationsDir } from './db/paths';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const count = async (db: Awaited<ReturnType<typeof prepareDatabase>>['database']['db'], table: string) => {
  const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return rows[0]?.n;
};

// The embedded default, exactly as `npm start` uses it: PGlite files under DATA_DIR.
describe('embedded database under DATA_DIR (what npm start uses without DATABASE_URL)', () => {
  it('migrates and seeds on first start; a second start keeps the data and does not re-seed', async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    const first = await prepareDatabase(config);
    expect(first.seeded).toBe(true);
    const accounts = await count(first.database.db, 'users');
    expect(accounts).toBeGreaterThan(0);
    await first.database.db.execute(sql`insert into app_meta (key, value) values ('kept', 'yes')`);
    await first.database.close();

    const second = await prepareDatabase(config);
    expect(second.seeded).toBe(false);
    expect(await count(second.database.db, 'users')).toBe(accounts);
    const { rows } = await second.database.db.execute<{ value: string }>(
      sql`select value from app_meta where key = 'kept'`,
    );
    expect(rows[0]?.value).toBe('yes');
    await second.database.close();
  }, 120_000);
});

// Several processes or machines starting together on one PostgreSQL server (CI runs with DATABASE_URL).
if (process.env.DATABASE_URL)
  describe('two processes preparing one fresh server database at once', () => {
    it('migrate and seed once: one waits on the advisory lock, then finds nothing left to do', async () => {
      const adminUrl = process.env.DATABASE_URL ?? '';
      const name = `alcancia_lock_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const config = testConfig({ DATABASE_URL: url.toString() });
        const both = await Promise.all([prepareDatabase(config), prepareDatabase(config)]);
        expect(both.map((b) => b.seeded).sort()).toEqual([false, true]);
        const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        const { rows } = await (both[0] as (typeof both)[number]).database.db.execute<{
          n: number;
          hashes: number;
        }>(
          sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
        expect(await count((both[1] as (typeof both)[number]).database.db, 'users')).toBeGreaterThan(0);
        await Promise.all(both.map((b) => b.database.close()));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
  });
