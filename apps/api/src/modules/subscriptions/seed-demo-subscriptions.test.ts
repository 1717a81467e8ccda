import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../../db/client';
import { seedDemoData } from '../../demo/seed';
import { seedDemoSubscriptions } from './seed-demo-subscriptions';

describe('demo subscriptions', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // The whole demo seed hashes passwords and imports the catalogue: slow on a loaded machine.
  it('prices every demo plan monthly and annually, with trials, discounts and one code per promo rule', {
    timeout: 60_000,
  }, async () => {
    await seedDemoData(database.db);
    await seedDemoSubscriptions(database.db);
    const { rows: prices } = await database.db.execute<{
      plan_id: string;
      n: number;
      trials: number;
      discounts: number;
    }>(
      sql`select plan_id, count(*)::int as n, count(free_trial)::int as trials,
                 count(discount_price_centavos)::int as discounts
            from provider_plans group by plan_id order by plan_id`,
    );
    expect(prices).toEqual([
      { plan_id: 'plan-esencial', n: 2, trials: 1, discounts: 1 },
      { plan_id: 'plan-oro', n: 2, trials: 0, discounts: 2 },
      { plan_id: 'plan-platino', n: 2, trials: 1, discounts: 1 },
    ]);
    const { rows: codes } = await database.db.execute<{ code: string }>(
      sql`select code from promo_codes where type in ('FREE_PERIOD', 'DISCOUNT_COUPON') order by code`,
    );
    expect(codes.map((c) => c.code)).toEqual([
      'AGOTADO',
      'BIENVENIDA30',
      'DADODEBAJA',
      'DESCUENTO20',
      'ORO50',
      'PAUSADO',
      'PRONTO',
      'SOLOMX',
      'UNICO',
      'VENCIDO',
    ]);
    const { rows: subscriber } = await database.db.execute(
      sql`select subscription_plan_id from users where email = 'suscriptora@alcancia.local'`,
    );
    expect(subscriber).toEqual([{ subscription_plan_id: 'plan-esencial' }]);
  });
});
