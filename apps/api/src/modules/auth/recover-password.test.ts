import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodPassword,
  latestCode,
  latestMail,
  login,
  mailsTo,
  newSession,
  register,
  uniqueEmail,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
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

  /** An account made by a social login: validated, no password. */
  async function socialOnlyAccount() {
    const email = uniqueEmail('social');
    await t.database.db.insert(users).values({
      email,
      name: 'Sofía Social',
      origin: 'social',
      emailVerifiedAt: new Date(),
    });
    return email;
  }

  it('answers the same for an unknown, an unvalidated, a validated and a social-only address (issue 40)', async () => {
    const unvalidated = uniqueEmail('sinvalidar');
    await register(t.app, { email: unvalidated });
    const { email: validated } = await verifiedAccount();
    const addresses = [uniqueEmail('nadie'), unvalidated, validated, await socialOnlyAccount()];
    const answers = [];
    for (const email of addresses) {
      const res = await forgot(t, email);
      answers.push({ status: res.statusCode, body: res.json() });
      // asked again at once: the code cooldown of a known account must not tell it apart either
      const again = await forgot(t, email);
      answers.push({ status: again.statusCode, body: again.json() });
    }
    expect(answers).toEqual(Array(8).fill({ status: 200, body: { ok: true } }));
  });

  it('mails a reset code to a validated or social-only account, a validation link to an unvalidated one, nothing to an unknown address', async () => {
    const unknown = uniqueEmail('nadie');
    expect((await forgot(t, unknown)).statusCode).toBe(200);
    expect(await mailsTo(t.app, unknown)).toEqual([]);

    const { email: validated } = await verifiedAccount();
    expect((await forgot(t, validated)).statusCode).toBe(200);
    expect((await latestMail(t.app, validated))?.subject).toBe('Recuperá tu contraseña de Alcancía');

    const social = await socialOnlyAccount();
    expect((await forgot(t, social)).statusCode).toBe(200);
    const socialMails = await mailsTo(t.app, social);
    expect(socialMails.map((mail) => mail.subject)).toEqual(['Recuperá tu contraseña de Alcancía']);
    const socialCode = await latestCode(t.app, social);
    expect((await confirm(t, social, 'NuevaClave9', socialCode)).statusCode).toBe(200);
    expect((await login(t.app, social, 'NuevaClave9')).statusCode).toBe(200);

    // unvalidated: registered more than the 30-second code cooldown ago, so a fresh link goes out
    const unvalidated = uniqueEmail('sinvalidar');
    await register(t.app, { email: unvalidated });
    await t.database.db.execute(
      sql`update verification_codes set created_at = now() - interval '1 minute' where user_id = (select id from users where email = ${unvalidated})`,
    );
    expect((await forgot(t, unvalidated)).statusCode).toBe(200);
    // the registration's mail, then a fresh validation link: no reset code
    expect((await mailsTo(t.app, unvalidated)).map((mail) => mail.subject)).toEqual([
      'Validá tu cuenta de Alcancía',
      'Validá tu cuenta de Alcancía',
    ]);
    const validationCode = await latestCode(t.app, unvalidated);
    const validation = await t.app.inject({
      method: 'POST',
      url: '/api/users/validateAccount',
      payload: { email: unvalidated, validationCode },
    });
    expect(validation.statusCode).toBe(200);
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
