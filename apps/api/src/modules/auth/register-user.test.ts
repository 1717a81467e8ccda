import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPassword, latestMail, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('POST /api/users/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('creates the account with a normalized e-mail and phone and mails a validation code and link', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await register(t.app, { email: email.toUpperCase(), telephone: '11 2345 6789' });
    expect(res.statusCode).toBe(201);
    const { userId } = res.json();
    const { rows } = await t.database.db.execute<{ email: string; telephone: string; password_hash: string }>(
      sql`select email, telephone, password_hash from users where id = ${userId}`,
    );
    expect(rows[0]?.email).toBe(email.toLowerCase());
    expect(rows[0]?.telephone).toBe('+5491123456789');
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);

    const mail = await latestMail(t.app, email.toLowerCase());
    expect(mail?.subject).toBe('Validá tu cuenta de Alcancía');
    const code = /código de validación es (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(
      `/validate?email=${encodeURIComponent(email.toLowerCase())}&validationCode=${code}`,
    );
  });

  it('refuses an e-mail that exists in any letter case with EMAIL_ALREADY_EXISTS', async () => {
    const email = uniqueEmail();
    expect((await register(t.app, { email })).statusCode).toBe(201);
    const again = await register(t.app, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('EMAIL_ALREADY_EXISTS');
  });

  it('lets only one of two simultaneous registrations of the same e-mail win', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([register(t.app, { email }), register(t.app, { email })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['abc', 'no uppercase, digit or length'],
    ['Secreta 123', 'a space'],
    ['SECRETA123', 'no lowercase'],
  ])('refuses the password %s (%s) with PASSWORD_NOT_VALID', async (password) => {
    const res = await register(t.app, { password });
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('PASSWORD_NOT_VALID');
  });

  it('refuses bad fields with INVALID_DATA naming them', async () => {
    const res = await register(t.app, { email: 'no-es-un-correo', country: 'BR', name: ' ' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.internalCode).toBe('INVALID_DATA');
    const paths = body.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(['body.country', 'body.email', 'body.name']);
    expect(body.fields.find((f: { path: string }) => f.path === 'body.email').message).toBe(
      'El formato del correo es inválido.',
    );
  });

  it('refuses a phone with letters', async () => {
    const res = await register(t.app, { telephone: '11-abc-2345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ internalCode: 'INVALID_DATA', fields: [{ path: 'body.telephone' }] });
  });

  it('uses the password it was given', async () => {
    const email = uniqueEmail();
    await register(t.app, { email, password: goodPassword });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: goodPassword },
    });
    expect(res.statusCode).toBe(200);
  });
});
