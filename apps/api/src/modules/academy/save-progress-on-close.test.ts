import type { Credentials } from '@alcancia/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { insertCatalogFixture, insertCourseStructureFixture } from '../../../test/catalog-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** An access token for `userId` that expired a minute ago, signed with `secret`. */
const expiredToken = (userId: string, secret = 'test-secret-that-is-long-enough-0123456789') =>
  new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(secret));

describe('the last progress save of a closing page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCatalogFixture(t.database.db);
    await insertCourseStructureFixture(t.database.db);
  });
  afterAll(() => t.close());

  const write = (seconds: number) => ({
    courseId: 'presupuesto-gratis',
    progress: { moduleId: 'pg-m1', sectionId: 'pg-s1', seconds },
  });
  const onClose = (refreshToken: string, seconds: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/progress/on-close',
      payload: { ...write(seconds), refreshToken },
    });
  const viewed = async (credentials: Credentials) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/academy/progress/presupuesto-gratis',
        headers: bearer(credentials),
      })
    ).json().in_progress_modules?.['pg-m1']?.sections?.['pg-s1']?.viewed_seconds ?? 0;

  it('with an expired access token the usual save is refused; the live session’s save is kept', async () => {
    const { credentials } = await newSession(t.app);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: { authorization: `Bearer ${await expiredToken(credentials.userId)}` },
      payload: write(40),
    });
    expect(stale.statusCode).toBe(401);

    const saved = await onClose(credentials.refreshToken, 40);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sectionId: 'pg-s1', viewed_seconds: 40 });
    expect(await viewed(credentials)).toBe(40);
    // The refresh token was not rotated: it still renews the session.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: credentials.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('a logged-out or rotated session cannot write, and a session writes only its own user’s progress', async () => {
    const a = (await newSession(t.app)).credentials;
    const b = (await newSession(t.app)).credentials;
    expect((await onClose(b.refreshToken, 70)).statusCode).toBe(200);
    expect(await viewed(a)).toBe(0);
    expect(await viewed(b)).toBe(70);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: b.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const old = await onClose(b.refreshToken, 90);
    expect(old.statusCode).toBe(401);
    expect(old.json().internalCode).toBe('INVALID_REFRESH_TOKEN');

    await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      payload: { refreshToken: a.refreshToken },
    });
    expect((await onClose(a.refreshToken, 90)).statusCode).toBe(401);
    expect((await onClose('not-a-token', 90)).statusCode).toBe(401);
    expect(await viewed(b)).toBe(70);
  });

  it('refuses a token signed with another key on the usual save', async () => {
    const { credentials } = await newSession(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers: {
        authorization: `Bearer ${await new SignJWT({ typ: 'access' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(credentials.userId)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('another-key-that-is-long-enough-000000000'))}`,
      },
      payload: write(50),
    });
    expect(forged.statusCode).toBe(401);
    expect(await viewed(credentials)).toBe(0);
  });
});
