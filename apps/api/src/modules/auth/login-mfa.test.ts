import type { Credentials } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { login, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { createTestOperator, operatorLogin, totpCode } from '../../../test/operators';
import { refreshTokens, users } from '../../db/schema';
import { operatorSession } from './sessions';

const t = testAppForFile(() => createTestApp());

const passwordStep = async (email: string) => {
  const res = await login(t.app, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { mfaRequired?: true; mfaToken?: string; accessToken?: string };
};
const mfaStep = (mfaToken: string, code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/login/mfa', payload: { mfaToken, code }, remoteAddress });
const adminMe = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${accessToken}` } });

describe('operator login: password, then the second factor (issue 18)', () => {
  it('a learner gets her tokens from the password alone; an operator gets a challenge instead', async () => {
    const { email } = await newSession(t.app);
    const learner = await passwordStep(email);
    expect(learner.accessToken).toBeTruthy();
    expect(learner.mfaRequired).toBeUndefined();

    const operator = await createTestOperator(t.app, 'support');
    const challenge = await passwordStep(operator.email);
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(challenge.accessToken).toBeUndefined();
    // a wrong password answers as it does for everyone
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: operator.email, password: 'NoEsLaClave1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().internalCode).toBe('INVALID_CREDENTIALS');
  });

  it('the right code gives an operator session: access 10 minutes, idle 30, and it opens /api/admin', async () => {
    const operator = await createTestOperator(t.app, 'admin');
    const { mfaToken } = await passwordStep(operator.email);
    const res = await mfaStep(mfaToken as string, await totpCode(operator.secret));
    expect(res.statusCode, res.body).toBe(200);
    const credentials = res.json() as Credentials;
    const claims = decodeJwt(credentials.accessToken);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(operatorSession.accessTtlSeconds);
    expect(claims.mfa).toBe(true);
    const [row] = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, operator.userId));
    expect(row?.mfa).toBe(true);
    const idleMs = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(idleMs).toBeGreaterThan(29 * 60_000);
    expect(idleMs).toBeLessThanOrEqual(30 * 60_000);

    const me = await adminMe(credentials.accessToken);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: operator.email, role: 'admin', recoveryCodesLeft: 10 });

    // a refresh keeps it an operator session, as short as before
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: credentials.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json() as Credentials;
    expect(decodeJwt(next.accessToken).mfa).toBe(true);
    expect((await adminMe(next.accessToken)).statusCode).toBe(200);
  });

  it('a wrong code, a used code and a stale challenge are refused', async () => {
    const operator = await createTestOperator(t.app, 'support');
    const { mfaToken } = await passwordStep(operator.email);
    const wrong = await mfaStep(mfaToken as string, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().internalCode).toBe('INVALID_MFA_CODE');

    const code = await totpCode(operator.secret);
    expect((await mfaStep(mfaToken as string, code)).statusCode).toBe(200);
    // the same code again (a replay, or a shoulder-surfed code): refused
    const again = await passwordStep(operator.email);
    const replay = await mfaStep(again.mfaToken as string, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().internalCode).toBe('INVALID_MFA_CODE');

    const forged = await mfaStep('eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJtZmEifQ.x', code);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().internalCode).toBe('MFA_TOKEN_EXPIRED');
    // an access token is no challenge
    const learner = await newSession(t.app);
    const notAChallenge = await mfaStep(learner.credentials.accessToken, code);
    expect(notAChallenge.json().internalCode).toBe('MFA_TOKEN_EXPIRED');
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const operator = await createTestOperator(t.app, 'editor');
    const [first] = operator.recoveryCodes as [string];
    const { mfaToken } = await passwordStep(operator.email);
    const res = await mfaStep(mfaToken as string, first.toLowerCase().replace('-', ' '));
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminMe((res.json() as Credentials).accessToken)).json().recoveryCodesLeft).toBe(9);

    const again = await passwordStep(operator.email);
    const reused = await mfaStep(again.mfaToken as string, first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().internalCode).toBe('INVALID_MFA_CODE');
  });

  it('ten tries per operator in 15 minutes, from any address: the eleventh is 429', async () => {
    const operator = await createTestOperator(t.app, 'support');
    const { mfaToken } = await passwordStep(operator.email);
    for (let i = 0; i < 10; i++) {
      const res = await mfaStep(mfaToken as string, '111111', `10.18.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await mfaStep(mfaToken as string, await totpCode(operator.secret), '10.18.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().internalCode).toBe('TOO_MANY_REQUESTS');
    // another operator keeps her own budget
    const other = await createTestOperator(t.app, 'support');
    expect((await operatorLogin(t.app, other)).accessToken).toBeTruthy();
  });

  it('forged challenges naming an operator do not lock her out (issue 29)', async () => {
    const operator = await createTestOperator(t.app, 'admin');
    const forgedKey = new TextEncoder().encode('not-the-server-key-0123456789-abcdef');
    const forged = await new SignJWT({ typ: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(operator.userId)
      .setIssuedAt()
      .setExpirationTime('300s')
      .sign(forgedKey);
    for (let i = 0; i < 12; i++) {
      const res = await mfaStep(forged, '111111', `10.29.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().internalCode).toBe('MFA_TOKEN_EXPIRED');
    }
    // an unsigned one naming her, too
    const unsigned = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ typ: 'mfa', sub: operator.userId })).toString('base64url')}.x`;
    expect((await mfaStep(unsigned, '111111', '10.29.1.1')).statusCode).toBe(401);
    expect((await operatorLogin(t.app, operator)).accessToken).toBeTruthy();
  });

  it('one address has its own budget for every try, forged or not; other addresses keep theirs', async () => {
    const operator = await createTestOperator(t.app, 'support');
    for (let i = 0; i < 100; i++) {
      const res = await mfaStep('eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJtZmEifQ.x', '111111', '10.29.2.1');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await mfaStep('eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJtZmEifQ.x', '111111', '10.29.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().internalCode).toBe('TOO_MANY_REQUESTS');
    const { mfaToken } = await passwordStep(operator.email);
    const elsewhere = await mfaStep(mfaToken as string, await totpCode(operator.secret), '10.29.3.1');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it("an operator's session from another path (no second factor) does not open /api/admin", async () => {
    const operator = await createTestOperator(t.app, 'admin');
    // a role given to an account with a live learner session, or a login link: no `mfa` claim
    const { credentials } = await newSession(t.app);
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, credentials.userId));
    const res = await adminMe(credentials.accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().internalCode).toBe('FORBIDDEN');
    // and an operator whose role is taken away loses /api/admin at once
    const session = await operatorLogin(t.app, operator);
    expect((await adminMe(session.accessToken)).statusCode).toBe(200);
    await t.app.db.update(users).set({ role: null }).where(eq(users.id, operator.userId));
    expect((await adminMe(session.accessToken)).statusCode).toBe(403);
  });
});
