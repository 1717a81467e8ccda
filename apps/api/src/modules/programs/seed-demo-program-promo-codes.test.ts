import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { newBuyer } from '../../../test/payments';
import { purchasesOf } from '../../../test/programs';
import { seedDemoData } from '../../demo/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('demo program data', () => {
  // The whole demo seed hashes passwords and imports the catalogue: slow on a loaded machine.
  it('seeds the program promo codes and the HOSTED program, also on a database seeded by an older version', {
    timeout: 120_000,
  }, async () => {
    await seedDemoData(t.app.db);
    // A database of the previous seed version: no program codes, every program on the card form.
    await t.app.db.execute(sql`delete from promo_codes where type like 'PROGRAM_%'`);
    await t.app.db.execute(sql`update courses set checkout_provider = 'MP'`);
    await t.app.db.execute(sql`update app_meta set value = '4' where key = 'demo_seed_version'`);
    expect(await seedDemoData(t.app.db)).toBe(true);

    const { rows: codes } = await t.app.db.execute<{ code: string; type: string; program_ids: string[] }>(
      sql`select code, type, program_ids from promo_codes where type like 'PROGRAM_%' order by code`,
    );
    expect(codes).toEqual([
      { code: 'DEUDAS100', type: 'PROGRAM_FREE', program_ids: ['programa-chau-deudas'] },
      { code: 'PROGRAMA25', type: 'PROGRAM_DISCOUNT', program_ids: [] },
    ]);
    const { rows: hosted } = await t.app.db.execute<{ id: string }>(
      sql`select id from courses where checkout_provider = 'HOSTED' order by id`,
    );
    expect(hosted.map((r) => r.id)).toEqual(['programa-libertad-financiera']);

    // They work on the demo catalogue: the flagship by card with a discount, the free code's program.
    const buyer = await newBuyer(t.app);
    const provider = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment/checkout-provider?programId=programa-inversora-inteligente',
    });
    expect(provider.json()).toEqual({ checkoutProvider: 'MP' });
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/academy/program-preview/programa-inversora-inteligente?promoCode=PROGRAMA25',
      headers: buyer.headers,
    });
    expect(preview.json()).toMatchObject({
      price: 6_675_000,
      regularPrice: 12_000_000,
      installments: 6,
      promoCodeApplied: 'PROGRAMA25',
      transferPaymentUrl: 'https://forms.example.com/alcancia/pago-por-transferencia',
    });
    // Every program purchase is Argentina-only, a free one by code too (issue 27).
    const mexican = await newBuyer(t.app, 'MX');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/academy/program/programa-chau-deudas/promo-code/DEUDAS100/activate',
      headers: mexican.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().internalCode).toBe('COUNTRY_NOT_ALLOWED');
    expect(await purchasesOf(t.app, mexican.headers)).toEqual({});
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/academy/program/programa-chau-deudas/promo-code/DEUDAS100/activate',
      headers: buyer.headers,
    });
    expect(activated.statusCode).toBe(200);
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['programa-chau-deudas'] });
  });
});
