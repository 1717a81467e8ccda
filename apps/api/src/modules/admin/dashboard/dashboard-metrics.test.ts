import type { Metrics } from '@alcancia/contract/admin';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertCatalogFixture } from '../../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  analyticsEvents,
  courseProgress,
  freeTrials,
  paymentOrders,
  paymentRefunds,
  payments,
  users,
} from '../../../db/schema';
import { metricsPeriod } from './dashboard-metrics';

/** An instant given as Argentina wall-clock time. */
const ar = (local: string) => new Date(`${local}-03:00`);

let orderNo = 0;
let paymentNo = 0;

/**
 * A known business in March 2026 (the period 2026-03-01 … 2026-03-10, Argentina dates), with rows
 * just outside it on both sides; each figure below is counted by hand from these rows.
 */
async function seedBusiness(app: FastifyInstance) {
  const db = app.db;
  await insertCatalogFixture(db);
  const user = async (values: Partial<typeof users.$inferInsert> & { email: string }) => {
    const [row] = await db
      .insert(users)
      .values({ name: 'Ana', ...values })
      .returning({ id: users.id });
    if (!row) throw new Error('user');
    return row.id;
  };
  const u1 = await user({
    email: 'd1@example.com',
    createdAt: ar('2026-03-02T10:00:00'),
    emailVerifiedAt: ar('2026-03-03T10:00:00'),
    subscriptionPlanId: 'esencial',
    subscriptionEndDate: '2026-04-01',
  });
  // the last minutes of the period's last day, Argentina time (already the 11th in UTC)
  const u2 = await user({
    email: 'd2@example.com',
    createdAt: ar('2026-03-10T23:30:00'),
    subscriptionPlanId: 'oro',
    subscriptionEndDate: '2026-03-10',
  });
  // created a minute before the period, validated in it; her subscription ended before its last day
  const u3 = await user({
    email: 'd3@example.com',
    createdAt: ar('2026-02-28T23:59:00'),
    emailVerifiedAt: ar('2026-03-01T00:10:00'),
    subscriptionPlanId: 'esencial',
    subscriptionEndDate: '2026-03-09',
  });
  const u4 = await user({ email: 'd4@example.com', createdAt: ar('2026-03-11T00:00:00') });

  const order = async (
    values: Partial<typeof paymentOrders.$inferInsert> & { kind: 'subscription' | 'program' | 'guest_tier' },
  ) => {
    orderNo += 1;
    const [row] = await db
      .insert(paymentOrders)
      .values({
        payerEmail: 'x@example.com',
        itemId: 'esencial',
        description: 'x',
        amountCentavos: 990_000,
        idempotencyKey: `dash-${orderNo}`,
        ...values,
      })
      .returning({ id: paymentOrders.id });
    if (!row) throw new Error('order');
    return row.id;
  };
  const sub = (values: Partial<typeof paymentOrders.$inferInsert>) =>
    order({ kind: 'subscription', frequency: 'monthly', ...values });
  const o1 = await sub({ userId: u1, status: 'active', createdAt: ar('2026-03-02T10:05:00') });
  const o2 = await sub({
    userId: u2,
    itemId: 'oro',
    frequency: 'annual',
    amountCentavos: 1_200_000,
    status: 'active',
    createdAt: ar('2026-03-05T12:00:00'),
  });
  const o3 = await sub({
    userId: u3,
    status: 'cancelled',
    createdAt: ar('2026-02-01T12:00:00'),
    cancelledAt: ar('2026-03-04T12:00:00'),
  });
  await sub({ userId: u4, amountCentavos: 500_000, status: 'active', createdAt: ar('2026-01-15T12:00:00') });
  // an upgrade (not a new subscription), a refused checkout, an agreement that ended before the period
  await sub({ userId: u3, status: 'replaced', replacesOrderId: o3, createdAt: ar('2026-03-06T12:00:00') });
  const o6 = await sub({ userId: u1, status: 'refused', createdAt: ar('2026-03-07T12:00:00') });
  await sub({
    userId: u3,
    status: 'expired',
    createdAt: ar('2026-01-01T12:00:00'),
    updatedAt: ar('2026-02-01T12:00:00'),
  });
  const o8 = await order({ kind: 'program', itemId: 'programa-abierto', userId: u1, status: 'paid' });
  const o9 = await order({ kind: 'program', itemId: 'pack-completo', userId: u1, status: 'paid' });
  const o10 = await order({ kind: 'guest_tier', itemId: 'BLACK', status: 'paid' });

  const payment = async (orderId: string, amountCentavos: number, approvedAt: Date | null) => {
    paymentNo += 1;
    const [row] = await db
      .insert(payments)
      .values({
        orderId,
        providerPaymentId: `dash-pay-${paymentNo}`,
        status: approvedAt ? 'approved' : 'rejected',
        amountCentavos,
        approvedAt,
      })
      .returning({ id: payments.id });
    if (!row) throw new Error('payment');
    return row.id;
  };
  await payment(o1, 990_000, ar('2026-03-02T10:06:00'));
  await payment(o2, 1_200_000, ar('2026-03-05T12:01:00'));
  const p8 = await payment(o8, 5_000_000, ar('2026-03-08T09:00:00'));
  await payment(o9, 3_000_000, ar('2026-03-09T09:00:00'));
  await payment(o10, 60_000, ar('2026-03-10T20:00:00'));
  await payment(o3, 990_000, ar('2026-02-01T12:01:00'));
  await payment(o6, 990_000, null);

  await db.insert(paymentRefunds).values([
    {
      paymentId: p8,
      amountCentavos: 5_000_000,
      status: 'SUCCESS',
      reason: 'withdrawal',
      succeededAt: ar('2026-03-09T12:00:00'),
    },
    { paymentId: p8, amountCentavos: 1_000, status: 'PENDING', reason: 'duplicate_payment' },
    {
      paymentId: p8,
      amountCentavos: 2_000,
      status: 'SUCCESS',
      reason: 'upgrade',
      succeededAt: ar('2026-04-01T12:00:00'),
    },
  ]);
  await db.insert(freeTrials).values([
    { userId: u1, planId: 'esencial', createdAt: ar('2026-03-02T10:05:00') },
    { userId: u3, planId: 'esencial', createdAt: ar('2026-02-01T10:05:00') },
  ]);
  await db.insert(courseProgress).values([
    {
      userId: u1,
      courseId: 'presupuesto-gratis',
      startedAt: ar('2026-03-03T10:00:00'),
      finishedAt: ar('2026-03-06T10:00:00'),
    },
    { userId: u2, courseId: 'inversion-bonos', startedAt: ar('2026-03-04T10:00:00') },
    {
      userId: u3,
      courseId: 'presupuesto-gratis',
      startedAt: ar('2026-02-20T10:00:00'),
      finishedAt: ar('2026-03-01T10:00:00'),
    },
  ]);
  const event = (name: string, deviceId: string, at: string, userId: string | null = null) => ({
    event: name,
    source: 'web',
    deviceId,
    userId,
    clientTimestamp: ar(at),
    receivedAt: ar(at),
  });
  await db.insert(analyticsEvents).values([
    // d1: a visitor sees the plans twice and chooses one, then signs in as u1 on the same browser,
    // opens and sends the payment (u1's subscription is new in the period)
    event('subscription_modal', 'd1', '2026-03-02T09:00:00'),
    event('subscription_modal', 'd1', '2026-03-03T09:00:00'),
    event('subscription_button_clicked', 'd1', '2026-03-02T09:01:00'),
    event('subscription_checkout_view', 'd1', '2026-03-02T09:02:00', u1),
    event('subscription_checkout_submit', 'd1', '2026-03-02T09:03:00', u1),
    event('logged_in', 'd1', '2026-03-02T09:04:00', u1),
    // u1 again on her phone: the same person
    event('subscription_modal', 'd1-phone', '2026-03-05T09:00:00', u1),
    // d2 sees the plans and chooses one; d3 saw them before the period
    event('subscription_modal', 'd2', '2026-03-04T09:00:00'),
    event('subscription_button_clicked', 'd2', '2026-03-04T09:01:00'),
    event('subscription_modal', 'd3', '2026-02-27T09:00:00'),
    // u2 (new subscription o2) skipped the plans: from a shared link straight to a plan and the payment
    event('subscription_button_clicked', 'd5', '2026-03-05T11:58:00', u2),
    event('subscription_checkout_view', 'd5', '2026-03-05T11:59:00', u2),
    event('subscription_checkout_submit', 'd5', '2026-03-05T11:59:30', u2),
    // d6 sees the plans and opens a payment without choosing a plan in the period
    event('subscription_modal', 'd6', '2026-03-06T09:00:00'),
    event('subscription_button_clicked', 'd6', '2026-02-28T09:00:00'),
    event('subscription_checkout_view', 'd6', '2026-03-06T09:01:00'),
  ]);
}

const t = testAppForFile(() => createTestApp(), seedBusiness);

async function metrics(query: string): Promise<Metrics> {
  const { headers } = await operatorSession(t.app, 'admin');
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/metrics${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Metrics;
}

describe('GET /api/admin/metrics', () => {
  it('counts each figure of a known period from the real tables', async () => {
    const m = await metrics('?from=2026-03-01&to=2026-03-10');
    expect(m.from).toBe('2026-03-01');
    expect(m.to).toBe('2026-03-10');
    expect(m.signUps).toBe(2);
    expect(m.validatedAccounts).toBe(2);
    expect(m.activeSubscribersByPlan).toEqual([
      { planId: 'esencial', planName: 'Plan Esencial', count: 1 },
      { planId: 'oro', planName: 'Plan Oro', count: 1 },
    ]);
    expect(m.activeSubscribers).toBe(2);
    expect(m.trialsStarted).toBe(1);
    expect(m.newSubscriptions).toBe(2);
    expect(m.cancelledSubscriptions).toBe(1);
    // monthly 9.900 + annual 12.000 / 12 + monthly 5.000 (cancelled and ended ones left out)
    expect(m.mrr).toBe(990_000 + 100_000 + 500_000);
    // one cancelled of the two live when the period began
    expect(m.churnRate).toBe(0.5);
    expect(m.revenue).toEqual({
      subscriptions: 2_190_000,
      programs: 5_000_000,
      packs: 3_000_000,
      guestMemberships: 60_000,
      total: 10_250_000,
    });
    expect(m.refunds).toEqual({ count: 1, amount: 5_000_000 });
    expect(m.courseStarts).toBe(2);
    expect(m.courseCompletions).toBe(2);
    expect(m.days).toHaveLength(10);
    expect(m.days[0]).toEqual({
      date: '2026-03-01',
      signUps: 0,
      newSubscriptions: 0,
      cancelledSubscriptions: 0,
      revenue: 0,
    });
    expect(m.days.find((d) => d.date === '2026-03-02')).toEqual({
      date: '2026-03-02',
      signUps: 1,
      newSubscriptions: 1,
      cancelledSubscriptions: 0,
      revenue: 990_000,
    });
    expect(m.days.find((d) => d.date === '2026-03-04')?.cancelledSubscriptions).toBe(1);
    expect(m.days.at(-1)).toEqual({
      date: '2026-03-10',
      signUps: 1,
      newSubscriptions: 0,
      cancelledSubscriptions: 0,
      revenue: 60_000,
    });
    const sum = (key: 'signUps' | 'newSubscriptions' | 'revenue') => m.days.reduce((s, d) => s + d[key], 0);
    expect(sum('signUps')).toBe(m.signUps);
    expect(sum('newSubscriptions')).toBe(m.newSubscriptions);
    expect(sum('revenue')).toBe(m.revenue.total);
  });

  it('the funnel counts distinct people, each step only those who did the ones before it', async () => {
    const m = await metrics('?from=2026-03-01&to=2026-03-10');
    // d1 (u1, one person on two browsers), d2, d6 saw the plans; d1 and d2 chose one; only d1 went
    // on and paid. u2 skipped the plans and d6 the choice (before the period): counted at no later step.
    expect(m.funnel).toEqual([
      { step: 'subscription_modal', count: 3 },
      { step: 'subscription_button_clicked', count: 2 },
      { step: 'subscription_checkout_view', count: 1 },
      { step: 'subscription_checkout_submit', count: 1 },
      { step: 'paid', count: 1 },
    ]);
    expect(m.newSubscriptions).toBe(2);
    for (const [index, step] of m.funnel.entries()) {
      if (index > 0) expect(step.count).toBeLessThanOrEqual(m.funnel[index - 1]?.count ?? 0);
    }
  });

  it('a period without activity answers zeros, and no churn rate when nothing was live', async () => {
    const m = await metrics('?from=2025-06-01&to=2025-06-03');
    expect(m.signUps).toBe(0);
    expect(m.revenue.total).toBe(0);
    expect(m.churnRate).toBeNull();
    expect(m.funnel.every((step) => step.count === 0)).toBe(true);
    expect(m.days.map((d) => d.date)).toEqual(['2025-06-01', '2025-06-02', '2025-06-03']);
  });

  it('refuses a reversed or too long period in Spanish', async () => {
    const { headers } = await operatorSession(t.app, 'admin');
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics?from=2026-03-10&to=2026-03-01',
      headers,
    });
    expect(reversed.statusCode).toBe(400);
    const long = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics?from=2024-01-01&to=2026-03-01',
      headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/hasta 367 días/);
  });

  it('defaults to the last 30 days up to today', () => {
    expect(metricsPeriod({}, '2026-03-31')).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(metricsPeriod({ to: '2026-03-01' }, '2026-03-31')).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(metricsPeriod({ from: '2026-03-20' }, '2026-03-31')).toEqual({
      from: '2026-03-20',
      to: '2026-03-31',
    });
  });

  it('support and editors may not read it (403)', async () => {
    for (const role of ['support', 'editor'] as const) {
      const { headers } = await operatorSession(t.app, role);
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
