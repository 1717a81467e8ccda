import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture, insertCourseStructureFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { courses, packItems } from '../../db/schema';

describe('course viewer API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const subscribe = (userId: string) =>
    t.database.db.execute(
      sql`update users set subscription_end_date = ${dayOffset(30)} where id = ${userId}`,
    );

  it('gives a free course with modules, totals and content addresses', async () => {
    const { credentials } = await newSession(t.app);
    const res = await get('/api/academy/presupuesto-gratis', bearer(credentials));
    expect(res.statusCode).toBe(200);
    const course = res.json();
    expect(course).toMatchObject({ id: 'presupuesto-gratis', type: 'COURSE', isAccessibleByUser: true });
    expect(
      course.modules.map((m: { order: number; total_sections: number; total_duration: number }) => [
        m.order,
        m.total_sections,
        m.total_duration,
      ]),
    ).toEqual([
      [1, 3, 100],
      [2, 2, 60],
    ]);
    expect(course.modules[0].sections[0]).toEqual({
      id: 'pg-s1',
      name: 'Clase pg-s1',
      order: 1,
      type: 'CLASS',
      duration: 100,
      // signed (decision 0102)
      section_url: expect.stringMatching(/^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\/videos\/pg-s1\.mp4$/),
      mime_type: 'video/mp4',
      file_extension: 'mp4',
      // no shipped captions beside this fixture's video
      captions_url: null,
    });
  });

  it('refuses a paid course without subscription (403 SUBSCRIPTION_REQUIRED) and a program without purchase (PURCHASE_REQUIRED)', async () => {
    const { credentials } = await newSession(t.app);
    const paid = await get('/api/academy/inversion-bonos', bearer(credentials));
    expect(paid.statusCode).toBe(403);
    expect(paid.json().internalCode).toBe('SUBSCRIPTION_REQUIRED');
    expect(paid.body).not.toContain('/media/videos');
    await subscribe(credentials.userId);
    const program = await get('/api/academy/programa-abierto', bearer(credentials));
    expect(program.statusCode).toBe(403);
    expect(program.json().internalCode).toBe('PURCHASE_REQUIRED');
    expect((await get('/api/academy/inversion-bonos', bearer(credentials))).statusCode).toBe(200);
  });

  it('previews any course without its content addresses', async () => {
    const { credentials } = await newSession(t.app);
    const res = await get('/api/academy/preview/inversion-bonos', bearer(credentials));
    expect(res.statusCode).toBe(200);
    const sections = res
      .json()
      .modules.flatMap((m: { sections: { section_url: string | null }[] }) => m.sections);
    expect(sections.map((s: { section_url: string | null }) => s.section_url)).toEqual([null, null]);
    expect(res.json().isAccessibleByUser).toBe(false);
    // the course page's "Quién enseña" and "Lo que vas a aprender" (decision 83)
    expect(res.json()).toMatchObject({
      teacher: { name: 'Carolina Sosa', bio: 'Asesora financiera.' },
      outcomes: ['Qué es un bono', 'Cómo paga un bono'],
      cover: null,
    });
    const presentation = await get('/api/academy/programa-abierto/presentation', bearer(credentials));
    expect(presentation.json()).toMatchObject({ id: 'programa-abierto', isProgram: true });
    const details = await get('/api/academy/programa-abierto/details', bearer(credentials));
    expect(details.json()).not.toHaveProperty('modules');
    const faqs = await get('/api/academy/programa-abierto/faqs', bearer(credentials));
    expect(faqs.json()).toEqual({ faqs: [{ question: '¿Cuánto dura?', answer: 'Cuatro semanas.' }] });
  });

  it("lists a pack's programs to its buyer, and shows them (without access) to everyone else", async () => {
    const { credentials } = await newSession(t.app);
    const refused = await get('/api/academy/pack-completo', bearer(credentials));
    expect(refused.json().internalCode).toBe('PURCHASE_REQUIRED');
    const preview = await get('/api/academy/preview/pack-completo', bearer(credentials));
    expect(preview.json()).toMatchObject({
      type: 'PACK',
      isAccessibleByUser: false,
      items: [{ id: 'programa-futuro', name: 'Programa Futuro', type: 'PROGRAM' }],
    });
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${credentials.userId}, 'packs', 'pack-completo', 'test')`,
    );
    const owned = await get('/api/academy/pack-completo', bearer(credentials));
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toMatchObject({ modules: [], items: [{ id: 'programa-futuro', thumbnail: null }] });
    // Any other kind holds no items.
    expect((await get('/api/academy/presupuesto-gratis', bearer(credentials))).json().items).toEqual([]);
  });

  it('answers an unknown course with NOT_FOUND and the spec text', async () => {
    const { credentials } = await newSession(t.app);
    const res = await get('/api/academy/no-existe', bearer(credentials));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ internalCode: 'NOT_FOUND', message: 'El curso ingresado no existe' });
  });
});

describe('progress', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
  });
  afterAll(() => t.close());

  const save = (
    credentials: { accessToken: string },
    courseId: string,
    moduleId: string,
    sectionId: string,
    seconds: number,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      payload: { courseId, progress: { moduleId, sectionId, seconds } },
    });
  const read = async (credentials: { accessToken: string }, courseId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/academy/progress/${courseId}`,
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      })
    ).json();
  const overview = async (credentials: { accessToken: string }) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/academy/content/progress',
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      })
    ).json();

  it('records seconds clamped to the duration and answers in the spec shape', async () => {
    const { credentials } = await newSession(t.app);
    expect((await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 42.6)).json()).toMatchObject({
      viewed_seconds: 43,
      complete_fraction: 0.43,
    });
    expect((await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 5000)).json()).toMatchObject({
      viewed_seconds: 100,
      complete_fraction: 1,
    });
    const progress = await read(credentials, 'presupuesto-gratis');
    expect(progress).toEqual({
      in_progress_modules: {
        'pg-m1': { sections: { 'pg-s1': { viewed_seconds: 100, complete_fraction: 1 } } },
      },
      finished_modules: {},
      last_viewed_section: 'pg-s1',
      finished_at: null,
    });
  });

  it('never goes backwards: a late or replayed lower write changes nothing; negative seconds count as 0', async () => {
    const { credentials } = await newSession(t.app);
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 80);
    const late = await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 20);
    expect(late.json()).toMatchObject({ viewed_seconds: 80, complete_fraction: 0.8 });
    await save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s4', -30);
    const progress = await read(credentials, 'presupuesto-gratis');
    expect(progress.in_progress_modules['pg-m1'].sections['pg-s1'].viewed_seconds).toBe(80);
    expect(progress.in_progress_modules['pg-m2'].sections['pg-s4']).toEqual({
      viewed_seconds: 0,
      complete_fraction: 0,
    });
  });

  it('counts a material as complete when opened, finishes modules without their EMPTY sections and sets finished_at once', async () => {
    const { credentials } = await newSession(t.app);
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 100);
    expect(
      (await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s2', 0)).json().complete_fraction,
    ).toBe(1);
    let progress = await read(credentials, 'presupuesto-gratis');
    expect(progress.finished_modules).toEqual({ 'pg-m1': true });
    expect(progress.finished_at).toBeNull();
    await save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s4', 60);
    const last = await save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s5', 0);
    expect(last.json().finished_at).not.toBeNull();
    progress = await read(credentials, 'presupuesto-gratis');
    expect(progress.finished_modules).toEqual({ 'pg-m1': true, 'pg-m2': true });
    const finishedAt = progress.finished_at;
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 10);
    expect((await read(credentials, 'presupuesto-gratis')).finished_at).toBe(finishedAt);
    expect((await overview(credentials)).in_progress_courses['presupuesto-gratis']).toEqual({ fraction: 1 });
  });

  it('keeps both tabs: concurrent writes of different sections are all kept and the finish is not missed', async () => {
    const { credentials } = await newSession(t.app);
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 100);
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s2', 0);
    const results = await Promise.all([
      save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s4', 60),
      save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s5', 0),
      save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 50),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const progress = await read(credentials, 'presupuesto-gratis');
    expect(Object.keys(progress.in_progress_modules['pg-m2'].sections).sort()).toEqual(['pg-s4', 'pg-s5']);
    expect(progress.in_progress_modules['pg-m1'].sections['pg-s1'].viewed_seconds).toBe(100);
    expect(progress.finished_at).not.toBeNull();
  });

  it('reports partial fractions in the overview', async () => {
    const { credentials } = await newSession(t.app);
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 50);
    // 4 required sections (EMPTY excluded): 0.5 / 4
    expect((await overview(credentials)).in_progress_courses['presupuesto-gratis'].fraction).toBeCloseTo(
      0.125,
      5,
    );
  });

  it("gives a started pack the mean of its items' progress (an item not started counts 0)", async () => {
    const db = t.database.db;
    const [pack] = await db.select().from(courses).where(eq(courses.id, 'pack-completo'));
    if (!pack) throw new Error('fixture pack missing');
    const { searchVector: _generated, ...columns } = pack as typeof pack & { searchVector?: unknown };
    await db.insert(courses).values({ ...columns, id: 'pack-prueba', name: 'Pack Prueba' });
    await db.insert(packItems).values([
      { packId: 'pack-prueba', itemId: 'presupuesto-gratis', position: 1 },
      { packId: 'pack-prueba', itemId: 'programa-futuro', position: 2 },
    ]);
    const { credentials } = await newSession(t.app);
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${credentials.userId}, 'packs', 'pack-prueba', 'test')`,
    );
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/academy/start-course',
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      payload: { courseId: 'pack-prueba' },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await overview(credentials)).in_progress_courses['pack-prueba']).toEqual({ fraction: 0 });
    // one of the 4 required sections of presupuesto-gratis done: 0.25 of the first of two items
    await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 100);
    expect((await overview(credentials)).in_progress_courses['pack-prueba'].fraction).toBeCloseTo(0.125, 5);
  });

  it('refuses a section of another module or course, an EMPTY section and a course without access', async () => {
    const { credentials } = await newSession(t.app);
    const wrongModule = await save(credentials, 'presupuesto-gratis', 'pg-m2', 'pg-s1', 10);
    expect(wrongModule.statusCode).toBe(400);
    expect(wrongModule.json().internalCode).toBe('INVALID_SECTION');
    expect((await save(credentials, 'presupuesto-gratis', 'ib-m1', 'ib-s1', 10)).statusCode).toBe(400);
    expect((await save(credentials, 'presupuesto-gratis', 'pg-m1', 'pg-s3', 0)).json().internalCode).toBe(
      'INVALID_SECTION',
    );
    const noAccess = await save(credentials, 'inversion-bonos', 'ib-m1', 'ib-s1', 10);
    expect(noAccess.statusCode).toBe(403);
    expect((await save(credentials, 'no-existe', 'x', 'y', 1)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      payload: {
        courseId: 'presupuesto-gratis',
        progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds: 1 },
      },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps progress per user (no one reads or writes another user’s progress)', async () => {
    const a = (await newSession(t.app)).credentials;
    const b = (await newSession(t.app)).credentials;
    await save(a, 'presupuesto-gratis', 'pg-m1', 'pg-s1', 70);
    expect((await read(b, 'presupuesto-gratis')).in_progress_modules).toEqual({});
  });

  it('starts a bought program once (Comenzar) and refuses it to non-buyers', async () => {
    const { credentials } = await newSession(t.app);
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/academy/start-course',
        headers: bearer(credentials),
        payload: { courseId: 'programa-abierto' },
      });
    expect((await start()).statusCode).toBe(403);
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source) values (${credentials.userId}, 'programs', 'programa-abierto', 'test')`,
    );
    const first = await start();
    expect(first.statusCode).toBe(200);
    const second = await start();
    expect(second.json().startedAt).toBe(first.json().startedAt);
    expect((await overview(credentials)).in_progress_courses['programa-abierto']).toEqual({ fraction: 0 });
  });
});
