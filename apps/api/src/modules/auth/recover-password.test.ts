import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodPassword,
  latestCode,
  latestMail,
  login,
  newSession,
  register,
  uniqueEmail,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { issueCode } from './verification-codes';

const forgot = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/forgotPassword', payload: { email } });
const confirm = (t: TestApp, email: string, password: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/confirmPassword', payload: { email, password, code } });

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  async function verifiedAccount() {
    const { email, credentials } = await newSession(t.app);
    const code = await latestCode(t.app, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/validateAccount',
      payload: { email, validationCode: code },
    });
    return { email, credentials };
  }

  it('answers EMAIL_NOT_FOUND and UNVERIFIED_ACCOUNT', async () => {
    const unknown = await forgot(t, uniqueEmail('nadie'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().internalCode).toBe('EMAIL_NOT_FOUND');
    const email = uniqueEmail();
    await register(t.app, { email });
    const unverified = await forgot(t, email);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      internalCode: 'UNVERIFIED_ACCOUNT',
      message: 'Primero debes validar tu email.',
    });
  });

  it('mails a code and a /recover link; the code sets a new password and ends every session', async () => {
    const { email, credentials } = await verifiedAccount();
    expect((await forgot(t, email)).statusCode).toBe(200);
    const mail = await latestMail(t.app, email);
    expect(mail?.subject).toBe('Recuperá tu contraseña de Alcancía');
    expect(mail?.text).toMatch(/\/recover\?email=[^&]+&validationCode=\d{6}/);
    const code = await latestCode(t.app, email);

    expect((await confirm(t, email, 'NuevaClave9', code)).statusCode).toBe(200);
    expect((await login(t.app, email, goodPassword)).statusCode).toBe(401);
    expect((await login(t.app, email, 'NuevaClave9')).statusCode).toBe(200);
    const oldSession = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: credentials.refreshToken },
    });
    expect(oldSession.statusCode).toBe(401);
    // single use
    expect((await confirm(t, email, 'OtraClave99', code)).json().internalCode).toBe(
      'INVALID_VERIFICATION_CODE',
    );
  });

  it('refuses a wrong code and a weak password', async () => {
    const { email } = await verifiedAccount();
    await forgot(t, email);
    const code = await latestCode(t.app, email);
    const wrong = await confirm(t, email, 'NuevaClave9', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().internalCode).toBe('INVALID_VERIFICATION_CODE');
    const weak = await confirm(t, email, 'corta', code);
    expect(weak.json().internalCode).toBe('PASSWORD_NOT_VALID');
  });
});

describe('GET /api/users/credentials (login link)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('restores a session from an e-mailed code once, and verifies the address', async () => {
    const email = uniqueEmail();
    const { userId } = (await register(t.app, { email })).json();
    const code = await issueCode(t.database.db, t.app.codeSecret, userId, 'login_link');
    const url = `/api/users/credentials?email=${encodeURIComponent(email)}&verification_code=${code}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().userId).toBe(userId);
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(user.json().emailVerified).toBe(true);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(400);
    expect(again.json().internalCode).toBe('INVALID_VERIFICATION_CODE');
  });

  it('does not accept a validation code as a login link', async () => {
    const email = uniqueEmail();
    await register(t.app, { email });
    const code = await latestCode(t.app, email);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/credentials?email=${encodeURIComponent(email)}&verification_code=${code}`,
    });
    expect(res.statusCode).toBe(400);
  });
});
