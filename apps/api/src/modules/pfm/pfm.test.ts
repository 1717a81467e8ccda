import { type RunningExchangeRatesStandIn, startExchangeRatesStandIn } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { argentinaDate } from '../../lib/argentina-date';

/*
 * Mis Cuentas through the real app on real SQL (issue 43), with the exchange-rate sources' stand-in
 * on a port of its own, reached over HTTP by the real clients.
 */

let rates: RunningExchangeRatesStandIn;
let t: TestApp;
beforeAll(async () => {
  rates = await startExchangeRatesStandIn();
  t = await createTestApp({
    EXCHANGE_RATES_BCRA_URL: `${rates.url}/bcra`,
    EXCHANGE_RATES_QUOTES_URL: `${rates.url}/dolarapi`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rates?.close();
});

const sessionOf = async (app: FastifyInstance) => {
  const { credentials } = await newSession(app);
  return { userId: credentials.userId, headers: { authorization: `Bearer ${credentials.accessToken}` } };
};
type Session = Awaited<ReturnType<typeof sessionOf>>;
const call = (s: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/pfm${url}`, headers: s.headers, ...(payload ? { payload } : {}) });
const count = async (table: string, userId: string) => {
  const { rows } = await t.app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return Number(rows[0]?.n);
};
const daysAgo = (days: number) => argentinaDate(new Date(Date.now() - days * 86_400_000));

describe('the PFM service control', () => {
  it('off: every route answers 404 PFM_DISABLED in Spanish; on: her space', async () => {
    const ana = await sessionOf(t.app);
    await t.app.db.execute(sql`update service_controls set enabled = false where name = 'PFM'`);
    try {
      const off = await call(ana, 'GET', '/overview');
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({
        internalCode: 'PFM_DISABLED',
        message: 'Mis Cuentas no está disponible por ahora.',
      });
      const write = await call(ana, 'POST', '/accounts', {
        name: 'Efectivo',
        kind: 'efectivo',
        currency: 'ARS',
      });
      expect(write.statusCode).toBe(404);
      expect(await count('pfm_accounts', ana.userId)).toBe(0);
    } finally {
      await t.app.db.execute(sql`update service_controls set enabled = true where name = 'PFM'`);
    }
    const on = await call(ana, 'GET', '/overview');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ accounts: [], cards: [], rules: [] });
    expect(on.json().categories).toContain('Supermercado');
  });

  it('the migration leaves it on, as the demo shows it', async () => {
    const { rows } = await t.app.db.execute<{ enabled: boolean }>(
      sql`select enabled from service_controls where name = 'PFM'`,
    );
    expect(rows[0]?.enabled).toBe(true);
  });
});

describe('accounts, movements, categories and rules', () => {
  it('a rule sets the category of a new movement; she changes it; balances add up', async () => {
    const ana = await sessionOf(t.app);
    const account = (
      await call(ana, 'POST', '/accounts', {
        name: 'Mercado Pago',
        kind: 'mercado_pago',
        currency: 'ARS',
        openingBalanceMinor: 100_000_00,
      })
    ).json();
    expect((await call(ana, 'POST', '/rules', { contains: 'Farmacia', category: 'Salud' })).statusCode).toBe(
      201,
    );
    const moved = await call(ana, 'POST', '/movements', {
      accountId: account.id,
      occurredOn: argentinaDate(),
      description: 'FARMACÍA del centro',
      amountMinor: -12_500_50,
      currency: 'ARS',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().category).toBe('Salud');
    const other = await call(ana, 'POST', '/movements', {
      accountId: account.id,
      occurredOn: argentinaDate(),
      description: 'Sueldo',
      amountMinor: 900_000_00,
      currency: 'ARS',
      category: 'Sueldo',
    });
    expect(other.json().category).toBe('Sueldo');
    const changed = await call(ana, 'PATCH', `/movements/${moved.json().id}`, { category: 'Hogar' });
    expect(changed.json().category).toBe('Hogar');
    const overview = (await call(ana, 'GET', '/overview')).json();
    expect(overview.accounts[0].balanceMinor).toBe(100_000_00 - 12_500_50 + 900_000_00);
    const listed = (await call(ana, 'GET', `/movements?month=${argentinaDate().slice(0, 7)}`)).json();
    expect(listed.movements.map((m: { category: string }) => m.category).sort()).toEqual(['Hogar', 'Sueldo']);
  });

  it('bad input: clear Spanish errors and nothing saved', async () => {
    const ana = await sessionOf(t.app);
    const usd = (
      await call(ana, 'POST', '/accounts', { name: 'Dólares', kind: 'dolares', currency: 'USD' })
    ).json();
    const cases: [object, number, string][] = [
      [{ amountMinor: 0 }, 400, 'El importe no puede ser cero.'],
      [{ amountMinor: 10_000_000_000_000 }, 400, 'El importe es demasiado grande.'],
      [{ amountMinor: 12.5 }, 400, 'El importe va en centavos, sin decimales.'],
      [{ currency: 'EUR' }, 400, 'Elegí pesos (ARS) o dólares (USD).'],
      [{ currency: 'ARS' }, 422, 'Esa cuenta es en dólares: anotá el movimiento en USD.'],
    ];
    for (const [change, status, text] of cases) {
      const res = await call(ana, 'POST', '/movements', {
        accountId: usd.id,
        occurredOn: argentinaDate(),
        description: 'Ahorro',
        amountMinor: -100_00,
        currency: 'USD',
        ...change,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(text.split(':')[0]);
    }
    const negativeDay = await call(ana, 'POST', '/cards', { name: 'Visa', closingDay: 0, dueDay: 32 });
    expect(negativeDay.statusCode).toBe(400);
    expect(negativeDay.body).toContain('Elegí un día del 1 al 31.');
    expect(await count('pfm_movements', ana.userId)).toBe(0);
    expect(await count('pfm_cards', ana.userId)).toBe(0);
  });

  it("another person's account, movement, card or rule: 404, and nothing of hers changes", async () => {
    const ana = await sessionOf(t.app);
    const bea = await sessionOf(t.app);
    const account = (
      await call(ana, 'POST', '/accounts', { name: 'Banco', kind: 'banco', currency: 'ARS' })
    ).json();
    const movement = (
      await call(ana, 'POST', '/movements', {
        accountId: account.id,
        occurredOn: argentinaDate(),
        description: 'Luz',
        amountMinor: -30_000_00,
        currency: 'ARS',
      })
    ).json();
    const card = (await call(ana, 'POST', '/cards', { name: 'Visa', closingDay: 25, dueDay: 5 })).json();
    const rule = (await call(ana, 'POST', '/rules', { contains: 'luz', category: 'Servicios' })).json();
    const attempts = [
      call(bea, 'POST', '/movements', {
        accountId: account.id,
        occurredOn: argentinaDate(),
        description: 'x',
        amountMinor: -1,
        currency: 'ARS',
      }),
      call(bea, 'PATCH', `/movements/${movement.id}`, { category: 'Otros' }),
      call(bea, 'POST', `/cards/${card.id}/purchases`, {
        occurredOn: argentinaDate(),
        description: 'x',
        amountMinor: 100,
        currency: 'ARS',
        installments: 1,
      }),
      call(bea, 'GET', `/cards/${card.id}/statements`),
      call(bea, 'DELETE', `/cards/${card.id}`),
      call(bea, 'DELETE', `/rules/${rule.id}`),
      call(bea, 'DELETE', `/accounts/${account.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/^No encontramos/);
    }
    const overview = (await call(ana, 'GET', '/overview')).json();
    expect(overview.accounts).toHaveLength(1);
    expect(overview.cards).toHaveLength(1);
    expect(overview.rules).toHaveLength(1);
    expect((await call(ana, 'GET', '/movements')).json().movements[0].category).toBe('Otros');
  });
});

describe('cuotas and statements', () => {
  it('a purchase in 6 cuotas lands one per statement; próximos resúmenes owes and commits; paying settles', async () => {
    const ana = await sessionOf(t.app);
    const account = (
      await call(ana, 'POST', '/accounts', {
        name: 'Banco',
        kind: 'banco',
        currency: 'ARS',
        openingBalanceMinor: 2_000_000_00,
      })
    ).json();
    const card = (await call(ana, 'POST', '/cards', { name: 'Visa', closingDay: 31, dueDay: 10 })).json();
    const bought = await call(ana, 'POST', `/cards/${card.id}/purchases`, {
      occurredOn: daysAgo(70),
      description: 'Lavarropas',
      amountMinor: 1_000_000_01,
      currency: 'ARS',
      installments: 6,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const purchase = bought.json();
    expect(purchase.category).toBe('Otros');
    expect(purchase.schedule.map((c: { amountMinor: number }) => c.amountMinor)).toEqual([
      166_666_71, 166_666_66, 166_666_66, 166_666_66, 166_666_66, 166_666_66,
    ]);
    expect(purchase.totalMinor).toBe(1_000_000_01);
    const months = purchase.schedule.map((c: { statementClosing: string }) => c.statementClosing.slice(0, 7));
    expect(new Set(months).size).toBe(6);

    // a USD purchase in 1 cuota with interest 0 on the same card
    await call(ana, 'POST', `/cards/${card.id}/purchases`, {
      occurredOn: argentinaDate(),
      description: 'Suscripción',
      amountMinor: 10_00,
      currency: 'USD',
      installments: 1,
    });

    const before = (await call(ana, 'GET', `/cards/${card.id}/statements`)).json();
    const closed = before.statements.filter((s: { closingDate: string }) => s.closingDate < argentinaDate());
    expect(closed.length).toBeGreaterThanOrEqual(2);
    const owedTotal = before.statements.reduce(
      (sum: number, s: { owedMinor: { ARS: number } }) => sum + s.owedMinor.ARS,
      0,
    );
    expect(owedTotal + before.committedLaterMinor.ARS).toBe(1_000_000_01);
    expect(before.statements.some((s: { owedMinor: { USD: number } }) => s.owedMinor.USD === 10_00)).toBe(
      true,
    );

    const first = closed[0];
    const paid = await call(ana, 'POST', `/cards/${card.id}/statements/${first.closingDate}/payment`, {
      accountId: account.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, owedMinor: { ARS: 166_666_71 } });
    const again = await call(ana, 'POST', `/cards/${card.id}/statements/${first.closingDate}/payment`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      internalCode: 'PFM_STATEMENT_ALREADY_PAID',
      message: 'Ese resumen ya está pagado.',
    });
    const after = (await call(ana, 'GET', `/cards/${card.id}/statements`)).json();
    expect(after.statements.map((s: { closingDate: string }) => s.closingDate)).not.toContain(
      first.closingDate,
    );
    const overview = (await call(ana, 'GET', '/overview')).json();
    expect(overview.accounts[0].balanceMinor).toBe(2_000_000_00 - 166_666_71);

    // an open statement cannot be paid yet; one with nothing in it has nothing to pay
    const open = after.statements.find((s: { closingDate: string }) => s.closingDate >= argentinaDate());
    const early = await call(ana, 'POST', `/cards/${card.id}/statements/${open.closingDate}/payment`, {});
    expect(early.json().internalCode).toBe('PFM_STATEMENT_OPEN');
    const empty = await call(ana, 'POST', `/cards/${card.id}/statements/2020-01-31/payment`, {});
    expect(empty.json().internalCode).toBe('PFM_NOTHING_TO_PAY');
    // a new purchase whose first cuota would fall in the paid statement is refused, nothing stored
    const purchasesBefore = await count('pfm_purchases', ana.userId);
    const late = await call(ana, 'POST', `/cards/${card.id}/purchases`, {
      occurredOn: first.closingDate,
      description: 'Tarde',
      amountMinor: 100_00,
      currency: 'ARS',
      installments: 2,
    });
    expect(late.statusCode).toBe(409);
    expect(await count('pfm_purchases', ana.userId)).toBe(purchasesBefore);
  });

  it('0 or 100 cuotas, a negative price or an unknown currency: 400 in Spanish, nothing stored', async () => {
    const ana = await sessionOf(t.app);
    const card = (await call(ana, 'POST', '/cards', { name: 'Visa', closingDay: 20, dueDay: 2 })).json();
    const base = {
      occurredOn: argentinaDate(),
      description: 'Tele',
      amountMinor: 500_000_00,
      currency: 'ARS',
      installments: 3,
    };
    const cases: [object, string][] = [
      [{ installments: 0 }, 'Elegí al menos 1 cuota.'],
      [{ installments: 100 }, 'Elegí hasta 72 cuotas.'],
      [{ amountMinor: -5 }, 'El importe tiene que ser mayor que cero.'],
      [{ currency: 'BTC' }, 'Elegí pesos (ARS) o dólares (USD).'],
      [{ annualRatePercent: 'mucho' }, 'Escribí un porcentaje, por ejemplo 45 o 3.5.'],
      [{ occurredOn: '2026-02-30' }, 'Usá una fecha válida (AAAA-MM-DD).'],
    ];
    for (const [change, text] of cases) {
      const res = await call(ana, 'POST', `/cards/${card.id}/purchases`, { ...base, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().internalCode).toBe('INVALID_DATA');
      expect(res.body).toContain(text);
    }
    expect(await count('pfm_purchases', ana.userId)).toBe(0);
    expect(await count('pfm_installments', ana.userId)).toBe(0);
  });
});

describe('two currencies at a named rate', () => {
  it('totals in pesos and dollars at MEP and at the oficial, each with its source and time', async () => {
    const ana = await sessionOf(t.app);
    await call(ana, 'POST', '/accounts', {
      name: 'Banco',
      kind: 'banco',
      currency: 'ARS',
      openingBalanceMinor: 1_468_250_00,
    });
    await call(ana, 'POST', '/accounts', {
      name: 'Dólares',
      kind: 'dolares',
      currency: 'USD',
      openingBalanceMinor: 500_00,
    });
    const mep = (await call(ana, 'GET', '/totals?rate=mep')).json();
    expect(mep.rate).toMatchObject({ kind: 'mep', sell: '1468.25', stale: false });
    expect(mep.rate.source).toContain('DolarApi');
    expect(mep.byCurrency).toEqual({ ARS: 1_468_250_00, USD: 500_00 });
    // 1.468.250 + 500 × 1468,25 = 2.202.375 pesos; 500 + 1.468.250 / 1468,25 = 1.500 dollars
    expect(mep.totalArsMinor).toBe(2_202_375_00);
    expect(mep.totalUsdMinor).toBe(1_500_00);
    const oficial = (await call(ana, 'GET', '/totals?rate=oficial')).json();
    expect(oficial.rate).toMatchObject({ kind: 'oficial', sell: '1421.75' });
    expect(oficial.rate.source).toContain('BCRA');
    const unknown = await call(ana, 'GET', '/totals?rate=euro');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Elegí oficial, MEP, blue o tarjeta.');
    const listed = (await call(ana, 'GET', '/rates')).json();
    expect(listed.rates.map((r: { kind: string }) => r.kind)).toEqual(['oficial', 'mep', 'blue', 'tarjeta']);
  });
});

describe('¿cuotas o contado?', () => {
  it('the present value of the cuotas at the rate she picks, with the working and the class', async () => {
    const ana = await sessionOf(t.app);
    const res = await call(ana, 'POST', '/calculators/cuotas-o-contado', {
      cashMinor: 100_000_00,
      installments: 3,
      installmentMinor: 35_000_00,
      rateKind: 'inflacion',
      ratePercent: '5',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 35.000 / 1,05 + 35.000 / 1,05² + 35.000 / 1,05³ = 95.313,6807… → $ 95.313,68
    expect(body.presentValueMinor).toBe(95_313_68);
    expect(body.steps.map((s: { factor: string }) => s.factor)).toEqual(['0.952381', '0.907029', '0.863838']);
    expect(body).toMatchObject({ monthlyRate: '0.050000', differenceMinor: -4_686_32, cheaper: 'cuotas' });
    expect(body.lesson.href).toBe('/academy/tarjeta-de-credito/tarjeta-de-credito-m2-s1');
    // plazo fijo TNA 36 % = 3 % a month: the same cuotas are worth more today
    const plazoFijo = (
      await call(ana, 'POST', '/calculators/cuotas-o-contado', {
        cashMinor: 100_000_00,
        installments: 3,
        installmentMinor: 35_000_00,
        rateKind: 'plazo_fijo',
        ratePercent: '36',
      })
    ).json();
    expect(plazoFijo.monthlyRate).toBe('0.030000');
    // 35.000 × (1/1,03 + 1/1,03² + 1/1,03³) = 99.001,397… → $ 99.001,40
    expect(plazoFijo.presentValueMinor).toBe(99_001_40);
  });
});
