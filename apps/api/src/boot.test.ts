import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers';
import { prepareDatabase } from './boot';

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
