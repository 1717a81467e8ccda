import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { dayOffset, insertCatalogFixture } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { courseModules, courseSections } from '../../db/schema';

// Issue 30, "A viewer that teaches": every demo class ships Spanish WebVTT captions, given at an
// address signed like the video's, only to whoever may open the course (decision 0156).

const t = testAppForFile(createTestApp, async (app) => {
  await insertCatalogFixture(app.db);
  await app.db
    .insert(courseModules)
    .values([{ id: 'bonos-cc', courseId: 'inversion-bonos', name: 'Clases', order: 1 }]);
  const video = (id: string, order: number, sectionUrl: string) => ({
    id,
    moduleId: 'bonos-cc',
    courseId: 'inversion-bonos',
    name: `Clase ${id}`,
    order,
    type: 'CLASS' as const,
    durationSeconds: 30,
    sectionUrl,
  });
  await app.db
    .insert(courseSections)
    .values([
      video('cc-hls', 1, '/media/videos/hls/clase-tarjeta/index.m3u8'),
      video('cc-mp4', 2, '/media/videos/clase-ahorro.mp4'),
      video('cc-none', 3, 'https://videos.example.com/externa.mp4'),
    ]);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

interface SectionAnswer {
  id: string;
  captions_url: string | null;
}
async function captionsOf(url: string, headers: Record<string, string>) {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  const sections = (res.json() as { modules: { sections: SectionAnswer[] }[] }).modules.flatMap(
    (m) => m.sections,
  );
  return Object.fromEntries(sections.map((s) => [s.id, s.captions_url]));
}

async function subscriber() {
  const session = await newSession(t.app);
  await t.app.db.execute(
    sql`update users set subscription_end_date = ${dayOffset(30)}, subscription_plan_id = 'esencial' where email = ${session.email}`,
  );
  return bearer(session.credentials);
}

const signedShape = /^\/media\/s\/\d+\.[A-Za-z0-9_-]{43}\//;

describe('class captions', () => {
  it('gives a learner who may watch the class its Spanish captions at a signed address, served as text/vtt', async () => {
    const captions = await captionsOf('/api/academy/inversion-bonos', await subscriber());
    expect(captions['cc-mp4']).toMatch(signedShape);
    expect(captions['cc-mp4']).toMatch(/\/videos\/clase-ahorro\.vtt$/);
    expect(captions['cc-hls']).toMatch(/\/videos\/hls\/clase-tarjeta\/subtitulos\.vtt$/);
    // a video without shipped captions has none
    expect(captions['cc-none']).toBeNull();
    for (const id of ['cc-mp4', 'cc-hls']) {
      const res = await get(captions[id] as string);
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(res.body.startsWith('WEBVTT')).toBe(true);
      expect(res.body).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/);
    }
  });

  it('keeps a paid class’s captions from anyone else: no address in the preview, the plain or tampered address refused', async () => {
    const learner = bearer((await newSession(t.app)).credentials);
    const preview = await captionsOf('/api/academy/preview/inversion-bonos', learner);
    expect(Object.values(preview).length).toBe(3);
    expect(Object.values(preview).every((c) => c === null)).toBe(true);
    expect((await get('/media/videos/clase-ahorro.vtt')).statusCode).toBe(404);

    const signed = (await captionsOf('/api/academy/inversion-bonos', await subscriber()))['cc-mp4'] as string;
    // the captions' signature covers that file only, not its neighbour video
    expect((await get(signed.replace(/clase-ahorro\.vtt$/, 'clase-inversion.vtt'))).statusCode).toBe(403);
  });
});
