import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoCatalog from '../../../content/demo-catalog.json' with { type: 'json' };
import { createTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../../db/client';
import { seedDemoData } from '../../demo/seed';
import { ContentFileError, contrastRatio, parseContentFile, resolveSaleDate } from './content-file';
import { type ImportResult, importContent } from './import-content';

/** 02:30 UTC on March 1st is still February 28th in Buenos Aires (UTC-3). */
const today = new Date('2026-03-01T02:30:00Z');
const argentinaToday = '2026-02-28';

const demo = () => structuredClone(demoCatalog);

async function rows<T>(database: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

async function tableCounts(database: DbHandle) {
  const [counts] = await rows<Record<string, number>>(
    database,
    sql`select (select count(*) from courses)::int as courses, (select count(*) from course_modules)::int as modules,
               (select count(*) from course_sections)::int as sections, (select count(*) from course_faqs)::int as faqs,
               (select count(*) from pack_items)::int as pack_items, (select count(*) from content_tags)::int as tags,
               (select max(updated_at) from courses)::text as last_update`,
  );
  return counts;
}

const changes = (result: ImportResult) =>
  Object.values(result).reduce((n, t) => n + t.inserted + t.updated + t.deleted, 0);

function problemPaths(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    if (error instanceof ContentFileError) return error.problems.map((p) => p.path);
    throw error;
  }
  return [];
}

async function refusal(promise: Promise<unknown>): Promise<ContentFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentFileError);
  return error as ContentFileError;
}

describe('importContent with the demo catalogue', () => {
  let database: DbHandle;
  let first: ImportResult;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await importContent(database.db, demoCatalog, { today });
  });
  afterAll(() => database.close());

  it('validates and imports every entity of the file', async () => {
    expect(first.courses.inserted).toBe(demoCatalog.courses.length);
    expect(first.categories.inserted).toBe(4);
    expect(first.levels.inserted).toBe(3);
    expect(first.tags.inserted).toBe(demoCatalog.tags.length);
    expect(first.plans.inserted).toBe(demoCatalog.plans.length);
    expect(first.packItems.inserted).toBeGreaterThanOrEqual(4);
    const counts = await tableCounts(database);
    expect(counts?.sections).toBe(first.sections.inserted);
    expect(counts?.faqs).toBe(first.faqs.inserted);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await tableCounts(database);
    const again = await importContent(database.db, demoCatalog, { today });
    expect(changes(again)).toBe(0);
    expect(again.sections.unchanged).toBe(first.sections.inserted);
    expect(await tableCounts(database)).toEqual(before);
  });

  it('computes module and class counts and converts pesos to centavos', async () => {
    const [program] = await rows<Record<string, number>>(
      database,
      sql`select price_centavos, regular_price_centavos, modules_amount, classes_amount, max_installments
          from courses where id = 'programa-inversora-inteligente'`,
    );
    expect(program).toEqual({
      price_centavos: 8_900_000,
      regular_price_centavos: 12_000_000,
      modules_amount: 4,
      classes_amount: 9,
      max_installments: 6,
    });
  });

  it('covers every tag, category and level, both sold kinds, the sale-window states, free courses and events', async () => {
    const all = await rows<{
      id: string;
      kind: string;
      tags: string[];
      category_code: string | null;
      level_code: string | null;
      is_free: boolean;
      start: string | null;
      end: string | null;
      event_series: string | null;
      thumbnail: string;
    }>(
      database,
      sql`select id, kind, tags, category_code, level_code, is_free, saleable_start_date::text as start,
                 saleable_end_date::text as "end", event_series, thumbnail from courses`,
    );
    const used = (pick: (c: (typeof all)[number]) => (string | null)[]) => new Set(all.flatMap(pick));
    const tagCodes = (await rows<{ code: string }>(database, sql`select code from content_tags`)).map(
      (t) => t.code,
    );
    expect(tagCodes).toEqual(
      expect.arrayContaining(['free', 'new', 'recommended', 'popular', 'suggested', 'offer', 'my_purchases']),
    );
    expect(tagCodes).toEqual(expect.arrayContaining(['block_response', 'first_steps']));
    for (const tag of tagCodes) expect(used((c) => c.tags)).toContain(tag);
    expect(used((c) => [c.category_code])).toEqual(
      new Set(['ORDER', 'INVESTMENT', 'DEBTS', 'ENTREPRENEURSHIP', null]),
    );
    expect(used((c) => [c.level_code])).toEqual(new Set(['BEGINNER', 'INTERMEDIATE', 'ADVANCED', null]));
    expect(all.filter((c) => c.kind === 'COURSE').length).toBeGreaterThanOrEqual(14);

    const free = all.filter((c) => c.is_free);
    expect(free.length).toBeGreaterThanOrEqual(3);
    for (const course of free) expect(course.tags[0]).toBe('free');

    const programs = all.filter((c) => c.kind === 'PROGRAM');
    const before = programs.filter((p) => p.start && p.start > argentinaToday);
    const after = programs.filter((p) => p.end && p.end < argentinaToday);
    const inside = programs.filter(
      (p) => p.start && p.start <= argentinaToday && (!p.end || p.end >= argentinaToday),
    );
    expect(programs.length).toBeGreaterThanOrEqual(5);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(inside.length).toBeGreaterThanOrEqual(2);
    expect(programs.some((p) => p.start && !p.end)).toBe(true);
    expect(all.filter((c) => c.kind === 'PACK').length).toBeGreaterThanOrEqual(2);

    const events = all.filter((c) => c.kind === 'EVENT').map((e) => e.event_series);
    expect(events.sort()).toEqual(
      ['FINANCIAL_NEWS', 'INTERVIEWS_AND_CONSULTATIONS', 'INVESTMENT_TRENDS', 'MASTERCLASSES'].sort(),
    );
    for (const course of all) expect(course.thumbnail).toBe(`/media/thumbnails/${course.id}.webp`);
  });

  it('offers program audiences, installments and a declined-payment form', async () => {
    const programs = await rows<{ audience: string; max_installments: number; declined: string | null }>(
      database,
      sql`select audience, max_installments, declined_payment_form_url as declined from courses where kind = 'PROGRAM'`,
    );
    expect(new Set(programs.map((p) => p.audience))).toEqual(
      new Set(['ALL', 'ONLY_SUBSCRIBERS', 'ONLY_UNSUBSCRIBERS']),
    );
    expect(new Set(programs.map((p) => p.max_installments))).toEqual(new Set([1, 3, 6, 12]));
    expect(programs.some((p) => p.declined?.startsWith('https://'))).toBe(true);
  });

  it('has sections of every type, a course ending in a material, and few distinct media files', async () => {
    const endsInMaterial = await rows<{ course_id: string; type: string }>(
      database,
      sql`select distinct on (s.course_id) s.course_id, s.type from course_sections s
          join course_modules m on m.id = s.module_id
          order by s.course_id, m."order" desc, s."order" desc`,
    );
    expect(endsInMaterial.filter((r) => r.type === 'DOWNLOADABLE_MATERIAL').length).toBeGreaterThanOrEqual(1);
    const media = await rows<{ type: string; urls: string[] }>(
      database,
      sql`select type, array_agg(distinct section_url) as urls from course_sections group by type`,
    );
    const byType = Object.fromEntries(media.map((m) => [m.type, m.urls]));
    expect(byType.EMPTY).toEqual([null]);
    expect(byType.CLASS?.length).toBeLessThanOrEqual(6);
    expect(byType.CLASS?.some((u) => u.endsWith('/index.m3u8'))).toBe(true);
    expect(byType.DOWNLOADABLE_MATERIAL?.length).toBeLessThanOrEqual(5);
    const durations = await rows<{ video: string; min: number; max: number }>(
      database,
      sql`select case when section_url like '%/clase-larga.mp4' then 'larga'
                      when section_url like '%/clase-media.mp4' then 'media' else 'corta' end as video,
                 min(duration_seconds) as min, max(duration_seconds) as max
          from course_sections where type = 'CLASS' group by 1 order by 1`,
    );
    // class durations are the real lengths of the shipped videos (20-30 s; the transcribed classes'
    // 5 and 3 min, decision 0330), so a class can be watched to the end and completed
    expect(durations).toEqual([
      { video: 'corta', min: 20, max: 30 },
      { video: 'larga', min: 300, max: 300 },
      { video: 'media', min: 180, max: 180 },
    ]);
  });

  it('gives every course, program and pack an illustrated cover the web serves, at its declared size', () => {
    const covers = path.join(import.meta.dirname, '../../../../web/public/covers');
    for (const course of demoCatalog.courses) {
      const { cover } = course as {
        cover?: { src: string; width: number; height: number; srcset: { src: string; width: number }[] };
      };
      expect(cover, course.id).toBeDefined();
      if (!cover) continue;
      expect(cover.srcset.map((s) => s.width)).toEqual([320, 640, 960]);
      expect(cover.srcset.at(-1)).toEqual({ src: cover.src, width: cover.width });
      for (const size of cover.srcset) {
        // a WebP (RIFF, VP8): its frame size is in the file's first bytes
        const file = readFileSync(path.join(covers, size.src.replace(/^\/covers\//, '')));
        expect(file.toString('latin1', 8, 16)).toBe('WEBPVP8 ');
        expect(file.readUInt16LE(26) & 0x3fff).toBe(size.width);
        expect(file.readUInt16LE(28) & 0x3fff).toBe((size.width * cover.height) / cover.width);
      }
      // the hand-drawn source: small, and without any text (no category or title baked in)
      const svg = readFileSync(path.join(covers, `${course.id}.svg`), 'utf8');
      expect(svg.length).toBeLessThan(8192);
      expect(svg).toContain('viewBox="0 0 640 360"');
      expect(svg).not.toMatch(/<text|<tspan/);
    }
  });

  it('gives every category and level a WCAG AA contrast, and refuses one without it', async () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    for (const style of [...demoCatalog.categories, ...demoCatalog.levels]) {
      expect(contrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
    const doc = demo();
    doc.levels[1] = {
      code: 'INTERMEDIATE',
      label: 'Intermedio',
      color: '#777777',
      backgroundColor: '#FFFFFF',
    };
    expect(() => parseContentFile(doc)).toThrow(/levels\[1\]\.color: Contraste 4\.48:1/);
  });
});

describe('importContent updates', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importContent(database.db, demoCatalog, { today });
  });
  afterAll(() => database.close());

  it('updates a renamed course and only that course', async () => {
    const doc = demo();
    const course = doc.courses[3];
    if (!course) throw new Error('the demo has a fourth course');
    course.name = 'Finanzas en pareja (nueva edición)';
    const result = await importContent(database.db, doc, { today });
    expect(result.courses).toMatchObject({ inserted: 0, updated: 1 });
    expect(changes(result)).toBe(1);
    const [row] = await rows<{ name: string }>(
      database,
      sql`select name from courses where id = ${course.id}`,
    );
    expect(row?.name).toBe('Finanzas en pareja (nueva edición)');
  });

  it('deletes a section the file no longer lists and recounts the classes', async () => {
    const doc = demo();
    const course = doc.courses.find((c) => c.id === 'primeros-pasos-finanzas');
    const [removed] = course?.modules[1]?.sections.splice(0, 1) ?? [];
    expect(removed?.type).toBe('CLASS');
    const result = await importContent(database.db, doc, { today });
    expect(result.sections.deleted).toBe(1);
    const left = await rows(database, sql`select 1 from course_sections where id = ${removed?.id ?? ''}`);
    expect(left).toHaveLength(0);
    const [row] = await rows<{ classes_amount: number }>(
      database,
      sql`select classes_amount from courses where id = 'primeros-pasos-finanzas'`,
    );
    expect(row?.classes_amount).toBe(6);
  });

  it('rewrites FAQs and pack items to the file, and imports a partial file against stored codes', async () => {
    const result = await importContent(
      database.db,
      {
        formatVersion: 1,
        courses: [
          {
            id: 'pack-orden-y-deudas',
            kind: 'PACK',
            name: 'Pack Orden y Deudas',
            category: 'DEBTS',
            tags: ['popular'],
            price: 50_000,
            items: ['presupuesto-mensual', 'programa-chau-deudas'],
            faqs: [{ question: '¿Qué incluye?', answer: 'Un programa y un curso.' }],
          },
        ],
      },
      { today },
    );
    expect(result.packItems).toMatchObject({ deleted: 1, updated: 2 });
    expect(result.faqs).toMatchObject({ deleted: 2, inserted: 1 });
    const items = await rows<{ item_id: string }>(
      database,
      sql`select item_id from pack_items where pack_id = 'pack-orden-y-deudas' order by position`,
    );
    expect(items.map((i) => i.item_id)).toEqual(['presupuesto-mensual', 'programa-chau-deudas']);
  });
});

describe('importContent refusals', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('refuses an unknown category, naming its path, and writes nothing', async () => {
    const doc = demo();
    const course = doc.courses[3];
    if (course) course.category = 'CRYPTO';
    const error = await refusal(importContent(database.db, doc, { today }));
    expect(error.problems).toEqual([
      { path: 'courses[3].category', message: 'No existe la categoría "CRYPTO"' },
    ]);
    expect((await tableCounts(database))?.courses).toBe(0);
  });

  it('names the path of a malformed section', async () => {
    const doc = demo();
    const section = doc.courses[4]?.modules[0]?.sections[2] as { type: string };
    section.type = 'VIDEO';
    const error = await refusal(importContent(database.db, doc, { today }));
    expect(error.problems.map((p) => p.path)).toEqual(['courses[4].modules[0].sections[2].type']);
    expect(error.message).toContain('courses[4].modules[0].sections[2].type');
  });

  it('refuses a pack whose item does not exist', async () => {
    const doc = demo();
    const index = doc.courses.findIndex((c) => c.kind === 'PACK');
    doc.courses[index]?.items?.push('curso-que-no-existe');
    const error = await refusal(importContent(database.db, doc, { today }));
    expect(error.problems).toEqual([
      { path: `courses[${index}].items[3]`, message: 'No existe el contenido "curso-que-no-existe"' },
    ]);
  });

  it('refuses money with more than two decimals and a material of another file type', () => {
    const doc = demo();
    const index = doc.courses.findIndex((c) => c.kind === 'PROGRAM');
    (doc.courses[index] as { price: number }).price = 10.005;
    (doc.courses[0]?.modules[0]?.sections[2] as { mimeType: string }).mimeType = 'image/png';
    const paths = problemPaths(() => parseContentFile(doc));
    expect(paths.sort()).toEqual(['courses[0].modules[0].sections[2].mimeType', `courses[${index}].price`]);
  });

  it('refuses a cover without a size, at an address of another site or with its sizes out of order', () => {
    const doc = demo();
    const [a, b, c] = doc.courses as { cover: Record<string, unknown> }[];
    if (a) delete a.cover.height;
    if (b) b.cover = { ...b.cover, src: 'http://otro-sitio.example/portada.webp', srcset: [] };
    // 640 before 320
    if (c) {
      const [small, medium, large] = c.cover.srcset as unknown[];
      c.cover.srcset = [medium, small, large];
    }
    const paths = problemPaths(() => parseContentFile(doc));
    expect(paths.sort()).toEqual([
      'courses[0].cover.height',
      'courses[1].cover.src',
      'courses[2].cover.srcset',
    ]);
  });

  it('refuses an id used twice, naming both places', () => {
    const doc = demo();
    const [a, b] = doc.courses;
    (b?.modules[0] as { id: string }).id = a?.modules[0]?.id ?? '';
    expect(() => parseContentFile(doc)).toThrow(
      /courses\[1\]\.modules\[0\]\.id: "primeros-pasos-finanzas-m1" ya está en courses\[0\]\.modules\[0\]\.id/,
    );
  });
});

describe('sale dates relative to the import day', () => {
  it('resolves "today±n" against the Argentina date of the given instant', () => {
    expect(resolveSaleDate('today', argentinaToday)).toBe('2026-02-28');
    expect(resolveSaleDate('today+1', argentinaToday)).toBe('2026-03-01');
    expect(resolveSaleDate('today-10', argentinaToday)).toBe('2026-02-18');
    expect(resolveSaleDate('2026-12-31', argentinaToday)).toBe('2026-12-31');
  });

  it('stores the resolved dates: late on Feb 28 in Buenos Aires is still Feb 28', async () => {
    const database = await createTestDatabase();
    try {
      await importContent(
        database.db,
        {
          formatVersion: 1,
          courses: [
            {
              id: 'programa-fechas',
              kind: 'PROGRAM',
              name: 'Programa de prueba',
              price: 1234.5,
              saleableStartDate: 'today',
              saleableEndDate: 'today+1',
            },
          ],
        },
        { today },
      );
      const [row] = await rows<{ start: string; end: string; price_centavos: number }>(
        database,
        sql`select saleable_start_date::text as start, saleable_end_date::text as "end", price_centavos
            from courses where id = 'programa-fechas'`,
      );
      expect(row).toEqual({ start: '2026-02-28', end: '2026-03-01', price_centavos: 123_450 });
    } finally {
      await database.close();
    }
  });

  it('refuses a window that ends before it starts', () => {
    const doc = { formatVersion: 1, courses: [{ id: 'p', kind: 'PROGRAM', name: 'P', price: 1 }] };
    const bad = {
      ...doc,
      courses: [{ ...doc.courses[0], saleableStartDate: 'today', saleableEndDate: 'today-1' }],
    };
    return expect(importContent({} as never, bad, { today })).rejects.toThrow(
      /courses\[0\]\.saleableEndDate/,
    );
  });
});

describe('the demo seed', () => {
  it('loads the demo catalogue with the accounts', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDemoData(database.db)).toBe(true);
      expect((await tableCounts(database))?.courses).toBe(demoCatalog.courses.length);
    } finally {
      await database.close();
    }
  });
});

describe('a large catalogue', () => {
  it('imports thousands of courses in batches and re-imports them without changes', async () => {
    const database = await createTestDatabase();
    try {
      const courses = Array.from({ length: 2000 }, (_, c) => ({
        id: `curso-${c}`,
        kind: 'COURSE',
        name: `Curso ${c}`,
        modules: Array.from({ length: 3 }, (_, m) => ({
          id: `curso-${c}-m${m}`,
          name: `Módulo ${m}`,
          sections: Array.from({ length: 4 }, (_, s) => ({
            id: `curso-${c}-m${m}-s${s}`,
            name: `Clase ${s}`,
            type: 'CLASS',
            duration: 60,
            sectionUrl: '/media/videos/bienvenida.mp4',
          })),
        })),
      }));
      const document = { formatVersion: 1, courses };
      const result = await importContent(database.db, document, { today });
      expect(result.sections.inserted).toBe(24_000);
      expect(changes(await importContent(database.db, document, { today }))).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
