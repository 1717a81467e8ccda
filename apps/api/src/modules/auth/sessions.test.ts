import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, goodPassword, login, newSession, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

const refresh = (t: TestApp, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/refreshToken', payload: { refreshToken } });
const me = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/users', headers });

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns credentials with token = accessToken, a refresh token and the user id', async () => {
    const email = uniqueEmail();
    const { userId } = (await register(t.app, { email })).json();
    const res = await login(t.app, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const credentials = res.json();
    expect(credentials).toEqual({
      token: credentials.accessToken,
      accessToken: expect.stringMatching(/^ey/),
      refreshToken: expect.any(String),
      userId,
    });
    const user = await me(t, bearer(credentials));
    expect(user.json()).toMatchObject({ id: userId, email, emailVerified: false, countryCode: 'AR' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const wrong = await login(t.app, email, 'Otra12345');
    const unknown = await login(t.app, uniqueEmail('nadie'), 'Otra12345');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      internalCode: 'INVALID_CREDENTIALS',
      message: 'Los datos son incorrectos. Intenta nuevamente.',
    });
  });

  it('rate-limits repeated attempts on one address with a Spanish 429, without blocking others', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(t.app, email, 'Mala12345')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await login(t.app, email, goodPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      internalCode: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/intentos/),
    });
    const other = uniqueEmail();
    await register(t.app, { email: other });
    expect((await login(t.app, other)).statusCode).toBe(200);
  });
});

describe('client address behind proxies', () => {
  const attempts = async (t: TestApp, email: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Mala12345' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For by default: a forged address does not reset the attempt counter', async () => {
    const t = await createTestApp();
    try {
      const email = uniqueEmail();
      await register(t.app, { email });
      expect((await attempts(t, email)).at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('takes the client address from the proxies named in TRUST_PROXY', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const email = uniqueEmail();
      await register(t.app, { email });
      // Each address the trusted proxy reports is a client of its own.
      expect((await attempts(t, email)).every((status) => status === 401)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('rotates the refresh token: the new one works, the old one no longer does', async () => {
    const { credentials } = await newSession(t.app);
    const first = await refresh(t, credentials.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(credentials.refreshToken);
    expect((await me(t, bearer(rotated))).statusCode).toBe(200);
    const second = await refresh(t, rotated.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused', async () => {
    const { credentials } = await newSession(t.app);
    const rotated = (await refresh(t, credentials.refreshToken)).json();
    const reuse = await refresh(t, credentials.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().internalCode).toBe('INVALID_REFRESH_TOKEN');
    // the legitimate holder of the newer token is logged out too
    expect((await refresh(t, rotated.refreshToken)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const { credentials } = await newSession(t.app);
    const results = await Promise.all([
      refresh(t, credentials.refreshToken),
      refresh(t, credentials.refreshToken),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('ends the session on logout', async () => {
    const { credentials } = await newSession(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      payload: { refreshToken: credentials.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(t, credentials.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a missing, tampered or expired access token with 401', async () => {
    const { credentials } = await newSession(t.app);
    expect((await me(t)).json().internalCode).toBe('UNAUTHORIZED');
    const tampered = `${credentials.accessToken.slice(0, -3)}abc`;
    expect((await me(t, { authorization: `Bearer ${tampered}` })).statusCode).toBe(401);
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(credentials.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1000)
      .sign(new TextEncoder().encode(t.app.config.auth.jwtSecret));
    const res = await me(t, { authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
    // …and the refresh token still renews the session, as the web does transparently
    expect((await refresh(t, credentials.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(t, { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
  });
});
