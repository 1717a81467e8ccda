import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('current user, onboarding and tracking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  it('returns the caller with purchases grouped by product type', async () => {
    const { credentials } = await newSession(t.app);
    await t.database.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source)
          values (${credentials.userId}, 'programs', 'p-1', 'test'), (${credentials.userId}, 'programs', 'p-2', 'test')`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) });
    expect(res.statusCode).toBe(200);
    expect(res.json().purchases).toEqual({ programs: expect.arrayContaining(['p-1', 'p-2']) });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('completes the profile with country, name and a normalized phone', async () => {
    const { credentials } = await newSession(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/partialonboarding',
      headers: bearer(credentials),
      payload: { countryCode: 'UY', name: 'Lucía', telephone: '99 123 456' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ countryCode: 'UY', name: 'Lucía', telephone: '+59899123456' });
    const incomplete = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/partialonboarding',
      headers: bearer(credentials),
      payload: { name: 'Lucía' },
    });
    expect(incomplete.statusCode).toBe(400);
  });

  it('stores tracking events with the user from the token, never from the body', async () => {
    const { credentials } = await newSession(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/analytic',
      headers: bearer(credentials),
      payload: {
        event: 'logged_in',
        source: 'web',
        deviceId: 'device-123456',
        timestamp: new Date().toISOString(),
        identity: { userId: '00000000-0000-0000-0000-000000000000', isSubscribed: false },
        channel: 'instagram',
      },
    });
    expect(res.statusCode).toBe(204);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/analytic',
      payload: {
        event: 'pageView',
        source: 'web',
        deviceId: 'device-654321',
        timestamp: new Date().toISOString(),
      },
    });
    expect(anonymous.statusCode).toBe(204);
    const { rows } = await t.database.db.execute<{
      event: string;
      user_id: string | null;
      channel: string | null;
    }>(sql`select event, user_id, channel from analytics_events order by id`);
    expect(rows).toEqual([
      { event: 'logged_in', user_id: credentials.userId, channel: 'instagram' },
      { event: 'pageView', user_id: null, channel: null },
    ]);
  });

  it('refuses malformed and oversized events', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/analytic',
      payload: { event: 'x y', source: 'app', deviceId: '1', timestamp: 'ayer' },
    });
    expect(bad.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/users/analytic',
      payload: {
        event: 'pageView',
        source: 'web',
        deviceId: 'device-123456',
        timestamp: new Date().toISOString(),
        properties: { a: 'x'.repeat(9000) },
      },
    });
    expect(huge.statusCode).toBe(413);
  });
});
