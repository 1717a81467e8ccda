import type { AppHandoffRedeemResponse, AppHandoffResponse } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';

/** Issue 44 (decision 0353): the app opens the web signed in with a short-lived, single-use code. */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const ask = (
  headers: Record<string, string>,
  payload: Record<string, unknown> = { next: '/compra/suscripcion' },
) => t.app.inject({ method: 'POST', url: '/api/users/app-handoff', headers, payload });
const redeem = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/app-handoff/redeem', payload: { code } });

const refused = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    internalCode: 'APP_HANDOFF_INVALID',
    message: 'El enlace de la app venció o ya se usó. Volvé a abrirlo desde la app.',
  });
};

describe('the app-to-web hand-off', () => {
  it('the app gets a code and the specs’ deep link; the web trades it once for a session of her own, going where the app asked', async () => {
    const ana = await newSession(t.app);
    const asked = await ask(bearer(ana.credentials));
    expect(asked.statusCode, asked.body).toBe(201);
    const { code, url, expiresAt } = asked.json() as AppHandoffResponse;
    expect(code.length).toBeGreaterThanOrEqual(40);
    const link = new URL(url);
    expect(link.pathname).toBe('/deepLink');
    expect(link.searchParams.get('screen')).toBe('loginPage');
    expect(link.searchParams.get('code')).toBe(code);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);

    const first = await redeem(code);
    expect(first.statusCode, first.body).toBe(200);
    const web = first.json() as AppHandoffRedeemResponse;
    expect(web).toMatchObject({ userId: ana.credentials.userId, next: '/compra/suscripcion' });
    expect(web.refreshToken).not.toBe(ana.credentials.refreshToken);
    // the web's session works on its own
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${web.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    // single use
    refused(await redeem(code));
    // the code is kept only as its hash
    const stored = await t.app.db.execute(
      sql`select code_hash from app_handoff_codes where code_hash = ${code}`,
    );
    expect(stored.rows).toEqual([]);
  });

  it('refuses an expired code, a code whose app session ended, and an unknown one, the same way', async () => {
    const ana = await newSession(t.app);
    const expired = (await ask(bearer(ana.credentials))).json() as AppHandoffResponse;
    await t.app.db.execute(
      sql`update app_handoff_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    refused(await redeem(expired.code));

    const bea = await newSession(t.app);
    const orphan = (await ask(bearer(bea.credentials))).json() as AppHandoffResponse;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(bea.credentials),
      payload: { refreshToken: bea.credentials.refreshToken },
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    refused(await redeem(orphan.code));

    refused(await redeem('x'.repeat(43)));
  });

  it('asks for a session and a path of this site: no open redirect', async () => {
    expect((await ask({}, { next: '/novedades' })).statusCode).toBe(401);
    const ana = bearer((await newSession(t.app)).credentials);
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await ask(ana, { next });
      expect(res.statusCode, next).toBe(400);
      expect(res.json()).toMatchObject({ internalCode: 'INVALID_DATA' });
    }
    const plain = await ask(ana, {});
    const { code } = plain.json() as AppHandoffResponse;
    expect(((await redeem(code)).json() as AppHandoffRedeemResponse).next).toBe('/novedades');
  });
});
