import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogFixture, insertCourseStructureFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { cacheCounts } from '../../lib/cache-stats';
import { announceContentChange } from '../academy/content-cache';

/** Issue 30: the shop window's catalogue, read without an account. */
describe('public catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const setCourse = async (id: string, fields: string) => {
    await t.database.db.execute(sql.raw(`update courses set ${fields} where id = '${id}'`));
    // what the back office's content import does when it commits
    await announceContentChange(t.database.db);
  };

  it('lists published courses to a visitor without a token, with filters, cacheable for a minute', async () => {
    const res = await get('/api/academy/public/courses');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(body.items.map((c: { id: string }) => c.id)).toEqual([
      'presupuesto-gratis',
      'inversion-bonos',
      'salir-deudas',
    ]);
    // only free content is open to nobody in particular
    expect(body.items.map((c: { isAccessibleByUser: boolean }) => c.isAccessibleByUser)).toEqual([
      true,
      false,
      false,
    ]);
    const filtered = (await get('/api/academy/public/courses?level=BEGINNER&keyword=deudas')).json();
    expect(filtered.items.map((c: { id: string }) => c.id)).toEqual(['salir-deudas']);
    // "Mis compras" means nothing without an account: ignored, not an empty page
    const mine = (await get('/api/academy/public/courses?tags=my_purchases')).json();
    expect(mine.total).toBe(3);
  });

  it('lists programs and packs with their prices and sale windows', async () => {
    const body = (await get('/api/academy/public/programs')).json();
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([
      'programa-abierto',
      'programa-futuro',
      'programa-cerrado',
      'pack-completo',
    ]);
    expect(body.items[0]).toMatchObject({ price: 4_500_000, discountApplied: 25, saleStatus: 'OPEN' });
  });

  it('gives the filters a visitor can use: no "Mis compras", none that depend on a subscription', async () => {
    const body = (await get('/api/academy/public/filters')).json();
    expect(body.suggestedFilters).toEqual([
      { value: 'popular', label: 'Más vistos', subscriptionRequired: [] },
    ]);
    expect(body.customFilters.topic.map((f: { value: string }) => f.value)).toContain('INVESTMENT');
  });

  it("gives a course's page: syllabus with lengths, teacher, outcomes and plans, never a content address", async () => {
    const res = await get('/api/academy/public/inversion-bonos');
    expect(res.statusCode, res.body).toBe(200);
    const course = res.json();
    expect(course).toMatchObject({
      id: 'inversion-bonos',
      name: 'Inversión en bonos',
      teacher: { name: 'Carolina Sosa', bio: 'Asesora financiera.' },
      outcomes: ['Qué es un bono', 'Cómo paga un bono'],
      offer: null,
      isFree: false,
    });
    expect(course.plans.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(['esencial', 'oro']),
    );
    expect(course).not.toHaveProperty('isAccessibleByUser');
    const free = (await get('/api/academy/public/presupuesto-gratis')).json();
    expect(free.plans).toEqual([]);
    expect(free.modules.length).toBeGreaterThan(0);
    const sections = free.modules.flatMap(
      (m: { sections: { section_url: unknown; duration: number }[] }) => m.sections,
    );
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(section.section_url).toBeNull();
      expect(typeof section.duration).toBe('number');
    }
    expect(JSON.stringify(free)).not.toMatch(/\.mp4|\.pdf|m3u8/);
  });

  it("gives a program's offer: price, installments and who may buy it", async () => {
    await setCourse('programa-abierto', "audience = 'ONLY_SUBSCRIBERS', max_installments = 6");
    const program = (await get('/api/academy/public/programa-abierto')).json();
    expect(program.offer).toMatchObject({
      price: 4_500_000,
      regularPrice: 6_000_000,
      discountApplied: 25,
      saleStatus: 'OPEN',
      installments: 6,
      audience: 'ONLY_SUBSCRIBERS',
    });
    expect(program.plans).toEqual([]);
  });

  it('answers 404 for an unpublished or unknown item, and shows an edit at once', async () => {
    await setCourse('salir-deudas', 'published = false');
    const hidden = await get('/api/academy/public/salir-deudas');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      internalCode: expect.any(String),
      message: 'El curso ingresado no existe',
    });
    const list = (await get('/api/academy/public/courses')).json();
    expect(list.items.map((c: { id: string }) => c.id)).not.toContain('salir-deudas');
    expect((await get('/api/academy/public/no-existe')).statusCode).toBe(404);

    await setCourse('inversion-bonos', "name = 'Bonos para empezar'");
    expect((await get('/api/academy/public/inversion-bonos')).json().name).toBe('Bonos para empezar');
    await setCourse('salir-deudas', 'published = true');
    expect((await get('/api/academy/public/salir-deudas')).statusCode).toBe(200);
  });

  it('reads a course page from the content cache, not the database, on the next visits', async () => {
    await get('/api/academy/public/presupuesto-gratis');
    const structures = cacheCounts('course-structures');
    const before = { ...structures };
    for (let i = 0; i < 5; i++) await get('/api/academy/public/presupuesto-gratis');
    expect(structures.hits - before.hits).toBe(5);
    expect(structures.misses - before.misses).toBe(0);
  });

  it('ignores a token: a logged-in caller gets the same public answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/academy/public/courses',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});
