import { type AcademyHomeAnswers, academyHomeCalls } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';

/**
 * Issue 30, "A fast first view" (decision 0230): GET /users/me/academy-home answers the academy
 * home's first calls in one, each part as the single call answers it.
 */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function together(headers: Record<string, string>): Promise<AcademyHomeAnswers> {
  const res = await get('/api/users/me/academy-home', headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as AcademyHomeAnswers;
}

async function separately(headers: Record<string, string>) {
  return Promise.all(
    academyHomeCalls.map(async (url) => {
      const res = await get(url, headers);
      return { url, status: res.statusCode, body: res.json() as unknown };
    }),
  );
}

describe('GET /api/users/me/academy-home', () => {
  it('answers each of the academy home’s calls, in order, with the status and body the call gives alone', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    // some progress of hers, so the progress part is not an empty list
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers,
      payload: {
        courseId: 'presupuesto-gratis',
        progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds: 30 },
      },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const answer = await together(headers);
    expect(answer.parts.map((part) => part.url)).toEqual([...academyHomeCalls]);
    expect(answer.parts).toEqual(await separately(headers));
    for (const part of answer.parts) expect(part.status, part.url).toBe(200);
    expect(JSON.stringify(answer.parts[5]?.body)).toContain('presupuesto-gratis');
  });

  it('answers another member her own (her user, her progress), never the first one’s', async () => {
    const ana = await newSession(t.app);
    const bea = await newSession(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: bearer(ana.credentials),
      payload: {
        courseId: 'presupuesto-gratis',
        progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds: 30 },
      },
    });
    const answer = await together(bearer(bea.credentials));
    expect(answer.parts).toEqual(await separately(bearer(bea.credentials)));
    const [bootstrap] = answer.parts;
    expect(bootstrap?.body).toMatchObject({ user: { id: bea.credentials.userId, email: bea.email } });
    const text = JSON.stringify(answer);
    expect(text).not.toContain(ana.credentials.userId);
    expect(text).not.toContain(ana.email);
    expect(JSON.stringify(answer.parts[5]?.body)).not.toContain('presupuesto-gratis');
  });

  it('is refused without a session or with a bad token (401), as the single calls are', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const res = await get('/api/users/me/academy-home', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ internalCode: expect.any(String) });
    }
  });
});

/**
 * Issue 40 (decision 0264): the one request runs the seven calls and counts as the seven against
 * the academy home's budget (here 14 a minute per account: two homes, or one home and seven calls).
 */
describe('GET /api/users/me/academy-home and the rate limit', () => {
  it('counts each of its parts as a call: a third home in the minute is refused as a whole, as an eighth single call after a home is', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ACADEMY_HOME_MAX: '14' });
    try {
      await seedCatalogWithStructures(limited.app);
      const call = (url: string, headers: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url, headers });

      const ana = bearer((await newSession(limited.app)).credentials);
      expect((await call('/api/users/me/academy-home', ana)).statusCode).toBe(200);
      expect((await call('/api/users/me/academy-home', ana)).statusCode).toBe(200);
      const third = await call('/api/users/me/academy-home', ana);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ internalCode: 'TOO_MANY_REQUESTS' });
      expect((await call('/api/academy/filters', ana)).statusCode).toBe(429);

      // another account has her own budget: one home and seven single calls fill it
      const bea = bearer((await newSession(limited.app)).credentials);
      expect((await call('/api/users/me/academy-home', bea)).statusCode).toBe(200);
      for (const url of academyHomeCalls) expect((await call(url, bea)).statusCode, url).toBe(200);
      expect((await call('/api/academy/events', bea)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
