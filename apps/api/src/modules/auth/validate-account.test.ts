import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

const validate = (t: TestApp, email: string, validationCode: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/validateAccount', payload: { email, validationCode } });
const resend = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/resendConfirmationCode', payload: { email } });

/** Lets the 30 s resend gap pass by ageing the account's codes. */
const ageCodes = (t: TestApp, email: string) =>
  t.database.db.execute(
    sql`update verification_codes set created_at = created_at - interval '1 minute'
         where user_id = (select id from users where email = ${email})`,
  );

describe('account validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  async function newAccount() {
    const email = uniqueEmail();
    await register(t.app, { email });
    return { email, code: await latestCode(t.app, email) };
  }

  it('validates with the mailed code, once', async () => {
    const { email, code } = await newAccount();
    const res = await validate(t, email, code);
    expect(res.statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ v: boolean }>(
      sql`select email_verified_at is not null as v from users where email = ${email}`,
    );
    expect(rows[0]?.v).toBe(true);
    const again = await validate(t, email, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('USER_ALREADY_CONFIRMED');
    expect(again.json().message).toBe(
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
    );
  });

  it('refuses a wrong code with INVALID_VERIFICATION_CODE', async () => {
    const { email, code } = await newAccount();
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await validate(t, email, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('INVALID_VERIFICATION_CODE');
  });

  it('burns the code after 5 wrong attempts', async () => {
    const { email, code } = await newAccount();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await validate(t, email, wrong)).statusCode).toBe(400);
    expect((await validate(t, email, code)).json().internalCode).toBe('INVALID_VERIFICATION_CODE');
  });

  it('refuses an expired code', async () => {
    const { email, code } = await newAccount();
    await t.database.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second'
           where user_id = (select id from users where email = ${email})`,
    );
    expect((await validate(t, email, code)).json().internalCode).toBe('INVALID_VERIFICATION_CODE');
  });

  it('accepts only the newest code after a resend', async () => {
    const { email, code: first } = await newAccount();
    await ageCodes(t, email);
    expect((await resend(t, email)).statusCode).toBe(200);
    const second = await latestCode(t.app, email);
    if (first !== second) expect((await validate(t, email, first)).statusCode).toBe(400);
    expect((await validate(t, email, second)).statusCode).toBe(200);
  });

  it('refuses a resend right after the last code, with TOO_MANY_REQUESTS', async () => {
    const { email } = await newAccount();
    const res = await resend(t, email);
    expect(res.statusCode).toBe(429);
    expect(res.json().internalCode).toBe('TOO_MANY_REQUESTS');
  });

  it('answers resend for unknown and verified addresses with their codes', async () => {
    const unknown = await resend(t, uniqueEmail('nadie'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().internalCode).toBe('EMAIL_NOT_FOUND');
    const { email, code } = await newAccount();
    await validate(t, email, code);
    const verified = await resend(t, email);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().internalCode).toBe('EMAIL_ALREADY_VERIFIED');
  });
});
