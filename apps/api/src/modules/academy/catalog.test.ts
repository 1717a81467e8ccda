import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { argentinaDate } from '../../lib/argentina-date';

type Card = { id: string; isAccessibleByUser: boolean };
const accessById = (items: Card[]) => Object.fromEntries(items.map((i) => [i.id, i.isAccessibleByUser]));

describe('academy catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    // issue 30: a program only subscribers may buy (set before anything is cached)
    await t.database.db.execute(
      sql`update courses set audience = 'ONLY_SUBSCRIBERS' where id = 'programa-futuro'`,
    );
  });
  afterAll(() => t.close());

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setUser = (userId: string, fields: string) =>
    t.database.db.execute(sql.raw(`update users set ${fields} where id = '${userId}'`));
  const buy = (userId: string, productType: string, productId: string) =>
    t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${userId}, ${productType}, ${productId}, 'test')`,
    );

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/academy/courses' });
    expect(res.statusCode).toBe(401);
  });

  it('opens only free courses to a non-subscriber, with badges and counts', async () => {
    const { credentials } = await newSession(t.app);
    const body = await get('/api/academy/courses', bearer(credentials));
    expect(body.total).toBe(3);
    expect(accessById(body.items)).toEqual({
      'presupuesto-gratis': true,
      'inversion-bonos': false,
      'salir-deudas': false,
    });
    expect(body.items[0]).toMatchObject({
      id: 'presupuesto-gratis',
      badge: 'GRATIS',
      modulesAmount: 2,
      classesAmount: 5,
      isProgram: false,
    });
    expect(body.items[1].badge).toBe('MÁS VISTO');
  });

  it('opens paid courses while the subscription end date is today or later in Argentina, not after', async () => {
    const { credentials } = await newSession(t.app);
    await setUser(credentials.userId, `subscription_end_date = '${argentinaDate()}'`);
    let body = await get('/api/academy/courses', bearer(credentials));
    expect(accessById(body.items)['inversion-bonos']).toBe(true);
    await setUser(credentials.userId, `subscription_end_date = '${dayOffset(-1)}'`);
    body = await get('/api/academy/courses', bearer(credentials));
    expect(accessById(body.items)['inversion-bonos']).toBe(false);
  });

  it('opens a program only to its buyer (a subscription is not enough), and a pack opens its items', async () => {
    const { credentials } = await newSession(t.app);
    await setUser(credentials.userId, `subscription_end_date = '${dayOffset(30)}'`);
    let programs = await get('/api/academy/v2/programs', bearer(credentials));
    expect(accessById(programs.items)).toEqual({
      'programa-abierto': false,
      'programa-futuro': false,
      'programa-cerrado': false,
    });
    await buy(credentials.userId, 'programs', 'programa-abierto');
    await buy(credentials.userId, 'packs', 'pack-completo');
    programs = await get('/api/academy/v2/programs', bearer(credentials));
    expect(accessById(programs.items)).toEqual({
      'programa-abierto': true,
      'programa-futuro': true,
      'programa-cerrado': false,
    });
    const packs = await get('/api/academy/packs', bearer(credentials));
    expect(accessById(packs.items)).toEqual({ 'pack-completo': true });
  });

  it('computes the sale window and the discount on the server', async () => {
    const { credentials } = await newSession(t.app);
    const { items } = await get('/api/academy/v2/programs/quick', bearer(credentials));
    const byId = Object.fromEntries(items.map((p: { id: string }) => [p.id, p]));
    expect(byId['programa-abierto']).toMatchObject({
      saleStatus: 'OPEN',
      price: 4_500_000,
      regularPrice: 6_000_000,
      discountApplied: 25,
      type: 'PROGRAM',
    });
    expect(byId['programa-futuro']).toMatchObject({ saleStatus: 'BEFORE', discountApplied: 0 });
    expect(byId['programa-cerrado']).toMatchObject({ saleStatus: 'AFTER' });
    const packs = await get('/api/academy/packs/quick', bearer(credentials));
    expect(packs.items[0]).toMatchObject({ type: 'PACK', discountApplied: 25 });
  });

  it('marks a subscriber-only program for a non-subscriber only, so it says who can buy it (issue 30)', async () => {
    const onlyFor = async (credentials: Parameters<typeof bearer>[0]) => {
      const { items } = await get('/api/academy/v2/programs/quick', bearer(credentials));
      return Object.fromEntries(
        items.map((p: { id: string; onlyForSubscribers: boolean }) => [p.id, p.onlyForSubscribers]),
      );
    };
    const visitor = await newSession(t.app);
    expect(await onlyFor(visitor.credentials)).toMatchObject({
      'programa-futuro': true,
      'programa-abierto': false,
    });
    const subscriber = await newSession(t.app);
    await setUser(subscriber.credentials.userId, `subscription_end_date = '${dayOffset(30)}'`);
    expect(await onlyFor(subscriber.credentials)).toMatchObject({
      'programa-futuro': false,
      'programa-abierto': false,
    });
  });

  it('filters by category, level, tags, my purchases and keyword, and paginates', async () => {
    const { credentials } = await newSession(t.app);
    const h = bearer(credentials);
    const ids = async (query: string) =>
      (await get(`/api/academy/courses?${query}`, h)).items.map((i: { id: string }) => i.id);
    expect(await ids('category=DEBTS')).toEqual(['salir-deudas']);
    expect(await ids('level=BEGINNER')).toEqual(['presupuesto-gratis', 'salir-deudas']);
    expect(await ids('tags=popular')).toEqual(['inversion-bonos', 'salir-deudas']);
    expect(await ids('tags=my_purchases')).toEqual([]);
    await buy(credentials.userId, 'courses', 'salir-deudas');
    expect(await ids('tags=my_purchases')).toEqual(['salir-deudas']);
    expect(await ids('keyword=bonos')).toEqual(['inversion-bonos']);
    const page2 = await get('/api/academy/courses?pageSize=2&page=2', h);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual(['salir-deudas']);
    // Past the last page: no items, and still the real total.
    expect(await get('/api/academy/courses?pageSize=2&page=9', h)).toMatchObject({ items: [], total: 3 });
  });

  it('searches without accents and across kinds; fewer than 3 characters is refused', async () => {
    const { credentials } = await newSession(t.app);
    const result = await get('/api/academy?search=inversion', bearer(credentials));
    expect(result.courses.map((c: { id: string }) => c.id)).toEqual(['inversion-bonos']);
    const events = await get('/api/academy?search=noticiero', bearer(credentials));
    expect(events.events).toEqual([
      expect.objectContaining({ id: 'evento-noticiero', series: 'FINANCIAL_NEWS' }),
    ]);
    const programs = await get('/api/academy?search=emprende', bearer(credentials));
    expect(programs.programs.map((p: { id: string }) => p.id)).toEqual(['programa-abierto']);
    const short = await t.app.inject({
      method: 'GET',
      url: '/api/academy?search=in',
      headers: bearer(credentials),
    });
    expect(short.statusCode).toBe(400);
    const odd = await get(`/api/academy?search=${encodeURIComponent("bonos' & |!:*")}`, bearer(credentials));
    expect(odd.courses.map((c: { id: string }) => c.id)).toEqual(['inversion-bonos']);
  });

  it('lists events with access and gives the filter metadata', async () => {
    const { credentials } = await newSession(t.app);
    const events = await get('/api/academy/events', bearer(credentials));
    expect(events.items).toEqual([
      {
        id: 'evento-noticiero',
        name: 'Noticiero Financiero',
        series: 'FINANCIAL_NEWS',
        thumbnail: null,
        cover: null,
        classesAmount: 4,
        isAccessibleByUser: false,
      },
    ]);
    const filters = await get('/api/academy/filters', bearer(credentials));
    expect(filters.suggestedFilters[2]).toEqual({
      value: 'offer',
      label: 'Ofertas',
      subscriptionRequired: ['ONLY_UNSUBSCRIBERS'],
    });
    expect(filters.customFilters.topic.map((f: { value: string }) => f.value)).toEqual([
      'ORDER',
      'INVESTMENT',
      'DEBTS',
      'ENTREPRENEURSHIP',
    ]);
    expect(filters.customFilters.level[0]).toEqual({
      value: 'BEGINNER',
      label: 'Inicial',
      color: '#1b4d3e',
      backgroundColor: '#e3f4ec',
    });
  });
});

describe('feature flags and community', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
  });
  afterAll(() => t.close());

  it('serves the purchase flags anonymously, off by default and on when the operator says so', async () => {
    const off = await t.app.inject({ method: 'GET', url: '/api/remote-config/feature-flags' });
    expect(off.json()).toEqual({
      enableMonthlySubscriptionPurchase: false,
      enableAnnualSubscriptionPurchase: false,
    });
    await t.database.db.execute(
      sql`update feature_flags set enabled = true where name = 'enableAnnualSubscriptionPurchase'`,
    );
    const on = await t.app.inject({ method: 'GET', url: '/api/remote-config/feature-flags' });
    expect(on.json()).toEqual({
      enableMonthlySubscriptionPurchase: false,
      enableAnnualSubscriptionPurchase: true,
    });
  });

  it('grants the community to every subscriber (any plan) and to private access; never to a lapsed one', async () => {
    const check = async (credentials: { accessToken: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/community/check-access',
          headers: { authorization: `Bearer ${credentials.accessToken}` },
        })
      ).json();
    const plain = (await newSession(t.app)).credentials;
    expect(await check(plain)).toEqual({ withAccess: false });

    const esencial = (await newSession(t.app)).credentials;
    await t.database.db.execute(
      sql`update users set subscription_plan_id = 'esencial', subscription_end_date = ${dayOffset(5)} where id = ${esencial.userId}`,
    );
    // A plan without the COMMUNITY service: the subscription opens it all the same (decision 47).
    expect(await check(esencial)).toEqual({ withAccess: true });

    const oro = (await newSession(t.app)).credentials;
    await t.database.db.execute(
      sql`update users set subscription_plan_id = 'oro', subscription_end_date = ${dayOffset(5)} where id = ${oro.userId}`,
    );
    expect(await check(oro)).toEqual({ withAccess: true });

    const lapsed = (await newSession(t.app)).credentials;
    await t.database.db.execute(
      sql`update users set subscription_plan_id = 'oro', subscription_end_date = ${dayOffset(-1)} where id = ${lapsed.userId}`,
    );
    expect(await check(lapsed)).toEqual({ withAccess: false });
    // A lapsed subscriber with private access keeps it.
    await t.database.db.execute(
      sql`update users set private_community_access = true where id = ${lapsed.userId}`,
    );
    expect(await check(lapsed)).toEqual({ withAccess: true });

    const invited = (await newSession(t.app)).credentials;
    await t.database.db.execute(
      sql`update users set private_community_access = true where id = ${invited.userId}`,
    );
    expect(await check(invited)).toEqual({ withAccess: true });

    // the url: only while the operator has it on, and only for members
    const url = (c: { accessToken: string }) =>
      t.app.inject({
        method: 'GET',
        url: '/api/community',
        headers: { authorization: `Bearer ${c.accessToken}` },
      });
    expect((await url(oro)).statusCode).toBe(404);
    await t.database.db.execute(
      sql`update service_controls set enabled = true, resource = 'https://comunidad.example/alcancia' where name = 'COMMUNITY'`,
    );
    expect((await url(oro)).json()).toEqual({ url: 'https://comunidad.example/alcancia' });
    expect((await url(esencial)).json()).toEqual({ url: 'https://comunidad.example/alcancia' });
    expect((await url(plain)).statusCode).toBe(403);
    const control = await t.app.inject({ method: 'GET', url: '/api/service-control/COMMUNITY' });
    // The switch is public; the community's address is only for members (through /community).
    expect(control.json()).toMatchObject({ name: 'COMMUNITY', enabled: true, resource: null });
  });
});
