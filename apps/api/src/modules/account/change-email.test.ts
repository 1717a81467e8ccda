import type { Credentials } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { bearer, goodPassword, latestMail, login, newSession, uniqueEmail } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const requestChange = (credentials: Credentials, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/email',
    headers: bearer(credentials),
    payload: { email },
  });
const confirmChange = (credentials: Credentials, email: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/email/confirm',
    headers: bearer(credentials),
    payload: { email, code },
  });

async function mailedCode(to: string): Promise<string> {
  await t.app.mail.flush();
  const mail = await latestMail(t.app, to);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('changing the e-mail', () => {
  it('mails a code to the new address; the code switches it (verified) and the old one gets a notice', async () => {
    const { email: oldEmail, credentials } = await newSession(t.app);
    const newEmail = uniqueEmail('nuevo');
    const asked = await requestChange(credentials, newEmail.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.mail.flush();
    expect((await latestMail(t.app, newEmail))?.subject).toBe('Confirmá tu nuevo correo en Alcancía');
    // nothing changed yet
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) })).json().email,
    ).toBe(oldEmail);

    const code = await mailedCode(newEmail);
    const confirmed = await confirmChange(credentials, newEmail, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail, emailVerified: true });

    expect((await login(t.app, oldEmail)).statusCode).toBe(401);
    expect((await login(t.app, newEmail, goodPassword)).statusCode).toBe(200);
    const notice = await latestMail(t.app, oldEmail);
    expect(notice?.subject).toBe('Cambiaste el correo de tu cuenta de Alcancía');
    expect(notice?.text).toContain(newEmail);
    // single use
    expect((await confirmChange(credentials, newEmail, code)).json().internalCode).toBe(
      'INVALID_VERIFICATION_CODE',
    );
  });

  it('refuses an address another account has (EMAIL_ALREADY_EXISTS) and her own one', async () => {
    const { credentials } = await newSession(t.app);
    const { email: taken } = await newSession(t.app);
    const res = await requestChange(credentials, taken);
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('EMAIL_ALREADY_EXISTS');
    const { email: mine, credentials: hers } = await newSession(t.app);
    expect((await requestChange(hers, mine)).statusCode).toBe(400);
  });

  it('refuses a wrong code, and a code sent to another address', async () => {
    const { credentials } = await newSession(t.app);
    const first = uniqueEmail('primero');
    await requestChange(credentials, first);
    const code = await mailedCode(first);
    const wrong = await confirmChange(credentials, first, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().internalCode).toBe('INVALID_VERIFICATION_CODE');
    // the code proves `first`, not any other address
    const other = uniqueEmail('otro');
    expect((await confirmChange(credentials, other, code)).json().internalCode).toBe(
      'INVALID_VERIFICATION_CODE',
    );
  });

  it('cannot use another account’s code', async () => {
    const { credentials: ana } = await newSession(t.app);
    const { credentials: eva } = await newSession(t.app);
    const target = uniqueEmail('destino');
    await requestChange(ana, target);
    const code = await mailedCode(target);
    expect((await confirmChange(eva, target, code)).statusCode).toBe(400);
    expect((await confirmChange(ana, target, code)).statusCode).toBe(200);
  });

  it('is rate-limited per account', async () => {
    const limited = await createTestApp();
    try {
      const { credentials } = await newSession(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users/me/email',
          headers: bearer(credentials),
          payload: { email: uniqueEmail(`rl${i}`) },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
