import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { paymentOrders } from '../../db/schema';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const patch = (headers: { authorization: string } | Record<string, never>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload: payload as object });

describe('PATCH /api/users/me', () => {
  it('changes name and phone with the registration rules, and GET /users reads them back', async () => {
    const { credentials } = await newSession(t.app);
    const res = await patch(bearer(credentials), { name: '  Lucía Gómez ', phone: '11 5555 4444' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Lucía Gómez', telephone: '+5491155554444', countryCode: 'AR' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) });
    expect(me.json()).toMatchObject({ name: 'Lucía Gómez', telephone: '+5491155554444' });
  });

  it('normalizes the phone for a new country given with it', async () => {
    const { credentials } = await newSession(t.app);
    const res = await patch(bearer(credentials), { countryCode: 'UY', phone: '99 123 456' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ countryCode: 'UY', telephone: '+59899123456' });
  });

  it('refuses a phone with letters, an empty name, an unknown country and an empty body, in Spanish', async () => {
    const { credentials } = await newSession(t.app);
    const letters = await patch(bearer(credentials), { phone: '11-ABCD' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      fields: [{ path: 'body.phone', message: 'El teléfono solo puede tener números.' }],
    });
    expect((await patch(bearer(credentials), { name: '   ' })).json().internalCode).toBe('INVALID_DATA');
    expect((await patch(bearer(credentials), { countryCode: 'XX' })).statusCode).toBe(400);
    const empty = await patch(bearer(credentials), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/[a-záéíóú]/);
  });

  it('keeps a country already used by a purchase (COUNTRY_CHANGE_NOT_ALLOWED)', async () => {
    const { credentials } = await newSession(t.app);
    await t.app.db.insert(paymentOrders).values({
      kind: 'program',
      userId: credentials.userId,
      payerEmail: 'x@example.com',
      itemId: 'programa-x',
      description: 'Programa X',
      amountCentavos: 100_000,
      status: 'paid',
      idempotencyKey: `test-${credentials.userId}`,
    });
    const res = await patch(bearer(credentials), { countryCode: 'MX' });
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('COUNTRY_CHANGE_NOT_ALLOWED');
    // the name still changes alone, and the same country is no change
    expect((await patch(bearer(credentials), { name: 'Ana', countryCode: 'AR' })).statusCode).toBe(200);
  });

  it('answers 401 without a session: only her own data', async () => {
    expect((await patch({}, { name: 'Intrusa' })).statusCode).toBe(401);
  });
});
