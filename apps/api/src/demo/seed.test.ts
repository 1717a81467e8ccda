import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { DbHandle } from '../db/client';
import { seedDemoData } from './seed';

describe('seedDemoData', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('seeds once, on the real driver of this run, and a second run adds nothing', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const countRows = async () => {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select (select count(*) from users) + (select count(*) from feature_flags where enabled) as n`,
      );
      return Number(rows[0]?.n);
    };
    const before = await countRows();
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await countRows()).toBe(before);
  }, 120_000);
});
