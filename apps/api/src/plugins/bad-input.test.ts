import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../test/helpers';
import { containsNul } from './bad-input';

const t = testAppForFile(() => createTestApp());

describe('input no route can use (found by npm run fuzz)', () => {
  it('a NUL in the address is a 400 INVALID_DATA, not a database error', async () => {
    for (const url of ['/api/academy/a%00b/presentation', '/api/users/subscriptions/search?name=%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().internalCode).toBe('INVALID_DATA');
    }
  });

  it('a NUL in a JSON body is a 400 INVALID_DATA', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/request',
      payload: { email: 'ana@example.com', providerPaymentId: '1\u00002' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('INVALID_DATA');
  });

  it('an address Fastify cannot parse answers in our Spanish form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/academy/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ internalCode: 'BAD_REQUEST', message: 'La dirección pedida no es válida.' });
  });

  it('finds a NUL in nested keys and values only', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, { b: 'fine' }] })).toBe(false);
  });
});
