import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { goodPassword, latestMail, login } from '../../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { createTestOperator, operatorLogin, type TestOperator, totpCode } from '../../../../test/operators';
import { auditLog, users } from '../../../db/schema';

const t = testAppForFile(() => createTestApp());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Her app's code of the next time step: the login just used this one (accepted: one step of drift). */
const nextCode = (secret: string) => totpCode(secret, Math.floor(Date.now() / 1000) + 30);

async function loggedIn(role: 'admin' | 'editor' | 'support' = 'support') {
  const operator = await createTestOperator(t.app, role);
  const { accessToken } = await operatorLogin(t.app, operator);
  return { operator, headers: bearer(accessToken) };
}

const start = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/me/totp', headers, ...(payload ? { payload } : {}) });
const confirm = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/me/totp/confirm', headers, payload });
const pendingOf = async (operator: TestOperator) =>
  (await t.app.db.select().from(users).where(eq(users.id, operator.userId)))[0]?.totpPendingSecret ?? null;

interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
  enrolmentToken: string;
}

describe('replacing her second factor needs more than a session (issue 29)', () => {
  it('a session alone, a wrong password or a wrong current code start nothing', async () => {
    const { operator, headers } = await loggedIn();
    const bare = await start(headers);
    expect(bare.statusCode).toBe(400);
    const wrongPassword = await start(headers, {
      password: 'NoEsLaClave1',
      code: await nextCode(operator.secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      internalCode: 'WRONG_PASSWORD',
      message: expect.any(String),
    });
    const wrongCode = await start(headers, { password: goodPassword, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().internalCode).toBe('INVALID_MFA_CODE');
    expect(wrongCode.json().message).toMatch(/código/);
    // the code of the step her login used: already used
    const replayed = await start(headers, { password: goodPassword, code: await totpCode(operator.secret) });
    expect(replayed.statusCode).toBe(400);
    expect(await pendingOf(operator)).toBeNull();
    // nor can a session confirm anything without a started enrolment's proof
    const blind = await confirm(headers, { password: goodPassword, enrolmentToken: 'x.y.z', code: '123456' });
    expect(blind.statusCode).toBe(404);
  });

  it('password and current code: a QR, confirmed with the password again; she is mailed and it is audited', async () => {
    const { operator, headers } = await loggedIn();
    const started = await start(headers, { password: goodPassword, code: await nextCode(operator.secret) });
    expect(started.statusCode, started.body).toBe(200);
    const enrolment = started.json() as Enrolment;
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Alcanc/);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    // the sealed secret at rest is not the secret
    expect(await pendingOf(operator)).not.toContain(enrolment.secret);

    const newCode = await totpCode(enrolment.secret);
    const { enrolmentToken } = enrolment;
    expect((await confirm(headers, { enrolmentToken, code: newCode })).statusCode).toBe(400);
    const wrongPassword = await confirm(headers, { password: 'NoEsLaClave1', enrolmentToken, code: newCode });
    expect(wrongPassword.json().internalCode).toBe('WRONG_PASSWORD');
    const wrongCode = await confirm(headers, { password: goodPassword, enrolmentToken, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    const confirmed = await confirm(headers, { password: goodPassword, enrolmentToken, code: newCode });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    // the old recovery codes went with the old factor; the old app stops, the new one works
    const challenge = (await login(t.app, operator.email)).json() as { mfaToken: string };
    const oldRecovery = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfaToken: challenge.mfaToken, code: operator.recoveryCodes[0] },
    });
    expect(oldRecovery.statusCode).toBe(401);
    await expect(operatorLogin(t.app, { ...operator, secret: enrolment.secret })).resolves.toBeTruthy();
    await expect(operatorLogin(t.app, operator)).rejects.toThrow(/INVALID_MFA_CODE/);

    await t.app.mail.flush();
    const mail = await latestMail(t.app, operator.email);
    expect(mail?.subject).toBe('Cambiaste el segundo factor de tu acceso a Alcancía');
    expect(mail?.text).toContain('Si no fuiste vos');
    expect(mail?.text).not.toContain(enrolment.secret);

    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, operator.userId));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'operator.totp_enrol',
      'operator.totp_enrolment_start',
    ]);
    expect(entries.find((e) => e.action === 'operator.totp_enrolment_start')?.after).toEqual({
      provedWith: 'totp',
    });
    expect(JSON.stringify(entries)).not.toContain(enrolment.secret);
  });

  it('a lost phone: a recovery code proves it instead, once', async () => {
    const { operator, headers } = await loggedIn('editor');
    const [recovery] = operator.recoveryCodes as [string];
    const started = await start(headers, { password: goodPassword, code: recovery });
    expect(started.statusCode, started.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers });
    expect(me.json().recoveryCodesLeft).toBe(9);
    const again = await start(headers, { password: goodPassword, code: recovery });
    expect(again.statusCode).toBe(400);
    expect(again.json().internalCode).toBe('INVALID_MFA_CODE');
    const enrolment = started.json() as Enrolment;
    const confirmed = await confirm(headers, {
      password: goodPassword,
      enrolmentToken: enrolment.enrolmentToken,
      code: await totpCode(enrolment.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'operator.totp_enrolment_start'))
      .then((rows) => rows.filter((row) => row.actorId === operator.userId));
    expect(entry?.after).toEqual({ provedWith: 'recovery_code' });
  });

  it("the proof confirms only the start it came from, and only its operator's", async () => {
    const { operator, headers } = await loggedIn();
    const first = (
      await start(headers, { password: goodPassword, code: operator.recoveryCodes[0] })
    ).json() as Enrolment;
    const second = (
      await start(headers, { password: goodPassword, code: operator.recoveryCodes[1] })
    ).json() as Enrolment;
    const stale = await confirm(headers, {
      password: goodPassword,
      enrolmentToken: first.enrolmentToken,
      code: await totpCode(second.secret),
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toMatch(/empezá de nuevo/);

    // a colleague's proof does not confirm her own pending secret
    const colleague = await loggedIn();
    const hers = (
      await start(colleague.headers, {
        password: goodPassword,
        code: colleague.operator.recoveryCodes[0],
      })
    ).json() as Enrolment;
    const crossed = await confirm(colleague.headers, {
      password: goodPassword,
      enrolmentToken: second.enrolmentToken,
      code: await totpCode(hers.secret),
    });
    expect(crossed.statusCode).toBe(404);
  });
});

describe('her own second factor', () => {
  it('new recovery codes need a current code', async () => {
    const operator = await createTestOperator(t.app, 'editor');
    const headers = bearer((await operatorLogin(t.app, operator)).accessToken);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/recovery-codes',
      headers,
      payload: { code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/recovery-codes',
      headers,
      payload: { code: await totpCode(operator.secret) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recoveryCodes).toHaveLength(10);
  });
});
