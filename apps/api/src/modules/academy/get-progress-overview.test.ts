import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { nextSectionToWatch } from './get-progress-overview';

describe('nextSectionToWatch', () => {
  const sections = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
  const next = (last: string | null, done: string[]) => nextSectionToWatch(sections, last, new Set(done))?.id;

  it('resumes the last viewed section while it is not complete', () => {
    expect(next('b', ['a'])).toBe('b');
  });
  it('goes on to the first section not complete after a completed last one', () => {
    expect(next('b', ['a', 'b', 'c'])).toBe('d');
  });
  it('comes back to the first one not complete when everything after is done', () => {
    expect(next('d', ['a', 'c', 'd'])).toBe('b');
  });
  it('starts at the first section without a last viewed one, and is null when all are done', () => {
    expect(next(null, [])).toBe('a');
    expect(next('a', ['a', 'b', 'c', 'd'])).toBeUndefined();
  });
});

describe('GET /academy/content/progress continue_watching', () => {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);
  const save = (headers: Record<string, string>, sectionId: string, seconds: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers,
      payload: { courseId: 'presupuesto-gratis', progress: { moduleId: 'pg-m1', sectionId, seconds } },
    });
  const overview = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/academy/content/progress', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('is empty before she starts anything', async () => {
    const { credentials } = await newSession(t.app);
    expect((await overview(bearer(credentials))).continue_watching).toEqual([]);
  });

  it('names a started course and the class to watch next, then drops it once finished', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    expect((await save(headers, 'pg-s1', 30)).statusCode).toBe(200);
    const [item] = (await overview(headers)).continue_watching;
    expect(item).toMatchObject({
      course_id: 'presupuesto-gratis',
      name: 'Tu primer presupuesto',
      section_id: 'pg-s1',
      section_name: 'Clase pg-s1',
    });
    expect(Number.isNaN(Date.parse(item.last_viewed_at))).toBe(false);

    // The class is complete: the next one is the material after it.
    await save(headers, 'pg-s1', 100);
    expect((await overview(headers)).continue_watching[0]).toMatchObject({ section_id: 'pg-s2' });
  });
});
