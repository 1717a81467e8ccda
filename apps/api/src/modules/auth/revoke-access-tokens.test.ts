import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, goodPassword, login, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { applyRevocationNotice, createAccessTokens } from '../../plugins/authentication';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
const ana = '2f1d8a34-5c6e-4b7a-9d0e-1f2a3b4c5d6e';
const eva = '7a1d8a34-5c6e-4b7a-9d0e-1f2a3b4c5d6f';

describe('refusing access tokens before they expire', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses every token of a revoked user, and only hers', async () => {
    const tokens = createAccessTokens(secret, 900);
    const hers = await tokens.sign(ana, 'session-1');
    const old = await tokens.sign(ana);
    const other = await tokens.sign(eva, 'session-2');
    expect(tokens.verify(hers)).toBe(ana);
    tokens.revoke({ userId: ana });
    expect(tokens.verify(hers)).toBeNull();
    expect(tokens.verify(old)).toBeNull();
    expect(tokens.verify(other)).toBe(eva);
  });

  it('refuses the tokens of the sessions named, not the others of the same user', async () => {
    const tokens = createAccessTokens(secret, 900);
    const kept = await tokens.sign(ana, 'session-kept');
    const ended = await tokens.sign(ana, 'session-ended');
    tokens.revoke({ userId: ana, sessionIds: ['session-ended'] });
    expect(tokens.verifySession(kept)).toMatchObject({ sub: ana, sid: 'session-kept' });
    expect(tokens.verify(ended)).toBeNull();
  });

  it('forgets a revocation once the tokens it covered have expired', async () => {
    const tokens = createAccessTokens(secret, 60);
    tokens.revoke({ userId: ana });
    vi.useFakeTimers({ now: Date.now() + 62_000 });
    expect(tokens.verify(await tokens.sign(ana))).toBe(ana);
  });

  it('reads the notices of the sessions channel and ignores anything else', async () => {
    const tokens = createAccessTokens(secret, 900);
    const token = await tokens.sign(ana, 's1');
    applyRevocationNotice(tokens, 'not json');
    applyRevocationNotice(tokens, JSON.stringify({ sessionIds: ['s1'] }));
    expect(tokens.verify(token)).toBe(ana);
    applyRevocationNotice(tokens, JSON.stringify({ userId: ana, sessionIds: ['s1'] }));
    expect(tokens.verify(token)).toBeNull();
  });
});

describe('another API process on the same database', () => {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

  it('refuses the other sessions after a password change and a deleted account’s tokens at once', async () => {
    const other = await buildApp({
      config: testConfig({ RATE_LIMIT_ENABLED: 'false' }),
      database: t.database,
      logger: false,
    });
    try {
      await other.ready();
      const { email, credentials: mine } = await newSession(t.app);
      const second = (await login(t.app, email)).json();
      const me = (headers: { authorization: string }) =>
        other.inject({ method: 'GET', url: '/api/users', headers });
      expect((await me(bearer(second))).statusCode).toBe(200);

      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: bearer(mine),
        payload: { currentPassword: goodPassword, newPassword: 'NuevaClave9' },
      });
      expect(changed.statusCode).toBe(200);
      await vi.waitFor(async () => expect((await me(bearer(second))).statusCode).toBe(401));
      expect((await me(bearer(mine))).statusCode).toBe(200);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: bearer(mine),
        payload: { password: 'NuevaClave9' },
      });
      expect(deleted.statusCode).toBe(204);
      await vi.waitFor(async () => expect((await me(bearer(mine))).statusCode).toBe(401));
    } finally {
      await other.close();
    }
  }, 60_000);
});
