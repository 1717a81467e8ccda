import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ownAppTimeout, testAppForFile } from '../../../test/helpers';
import { createPaymentsTestApp, MP, settleWebhooks } from '../../../test/payments';
import { type DbHandle, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { migrationsDir } from '../../db/paths';
import { newPglite } from '../../db/pglite';
import { seedDemoData } from '../../demo/seed';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { seedDemoAfterSale } from '../subscriptions/seed-demo-after-sale';
import { seedDemoSubscriberCharge } from '../subscriptions/seed-demo-subscriber-charge';
import { checkConvertedAccess, runConversion } from './convert-existing-access';
import { planAccessOf } from './plan-access';
import { loadPlanGrants } from './recompute-access';

/**
 * Issue 27: the migration that converts today's data into grants, run on a database at the schema
 * before it (migrations up to 0025), filled with every kind of account the product had: then the
 * remaining migrations, as a deployment runs them.
 */

/** The last migration before the grants. */
const beforeGrants = '0025_mail_outbox_to';

/** A copy of the migrations folder with only the migrations up to `lastTag` in its journal. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    copyFileSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** An empty database of its own: on the PostgreSQL server (dropped with the run's others) or PGlite. */
async function emptyDatabase(): Promise<DbHandle> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') return openDatabase({ kind: 'pglite-instance', client: newPglite() });
  // the global teardown drops every alcancia_t_<run>_… database
  const name = `alcancia_t_${process.ppid}_conv_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });
}

const today = argentinaDate();
const day = (days: number) => addToDate(today, { days });
/** a timestamp `days` from now, for created_at and the like */
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const order = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const operatorId = id(99);

interface Account {
  n: number;
  email: string;
  endDate?: string;
  planId?: string;
  origin?: string;
  deleted?: boolean;
  role?: string;
  country?: string;
}

/**
 * Every kind of account before the grants, with the money behind it: card subscriptions (active,
 * in grace, cancelled with time left, expired, upgraded, withdrawn), guest memberships (linked to
 * her account or not), promo codes' free periods, access with no record of where it came from
 * (the demo subscriber as the seed wrote her, legacy imports), a card origin whose only record is a
 * promo code used long ago, deleted accounts, operators; program and pack purchases by order, by
 * a free code, by an operator, and legacy rows.
 */
const accounts: Account[] = [
  { n: 1, email: 'alumna@pre.local' },
  { n: 2, email: 'tarjeta@pre.local', endDate: day(365), planId: 'plan-esencial', origin: 'CARD' },
  { n: 3, email: 'morosa@pre.local', endDate: day(7), planId: 'plan-esencial', origin: 'CARD' },
  { n: 4, email: 'cancelada@pre.local', endDate: day(20), planId: 'plan-oro', origin: 'CARD' },
  { n: 5, email: 'vencida@pre.local', endDate: day(-100), planId: 'plan-esencial', origin: 'CARD' },
  { n: 6, email: 'membresia@pre.local', endDate: day(90), planId: 'plan-oro', origin: 'GUEST_PURCHASE' },
  { n: 7, email: 'invitada@pre.local', endDate: day(60), planId: 'plan-platino', origin: 'GUEST_PURCHASE' },
  { n: 8, email: 'codigo@pre.local', endDate: day(30), planId: 'plan-esencial', origin: 'PROMO_CODE' },
  { n: 9, email: 'antigua@pre.local', endDate: day(200), planId: 'plan-platino' },
  { n: 10, email: 'demo-suscriptora@pre.local', endDate: day(365), planId: 'plan-esencial', origin: 'CARD' },
  { n: 11, email: 'tarjeta-sin-orden@pre.local', endDate: day(45), planId: 'plan-oro', origin: 'CARD' },
  { n: 12, email: 'eliminada@pre.local', deleted: true },
  { n: 13, email: 'mejora@pre.local', endDate: day(300), planId: 'plan-oro', origin: 'CARD' },
  { n: 14, email: 'arrepentida@pre.local', endDate: day(-1), planId: 'plan-esencial', origin: 'CARD' },
  { n: 15, email: 'operadora@pre.local', role: 'admin' },
  { n: 16, email: 'programas@pre.local' },
  {
    n: 17,
    email: 'codigo-vencido@pre.local',
    endDate: day(-10),
    planId: 'plan-esencial',
    origin: 'PROMO_CODE',
  },
  { n: 18, email: 'sin-plan@pre.local', endDate: day(15), origin: 'PROMO_CODE' },
  { n: 19, email: 'mexico@pre.local', country: 'MX', endDate: day(10), planId: 'plan-oro', origin: 'MANUAL' },
  { n: 20, email: 'hoy@pre.local', endDate: today, planId: 'plan-oro', origin: 'CARD' },
];

async function fillBeforeGrants(db: DbHandle['db']): Promise<void> {
  const q = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await q(sql`insert into subscription_plans (id, name, weight, display_metadata) values
    ('plan-esencial', 'Plan Esencial', 1, '{"title":"Esencial","benefits":[],"recommended":false,"order":1}'),
    ('plan-oro', 'Plan Oro', 2, '{"title":"Oro","benefits":[],"recommended":true,"order":2}'),
    ('plan-platino', 'Plan Platino', 3, '{"title":"Platino","benefits":[],"recommended":false,"order":3}')`);
  for (const a of [...accounts, { n: 99, email: 'admin@pre.local', role: 'admin' } as Account]) {
    await q(sql`insert into users (id, email, name, country_code, email_verified_at, subscription_end_date,
                                   subscription_plan_id, last_service_origin, role, deleted_at, created_at)
      values (${id(a.n)}, ${a.email}, ${`Cuenta ${a.n}`}, ${a.country ?? 'AR'}, now(), ${a.endDate ?? null},
              ${a.planId ?? null}, ${a.origin ?? null}, ${a.role ?? null},
              ${a.deleted ? at(-3) : null}, ${at(-400)})`);
  }
  const orderRow = (
    n: number,
    user: number | null,
    kind: string,
    item: string,
    status: string,
    created: number,
    extra: { email?: string; frequency?: string; pastDue?: boolean; replaces?: number } = {},
  ) =>
    q(sql`insert into payment_orders (id, kind, user_id, payer_email, item_id, description, frequency,
                                      amount_centavos, status, idempotency_key, past_due_since, grace_until,
                                      cancelled_at, replaces_order_id, created_at)
      values (${order(n)}, ${kind}, ${user === null ? null : id(user)}, ${extra.email ?? `u${user}@pre.local`},
              ${item}, ${`${kind} ${item}`}, ${extra.frequency ?? null}, 990000, ${status}, ${`pre-${n}`},
              ${extra.pastDue ? at(0) : null}, ${extra.pastDue ? day(7) : null},
              ${status === 'cancelled' ? at(-10) : null}, ${extra.replaces ? order(extra.replaces) : null},
              ${at(created)})`);
  const paymentRow = (n: number, orderN: number, status: string, approved: number | null, granted = false) =>
    q(sql`insert into payments (id, order_id, provider_payment_id, status, amount_centavos, approved_at, granted_at, created_at)
      values (${n}, ${order(orderN)}, ${`mp-${n}`}, ${status}, 990000,
              ${approved === null ? null : at(approved)}, ${granted && approved !== null ? at(approved) : null},
              ${at(approved ?? -1)})`);

  // card subscriptions
  await orderRow(2, 2, 'subscription', 'plan-esencial', 'active', -5, { frequency: 'annual' });
  await paymentRow(2, 2, 'approved', -5);
  await orderRow(3, 3, 'subscription', 'plan-esencial', 'active', -40, {
    frequency: 'monthly',
    pastDue: true,
  });
  await paymentRow(3, 3, 'approved', -40);
  await paymentRow(31, 3, 'rejected', null);
  await orderRow(4, 4, 'subscription', 'plan-oro', 'cancelled', -15, { frequency: 'monthly' });
  await paymentRow(4, 4, 'approved', -15);
  await orderRow(5, 5, 'subscription', 'plan-esencial', 'expired', -200, { frequency: 'monthly' });
  await paymentRow(5, 5, 'approved', -200);
  // an upgrade: the old agreement replaced, the new one active (the latest is the source)
  await orderRow(13, 13, 'subscription', 'plan-esencial', 'replaced', -60, { frequency: 'annual' });
  await paymentRow(13, 13, 'approved', -60);
  await orderRow(113, 13, 'subscription', 'plan-oro', 'active', -30, { frequency: 'annual', replaces: 13 });
  await paymentRow(113, 113, 'approved', -30);
  // a withdrawal: her agreement withdrawn, her access ended yesterday
  await orderRow(14, 14, 'subscription', 'plan-esencial', 'withdrawn', -3, { frequency: 'annual' });
  await paymentRow(14, 14, 'refunded', -3);
  await orderRow(20, 20, 'subscription', 'plan-oro', 'active', -30, { frequency: 'monthly' });
  await paymentRow(20, 20, 'approved', -30);
  // guest memberships: one linked to her account, one bought with another e-mail (not linked)
  await orderRow(6, 6, 'guest_tier', 'ORO', 'paid', -2);
  await paymentRow(6, 6, 'approved', -2, true);
  await orderRow(7, null, 'guest_tier', 'PLATINUM', 'paid', -1, { email: 'otra@pre.local' });
  await paymentRow(7, 7, 'approved', -1, true);
  // a deleted account's cancelled agreement and program
  await orderRow(12, 12, 'subscription', 'plan-esencial', 'cancelled', -100, { frequency: 'monthly' });
  await paymentRow(12, 12, 'approved', -100);
  // programs and packs bought by order; one refunded (its row gone)
  await orderRow(16, 16, 'program', 'programa-deudas', 'paid', -20);
  await paymentRow(16, 16, 'approved', -20, true);
  await orderRow(116, 16, 'program', 'pack-inversora', 'paid', -10);
  await paymentRow(116, 116, 'approved', -10, true);
  await orderRow(216, 16, 'program', 'programa-ahorro', 'refunded', -8);
  await paymentRow(216, 216, 'refunded', -8, true);
  await orderRow(112, 12, 'program', 'programa-deudas', 'paid', -50);
  await paymentRow(112, 112, 'approved', -50, true);
  await orderRow(102, 2, 'program', 'programa-ahorro', 'paid', -4);
  await paymentRow(102, 102, 'approved', -4, true);

  // promo codes: a free period running, one ended, one used long ago by a later card subscriber
  await q(sql`insert into promo_codes (id, code, type, free_days) values (1, 'BIENVENIDA30', 'FREE_PERIOD', 30),
    (2, 'DEUDAS100', 'PROGRAM_FREE', null)`);
  await q(sql`insert into promo_code_redemptions (promo_code_id, user_id, granted_until, created_at) values
    (1, ${id(8)}, ${day(30)}, ${at(0)}),
    (1, ${id(17)}, ${day(-10)}, ${at(-40)}),
    (1, ${id(11)}, ${day(-300)}, ${at(-330)}),
    (1, ${id(18)}, ${day(15)}, ${at(-15)})`);

  await q(sql`insert into user_purchases (user_id, product_type, product_id, source, created_at) values
    (${id(16)}, 'programs', 'programa-deudas', ${`order:${order(16)}`}, ${at(-20)}),
    (${id(16)}, 'packs', 'pack-inversora', ${`order:${order(116)}`}, ${at(-10)}),
    (${id(16)}, 'programs', 'programa-gratis', 'promo:DEUDAS100', ${at(-6)}),
    (${id(16)}, 'programs', 'programa-regalo', ${`admin:${operatorId}`}, ${at(-5)}),
    (${id(16)}, 'programs', 'programa-viejo', 'CARD', ${at(-300)}),
    (${id(2)}, 'programs', 'programa-ahorro', ${`order:${order(102)}`}, ${at(-4)}),
    (${id(12)}, 'programs', 'programa-deudas', ${`order:${order(112)}`}, ${at(-50)})`);
}

/** Her access as the entitlements module reads it (loadPlanGrants → planAccessOf), one by one. */
async function accessFromGrants(db: DbHandle['db'], userId: string) {
  return db.transaction(async (tx) => planAccessOf(await loadPlanGrants(tx, userId), today));
}

describe('the migration to grants on a database from before them', () => {
  let database: DbHandle;
  let folder: string;
  let upTo0032: string;
  let before0033: Awaited<ReturnType<typeof checkConvertedAccess>>;

  beforeAll(async () => {
    database = await emptyDatabase();
    folder = migrationsUpTo(beforeGrants);
    const options = { migrationsFolder: folder };
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver (as db/migrate.ts)
    if (database.driver === 'pg') await migratePg(database.db as any, options);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    else await migratePglite(database.db as any, options);
    const [table] = (
      await database.db.execute<{ name: string | null }>(
        sql`select to_regclass('entitlements')::text as name`,
      )
    ).rows;
    expect(table?.name).toBeNull();
    await fillBeforeGrants(database.db);
    // 0026 to 0032 alone first (a database deployed before 0033), then the rest as a deployment runs them
    upTo0032 = migrationsUpTo('0032_program_grants');
    // biome-ignore lint/suspicious/noExplicitAny: see above
    if (database.driver === 'pg') await migratePg(database.db as any, { migrationsFolder: upTo0032 });
    // biome-ignore lint/suspicious/noExplicitAny: see above
    else await migratePglite(database.db as any, { migrationsFolder: upTo0032 });
    before0033 = await checkConvertedAccess(database.db, today);
    await runMigrations(database);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    for (const dir of [folder, upTo0032]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every account the access her columns said: end date, plan and origin', async () => {
    const check = await checkConvertedAccess(database.db, today);
    expect(check.examples).toEqual([]);
    expect(check).toMatchObject({ users: accounts.length + 1, mismatches: 0, equal: accounts.length + 1 });
    expect(check.withPlan).toBe(accounts.filter((a) => a.endDate && !a.deleted).length);
    // and account by account through the module's own read
    for (const a of accounts) {
      const access = await accessFromGrants(database.db, id(a.n));
      const columns =
        a.endDate && !a.deleted
          ? { endDate: a.endDate, planId: a.planId ?? null, origin: a.origin ?? null }
          : null;
      expect({ account: a.email, access }).toEqual({ account: a.email, access: columns });
    }
  });

  it('0026 and 0032 alone gave the same access, but named a grant with no agreement "card" and left a deleted account’s program running (0033 corrects both)', () => {
    expect(before0033).toMatchObject({ mismatches: 0, cardGrantsWithoutOrder: 1, deletedWithLiveGrants: 1 });
  });

  it('names where each plan grant came from: her agreement and its first charge, her membership, her code, else legacy', async () => {
    const { rows } = await database.db.execute<{
      user_id: string;
      source: string;
      order_id: string | null;
      payment_id: string | null;
      redemption: boolean;
      starts_on: string;
    }>(sql`select user_id::text, source, order_id::text, payment_id::text,
                  promo_code_redemption_id is not null as redemption, to_char(starts_on, 'YYYY-MM-DD') as starts_on
             from entitlements where kind = 'plan' order by user_id`);
    const of = (n: number) => rows.find((r) => r.user_id === id(n));
    expect(of(2)).toMatchObject({ source: 'card', order_id: order(2), payment_id: '2', starts_on: day(-5) });
    expect(of(3)).toMatchObject({ source: 'card', order_id: order(3), payment_id: '3' });
    expect(of(4)).toMatchObject({ source: 'card', order_id: order(4) });
    expect(of(5)).toMatchObject({ source: 'card', order_id: order(5) });
    expect(of(13)).toMatchObject({ source: 'card', order_id: order(113), payment_id: '113' });
    expect(of(6)).toMatchObject({ source: 'guest_purchase', order_id: order(6), payment_id: '6' });
    expect(of(7)).toMatchObject({ source: 'legacy', order_id: null });
    expect(of(8)).toMatchObject({ source: 'promo_code', redemption: true });
    expect(of(9)).toMatchObject({ source: 'legacy', order_id: null });
    // the demo subscriber as the seed wrote her (no agreement yet): her first charge adopts it
    expect(of(10)).toMatchObject({ source: 'legacy', order_id: null });
    // a card origin whose only record is a code used long ago: 0026 said 'card', 0033 'legacy'
    expect(of(11)).toMatchObject({ source: 'legacy', order_id: null });
    expect(of(14)).toMatchObject({ source: 'legacy', order_id: null });
    expect(of(12)).toBeUndefined();
    expect(of(1)).toBeUndefined();
    expect(of(15)).toBeUndefined();
  });

  it('makes a grant of every program and pack she owns, with what gave it; a deleted account keeps none running', async () => {
    const check = await checkConvertedAccess(database.db, today);
    expect(check).toMatchObject({
      productRows: 6,
      productRowsWithoutGrant: 0,
      productGrantsWithoutRow: 0,
      deletedWithLiveGrants: 0,
      cardGrantsWithoutOrder: 0,
    });
    const { rows } = await database.db.execute<{
      user_id: string;
      kind: string;
      product_id: string;
      source: string;
      order_id: string | null;
      payment_id: string | null;
      operator_id: string | null;
      state: string;
      ended_reason: string | null;
    }>(sql`select user_id::text, kind, product_id, source, order_id::text, payment_id::text,
                  operator_id::text, state, ended_reason
             from entitlements where kind in ('program', 'pack') order by user_id, product_id`);
    expect(rows.filter((r) => r.user_id === id(16))).toEqual([
      expect.objectContaining({
        kind: 'pack',
        product_id: 'pack-inversora',
        source: 'program_purchase',
        order_id: order(116),
        payment_id: '116',
      }),
      expect.objectContaining({
        product_id: 'programa-deudas',
        source: 'program_purchase',
        order_id: order(16),
        payment_id: '16',
      }),
      expect.objectContaining({ product_id: 'programa-gratis', source: 'promo_code', order_id: null }),
      expect.objectContaining({ product_id: 'programa-regalo', source: 'operator', operator_id: operatorId }),
      expect.objectContaining({ product_id: 'programa-viejo', source: 'legacy', state: 'active' }),
    ]);
    expect(rows.filter((r) => r.user_id === id(2))).toEqual([
      expect.objectContaining({
        product_id: 'programa-ahorro',
        source: 'program_purchase',
        order_id: order(102),
      }),
    ]);
    // decision 0094: the deleted account's purchase is history, ended with the account
    expect(rows.filter((r) => r.user_id === id(12))).toEqual([
      expect.objectContaining({
        product_id: 'programa-deudas',
        state: 'ended',
        ended_reason: 'account_deleted',
      }),
    ]);
  });

  it('running the conversion again on the converted copy (as the bench does) gives the same access', async () => {
    const again = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from entitlements`);
        await runConversion(tx);
        const check = await checkConvertedAccess(tx, today);
        throw Object.assign(new Error('rollback'), { check });
      })
      .catch((error: { check?: Awaited<ReturnType<typeof checkConvertedAccess>> }) => error.check);
    expect(again).toMatchObject({ mismatches: 0, productRowsWithoutGrant: 0, deletedWithLiveGrants: 0 });
  });
});

describe('the conversion on a copy of the demo', () => {
  const t = testAppForFile(createPaymentsTestApp);

  it(
    'seeded as npm start seeds it (the seed, the subscriber’s charge, the past-due and cancelled subscribers), converted again from its columns: every account keeps her access',
    ownAppTimeout,
    async () => {
      expect(await seedDemoData(t.app.db)).toBe(true);
      // The seed gives the demo subscriber her year as a grant, not as her account's columns.
      const planGrantsOf = async (email: string) =>
        (
          await t.app.db.execute<{ source: string; ends_on: string; paid_until: string | null }>(
            sql`select e.source, to_char(e.ends_on, 'YYYY-MM-DD') as ends_on, e.details ->> 'paidUntil' as paid_until
                  from entitlements e join users u on u.id = e.user_id
                 where u.email = ${email} and e.kind = 'plan' order by e.id`,
          )
        ).rows;
      expect(await planGrantsOf('suscriptora@alcancia.local')).toEqual([
        { source: 'legacy', ends_on: day(365), paid_until: null },
      ]);
      expect((await checkConvertedAccess(t.app.db, today)).examples).toEqual([]);

      const emulator = { baseUrl: t.emulator.url, publicKey: MP.publicKey };
      await seedDemoSubscriberCharge(t.app, emulator);
      await seedDemoAfterSale(t.app, emulator);
      await settleWebhooks(t.emulator);
      // her first charge adopted it; the refused renewal's grace runs on her agreement's grant
      expect(await planGrantsOf('suscriptora@alcancia.local')).toEqual([
        expect.objectContaining({ source: 'card' }),
      ]);
      expect(await planGrantsOf('morosa@alcancia.local')).toEqual([
        { source: 'card', ends_on: day(7), paid_until: today },
      ]);

      // The demo as it runs: the columns are the cache of the grants (none written around them).
      const live = await checkConvertedAccess(t.app.db, today);
      expect(live.examples).toEqual([]);
      expect(live.mismatches).toBe(0);

      // A copy (a transaction rolled back): its grants emptied, the conversion run from the columns.
      const converted = await t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from entitlements`);
          await runConversion(tx);
          const check = await checkConvertedAccess(tx, today);
          throw Object.assign(new Error('rollback'), { check });
        })
        .catch((error: { check?: Awaited<ReturnType<typeof checkConvertedAccess>> }) => error.check);
      expect(converted?.examples).toEqual([]);
      expect(converted).toMatchObject({
        mismatches: 0,
        productRowsWithoutGrant: 0,
        cardGrantsWithoutOrder: 0,
      });
      // the subscriber, the past-due and the cancelled one: each her card agreement's grant
      expect(converted?.withPlan).toBeGreaterThanOrEqual(3);
      expect(converted?.bySource['plan/card']).toBeGreaterThanOrEqual(3);
    },
  );
});
