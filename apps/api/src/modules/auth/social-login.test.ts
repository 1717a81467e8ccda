import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, login, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** Plays the browser: our start URL → the provider (mock) → back to /login?code&state. */
async function providerRoundTrip(t: TestApp, provider: 'google' | 'facebook') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/users/socialLogin/start?provider=${provider}`,
  });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(String(atProvider.headers.get('location')));
  expect(back.pathname).toBe('/login');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', cookie };
}

const exchange = (t: TestApp, p: { code: string; state: string; cookie: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/socialLogin?code=${encodeURIComponent(p.code)}&state=${encodeURIComponent(p.state)}&channel=web`,
    headers: { cookie: p.cookie },
  });

describe('social login through the local OIDC mock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('advertises both providers with a start address', async () => {
    for (const name of ['SOCIAL_LOGIN_GOOGLE', 'SOCIAL_LOGIN_FACEBOOK']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/service-control/${name}` });
      expect(res.json()).toMatchObject({
        name,
        enabled: true,
        resource: expect.stringContaining('/api/users/socialLogin/start'),
      });
    }
  });

  it('creates a verified account on the first Google login and finds it again on the next', async () => {
    const email = uniqueEmail('google');
    t.app.socialLogin.mock?.setNextIdentity({ sub: `g-${email}`, email, name: 'Gabriela Google' });
    const first = await exchange(t, await providerRoundTrip(t, 'google'));
    expect(first.statusCode).toBe(200);
    const credentials = first.json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    expect(me.json()).toMatchObject({
      email,
      name: 'Gabriela Google',
      emailVerified: true,
      countryCode: null,
      // her first social login: the onboarding's questions come next (issue 30)
      interestsPending: true,
    });

    t.app.socialLogin.mock?.setNextIdentity({ sub: `g-${email}`, email, name: 'Gabriela Google' });
    const second = await exchange(t, await providerRoundTrip(t, 'google'));
    expect(second.json().userId).toBe(credentials.userId);
  });

  it('links Facebook to an existing account with the same verified e-mail', async () => {
    const email = uniqueEmail('facebook');
    const { userId } = (await register(t.app, { email })).json();
    // Whoever registered the address (never verified) may not be its owner: their session and
    // password must not survive the owner proving the address through the provider.
    const earlier = (await login(t.app, email)).json();
    t.app.socialLogin.mock?.setNextIdentity({ sub: `fb-${email}`, email, name: 'Flor' });
    const res = await exchange(t, await providerRoundTrip(t, 'facebook'));
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(userId);
    expect((await login(t.app, email)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: earlier.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from social_identities where user_id = ${userId} and provider = 'facebook'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('never links an unverified provider e-mail to an existing account', async () => {
    const email = uniqueEmail('victima');
    await register(t.app, { email });
    await latestCode(t.app, email);
    t.app.socialLogin.mock?.setNextIdentity({ sub: 'attacker', email, name: 'X', emailVerified: false });
    const res = await exchange(t, await providerRoundTrip(t, 'google'));
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('refuses a state that does not match the browser that started the login', async () => {
    const trip = await providerRoundTrip(t, 'google');
    const res = await exchange(t, { ...trip, state: 'otro-estado' });
    expect(res.json().internalCode).toBe('SOCIAL_LOGIN_FAILED');
    const noCookie = await exchange(t, { ...trip, cookie: '' });
    expect(noCookie.json().internalCode).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('refuses a code the provider does not accept', async () => {
    const trip = await providerRoundTrip(t, 'google');
    const res = await exchange(t, { ...trip, code: 'codigo-inventado' });
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('SOCIAL_LOGIN_FAILED');
  });
});

describe('social login switched off by the operator', () => {
  it('reports the provider disabled and without resource', async () => {
    const t = await createTestApp();
    await t.database.db.execute(sql`insert into service_controls (name, enabled) values ('SOCIAL_LOGIN_GOOGLE', false)
      on conflict (name) do update set enabled = false`);
    const res = await t.app.inject({ method: 'GET', url: '/api/service-control/SOCIAL_LOGIN_GOOGLE' });
    expect(res.json()).toEqual({
      name: 'SOCIAL_LOGIN_GOOGLE',
      enabled: false,
      resource: null,
      reference: null,
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/service-control/NO_EXISTE' });
    expect(unknown.statusCode).toBe(404);
    await t.close();
  });

  it('sends a browser that starts an unavailable provider back to the login page, not to a JSON error', async () => {
    const t = await createTestApp();
    try {
      const providers = t.app.socialLogin.providers as Record<string, unknown>;
      delete providers.facebook;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/socialLogin/start?provider=facebook',
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=unavailable&state=none');
    } finally {
      await t.close();
    }
  });
});
