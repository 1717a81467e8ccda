import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, ownAppTimeout, testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  MP,
  newBuyer,
  seedTestPlans,
  settleWebhooks,
  signedNotification,
  subscribe,
} from '../../../test/payments';

const token = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample: `name{…labels…} value`, every given label matching. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  const t = testAppForFile(() => createPaymentsTestApp({ METRICS_TOKEN: token }), seedTestPlans);
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers only to the bearer of METRICS_TOKEN', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toMatchObject({ internalCode: 'UNAUTHORIZED' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await scrape()).toContain('# TYPE alcancia_http_request_duration_seconds histogram');
  });

  it('counts hits and misses of the in-process caches, by cache', async () => {
    const buyer = await newBuyer(t.app);
    const lookups = (text: string, cache: string, result: string) =>
      sample(text, 'alcancia_cache_requests_total', { cache, result }) ?? 0;
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/academy/courses', headers: buyer.headers });
      expect(res.statusCode).toBe(200);
    }
    const after = await scrape();
    expect(after).toContain('# TYPE alcancia_cache_requests_total counter');
    // the first list may fill the page cache; the next two are answered from it
    expect(
      lookups(after, 'catalogue-pages', 'hit') - lookups(before, 'catalogue-pages', 'hit'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      lookups(after, 'viewer-facts', 'hit') - lookups(before, 'viewer-facts', 'hit'),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/academy/:courseId', status_code: '401' };
    const count = (text: string) => sample(text, 'alcancia_http_request_duration_seconds_count', route) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/academy/curso-secreto-123?x=1' });
    await t.app.inject({ method: 'GET', url: '/api/academy/otro-curso' });
    await t.app.inject({ method: 'GET', url: '/api/no-existe/abc' });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(2);
    expect(
      sample(after, 'alcancia_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'alcancia_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
    expect(after).not.toContain('curso-secreto-123');
    expect(after).not.toContain('no-existe');
  });

  it('counts payments by outcome and webhooks by result', async () => {
    const before = await scrape();
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBeLessThan(300);
    await settleWebhooks(t.emulator);
    const forged = await signedNotification(t.url, 'payment', '123', 'not-the-secret-0123456789');
    expect(forged.status).toBe(401);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('alcancia_payments_total', { provider: 'MP', status: 'approved' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      delta('alcancia_webhooks_total', { provider: 'mercadopago', result: 'processed' }),
    ).toBeGreaterThan(0);
    expect(delta('alcancia_webhooks_total', { provider: 'mercadopago', result: 'refused' })).toBe(1);
    // the Node runtime's own metrics come along
    expect(after).toContain('process_cpu_user_seconds_total');
    expect(after).not.toContain(MP.webhookSecret);
  });

  it('reads the mail and refund backlogs, and the pool when on a PostgreSQL server', async () => {
    const before = await scrape();
    await t.app.db.execute(
      sql`insert into mail_outbox ("to", subject, text, html, next_attempt_at)
          values ('metricas@alcancia.local', 'x', 'x', 'x', now() + interval '1 day')`,
    );
    const { rows } = await t.app.db.execute<{ id: number }>(sql`select id from payments limit 1`);
    const paymentId = rows[0]?.id;
    expect(paymentId).toBeDefined();
    await t.app.db.execute(
      sql`insert into payment_refunds (payment_id, amount_centavos, status, reason, attempts)
          values (${paymentId}, 100, 'FAILED', 'upgrade', 8)`,
    );
    const after = await scrape();
    expect(sample(after, 'alcancia_mail_outbox_pending')).toBe(
      (sample(before, 'alcancia_mail_outbox_pending') ?? 0) + 1,
    );
    expect(sample(after, 'alcancia_refunds', { status: 'failed' })).toBe(
      (sample(before, 'alcancia_refunds', { status: 'failed' }) ?? 0) + 1,
    );
    expect(sample(after, 'alcancia_refunds', { status: 'pending' })).toBeGreaterThanOrEqual(0);
    const total = sample(after, 'alcancia_db_pool_connections', { state: 'total' });
    if (t.database.driver === 'pg') {
      expect(total).toBeGreaterThan(0);
      expect(sample(after, 'alcancia_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    } else {
      expect(total).toBeUndefined();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it(
    'does not exist (404), whatever the token',
    async () => {
      const t = await createTestApp();
      try {
        const res = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ internalCode: 'NOT_FOUND' });
      } finally {
        await t.close();
      }
    },
    ownAppTimeout.timeout,
  );
});
