import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, goodPassword, latestCode, newSession, register, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createTestOperator, operatorLogin } from '../../test/operators';

/**
 * Issue 40: more client addresses give no more tries. Each limit below is counted over every
 * address together (per e-mail, per account), on top of the per-address ones; with REDIS_URL the
 * counters are shared by every API process.
 */

let addresses = 0;
// Redis keeps counters between runs (for their 10 or 15 minutes): this run's addresses are its own.
const run = `${(process.pid % 0xffff).toString(16)}:${(Math.floor(Date.now() / 1000) % 0xffff).toString(16)}`;
/** A client address never used before, in this run or an earlier one (IPv6 documentation range). */
const freshAddress = () => {
  addresses++;
  return `2001:db8:${run}::${addresses.toString(16)}`;
};

const tooMany = { internalCode: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/intentos/) };

describe('limits over every client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshAddress() });

  it('login: 20 tries per e-mail in 15 minutes from any number of addresses, then 429 even with the right password', async () => {
    const email = uniqueEmail('rociada');
    await register(t.app, { email });
    for (let i = 0; i < 20; i++) {
      expect((await post('/api/users/login', { email, password: `Mala${i}12345` })).statusCode).toBe(401);
    }
    const limited = await post('/api/users/login', { email, password: goodPassword });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
    // another account is not touched
    const other = uniqueEmail('vecina');
    await register(t.app, { email: other });
    expect((await post('/api/users/login', { email: other, password: goodPassword })).statusCode).toBe(200);
  });

  it('validation code: 10 tries per e-mail from any number of addresses', async () => {
    const email = uniqueEmail('codigo');
    await register(t.app, { email });
    const code = await latestCode(t.app, email);
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/api/users/validateAccount', { email, validationCode: 'x' });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await post('/api/users/validateAccount', { email, validationCode: code });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
  });

  it('e-mail change code: 10 tries per account from any number of addresses', async () => {
    const { credentials } = await newSession(t.app);
    const newEmail = uniqueEmail('nuevo');
    expect((await post('/api/users/me/email', { email: newEmail }, bearer(credentials))).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 10; i++) {
      const wrong = await post(
        '/api/users/me/email/confirm',
        { email: newEmail, code: '000000' },
        bearer(credentials),
      );
      expect(wrong.statusCode).not.toBe(429);
    }
    const limited = await post(
      '/api/users/me/email/confirm',
      { email: newEmail, code: '111111' },
      bearer(credentials),
    );
    expect(limited.statusCode).toBe(429);
  });

  it('guest cancellation and withdrawal codes: 10 tries per e-mail from any number of addresses', async () => {
    for (const [url, extra] of [
      ['/api/subscription-cancellations/confirm', {}],
      ['/api/withdrawals/confirm', { providerPaymentId: '123456789' }],
    ] as const) {
      const email = uniqueEmail('baja');
      for (let i = 0; i < 10; i++) {
        expect((await post(url, { email, code: '000000', ...extra })).statusCode).toBe(400);
      }
      const limited = await post(url, { email, code: '111111', ...extra });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(tooMany);
    }
  });

  it("an operator's TOTP codes: 10 tries per account from any number of addresses", async () => {
    const operator = await createTestOperator(t.app, 'support');
    const { accessToken } = await operatorLogin(t.app, operator);
    const headers = { authorization: `Bearer ${accessToken}` };
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/api/admin/me/totp', { password: goodPassword, code: '000000' }, headers);
      expect(wrong.json().internalCode).toBe('INVALID_MFA_CODE');
    }
    const limited = await post('/api/admin/me/totp', { password: goodPassword, code: '000000' }, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
  });

  it('register keeps 409 EMAIL_ALREADY_EXISTS, 5 tries per target address from any number of addresses', async () => {
    const email = uniqueEmail('conocida');
    const payload = {
      name: 'Ana Pérez',
      email,
      password: goodPassword,
      country: 'AR',
      telephone: '11 2345 6789',
    };
    expect((await post('/api/users/register', payload)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const known = await post('/api/users/register', payload);
      expect(known.statusCode).toBe(409);
      expect(known.json().internalCode).toBe('EMAIL_ALREADY_EXISTS');
    }
    const limited = await post('/api/users/register', payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(tooMany);
    // another address to register is not touched
    expect((await post('/api/users/register', { ...payload, email: uniqueEmail('libre') })).statusCode).toBe(
      201,
    );
  });

  it('forgot password: 5 requests per e-mail from any number of addresses (no mail bombing)', async () => {
    const email = uniqueEmail('buzon');
    for (let i = 0; i < 5; i++)
      expect((await post('/api/users/forgotPassword', { email })).statusCode).toBe(200);
    expect((await post('/api/users/forgotPassword', { email })).statusCode).toBe(429);
  });
});

describe('with REDIS_URL, two API processes share the counters', () => {
  // The machine's Redis, its own logical database (the e2e run uses 9); e-mails and accounts are
  // unique to this run, so nothing collides with another test's keys.
  const redisUrl = 'redis://127.0.0.1:6379/12';
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({ REDIS_URL: redisUrl });
    two = await createTestApp({ REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('login tries on one e-mail spread over two processes and many addresses meet one limit', async () => {
    const email = uniqueEmail('dosprocesos');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Mala12345' },
        remoteAddress: freshAddress(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it('a visitor address guessing promo codes on two processes meets one budget of 10', async () => {
    const visitor = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 === 0 ? one.app : two.app;
      const res = await app.inject({
        method: 'GET',
        url: `/api/users/subscriptions?promoCode=REDIS${i}`,
        remoteAddress: visitor,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
