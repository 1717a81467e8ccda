import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { providerPlans } from '../../db/schema';

// The catalogue fixture brings its own plans (esencial, oro): Oro gets a monthly price here.
const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedCatalogWithStructures(app);
  await app.db.insert(providerPlans).values({
    planId: 'oro',
    frequency: 'monthly',
    frequencyType: '1months',
    regularPriceCentavos: 2_000_000,
    freeTrial: { frequency: 7, frequencyType: 'days' },
  });
});

const exportOf = (buyer: Pick<Buyer, 'headers'>) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: buyer.headers });

/** A subscriber (a real card subscription on the emulator) with progress, a certificate, an event and a social login. */
async function learnerWithHistory(): Promise<Buyer> {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Oro',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const id = buyer.userId;
  await t.app.db.execute(sql`
    insert into section_progress (user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction, completed_at)
    values (${id}, 'pg-s1', 'presupuesto-gratis', 'pg-m1', 100, 1, now())`);
  await t.app.db.execute(sql`
    insert into course_progress (user_id, course_id, last_viewed_section_id, completed_sections, finished_at)
    values (${id}, 'presupuesto-gratis', 'pg-s1', 1, now())`);
  await t.app.db.execute(sql`
    insert into certificates (id, user_id, course_id, learner_name, course_name, completed_on)
    values (${`C${Date.now()}`}, ${id}, 'presupuesto-gratis', 'Ana Pérez', 'Presupuesto', '2026-11-20')`);
  await t.app.db.execute(sql`
    insert into social_identities (user_id, provider, subject) values (${id}, 'google', ${`sub-${id}`})`);
  const event = await t.app.inject({
    method: 'POST',
    url: '/api/users/analytic',
    headers: buyer.headers,
    payload: {
      event: 'pageView',
      source: 'web',
      deviceId: 'device-123456',
      timestamp: new Date().toISOString(),
    },
  });
  expect(event.statusCode).toBe(204);
  return buyer;
}

describe('GET /api/users/me/export', () => {
  it('is a dated JSON attachment with everything the product holds about her, and no secrets', async () => {
    const buyer = await learnerWithHistory();
    // the onboarding's answers (issue 30)
    const answered = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: buyer.headers,
      payload: { learningGoals: ['START_INVESTING'], knowledgeLevel: 'SOME' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const res = await exportOf(buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="alcancia-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: buyer.userId,
      email: buyer.email,
      name: 'Ana Pérez',
      learningGoals: ['START_INVESTING'],
      knowledgeLevel: 'SOME',
      countryCode: 'AR',
    });
    expect(data.paymentOrders).toHaveLength(1);
    const [order] = data.paymentOrders;
    expect(order).toMatchObject({ kind: 'subscription', itemId: 'oro', status: 'active' });
    expect(order.card?.lastFour).toMatch(/^\d{4}$/);
    expect(data.freeTrials).toEqual([{ planId: 'oro', createdAt: expect.any(String) }]);
    expect(data.progress.sections).toEqual([
      expect.objectContaining({ courseId: 'presupuesto-gratis', sectionId: 'pg-s1', completeFraction: 1 }),
    ]);
    expect(data.progress.courses).toEqual([expect.objectContaining({ courseId: 'presupuesto-gratis' })]);
    expect(data.certificates).toEqual([expect.objectContaining({ courseId: 'presupuesto-gratis' })]);
    expect(data.analyticsEvents).toEqual([expect.objectContaining({ event: 'pageView' })]);
    expect(data.socialIdentities).toEqual([{ provider: 'google', linkedAt: expect.any(String) }]);
    expect(data.sessions).toEqual([
      {
        startedAt: expect.any(String),
        lastRenewedAt: expect.any(String),
        expiresAt: expect.any(String),
        endedAt: null,
      },
    ]);
    // what must never leave: hashes, tokens, card fingerprints, the social subject, idempotency keys
    const text = res.body;
    for (const secret of ['password', 'hash', 'fingerprint', 'token', 'idempotency', `sub-${buyer.userId}`]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('holds only her own data', async () => {
    await learnerWithHistory();
    const fresh = await newBuyer(t.app);
    const data = (await exportOf(fresh)).json();
    expect(data.profile.id).toBe(fresh.userId);
    expect(data.paymentOrders).toEqual([]);
    expect(data.progress.sections).toEqual([]);
    expect(data.certificates).toEqual([]);
    expect(data.analyticsEvents).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
  });
});
