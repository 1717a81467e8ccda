import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { courses } from '../../db/schema';
import { searchPhrase } from './search-catalog';

type Card = { id: string; cover?: unknown };

const cover = {
  src: '/covers/jubilacion-tranquila-640.0a1b2c3d.webp',
  width: 640,
  height: 360,
  srcset: [
    { src: '/covers/jubilacion-tranquila-320.1a2b3c4d.webp', width: 320 },
    { src: '/covers/jubilacion-tranquila-640.0a1b2c3d.webp', width: 640 },
  ],
};
const ids = (items: Card[]) => items.map((item) => item.id);

describe('search ranking (GET /academy?search=)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
    const base = { description: '', tags: [] as string[] };
    // Catalogue order (sort_order) puts the description-only matches first: the most popular and
    // the newest items of the catalogue come first in it.
    await t.database.db.insert(courses).values([
      {
        ...base,
        id: 'planifica-tu-futuro',
        kind: 'COURSE',
        name: 'Planificá tu futuro',
        description: 'Todo lo que necesitás saber sobre tu jubilación',
        sortOrder: 1,
      },
      {
        ...base,
        id: 'tu-jubilacion-paso-a-paso',
        kind: 'COURSE',
        name: 'Tu jubilación, paso a paso',
        sortOrder: 20,
      },
      {
        ...base,
        id: 'jubilacion-tranquila',
        kind: 'COURSE',
        name: 'Jubilación tranquila',
        sortOrder: 30,
        cover,
      },
      {
        ...base,
        id: 'programa-retiro',
        kind: 'PROGRAM',
        name: 'Programa Retiro',
        description: 'Jubilación y ahorro a largo plazo',
        sortOrder: 2,
        priceCentavos: 100_000,
      },
      {
        ...base,
        id: 'pack-jubilacion',
        kind: 'PACK',
        name: 'Pack Jubilación',
        sortOrder: 40,
        priceCentavos: 200_000,
      },
    ]);
  });
  afterAll(() => t.close());

  const search = async (text: string) => {
    const { credentials } = await newSession(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/academy?search=${encodeURIComponent(text)}`,
      headers: bearer(credentials),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { courses: Card[]; programs: Card[] };
  };

  it('puts a title that starts with the words first, then titles with them, then descriptions', async () => {
    const result = await search('jubilacion');
    expect(ids(result.courses)).toEqual([
      'jubilacion-tranquila',
      'tu-jubilacion-paso-a-paso',
      'planifica-tu-futuro',
    ]);
    // Programs and packs too: the pack's title beats the program's description, though the
    // program comes first in the catalogue.
    expect(ids(result.programs)).toEqual(['pack-jubilacion', 'programa-retiro']);
  });

  it('ranks the same with accents, capitals and a partial last word', async () => {
    expect(ids((await search('JUBILACIÓN tranq')).courses)).toEqual(['jubilacion-tranquila']);
    expect(ids((await search('Jubilación')).courses)).toEqual([
      'jubilacion-tranquila',
      'tu-jubilacion-paso-a-paso',
      'planifica-tu-futuro',
    ]);
    // "paso" is in one title, not at its start: a title match, still before the descriptions.
    expect(ids((await search('jubilacion paso')).courses)).toEqual(['tu-jubilacion-paso-a-paso']);
  });

  it('gives each card its cover, or null, in the search and in the catalogue', async () => {
    const result = await search('jubilacion');
    expect(result.courses[0]).toMatchObject({ id: 'jubilacion-tranquila', cover });
    expect(result.courses[1]?.cover).toBeNull();
    expect(result.programs[0]?.cover).toBeNull();
    const { credentials } = await newSession(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/academy/courses?pageSize=60',
      headers: bearer(credentials),
    });
    const listed = (res.json() as { items: Card[] }).items.find((c) => c.id === 'jubilacion-tranquila');
    expect(listed?.cover).toEqual(cover);
  });

  it('reads the words of a normalized query back as a phrase', () => {
    expect(searchPhrase('jubilacion:* & tranq:*')).toBe('jubilacion tranq');
  });
});
