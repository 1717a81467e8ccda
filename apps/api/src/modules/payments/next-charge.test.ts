import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { entitlements, subscriptionPriceChanges } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { dashboardMetrics } from '../admin/dashboard/dashboard-metrics';
import { grantPlan } from '../entitlements/grant';

// Issue 39 point 6 (decision 0280): what the provider charges next, and when, is computed in one
// place (payments/next-charge.ts); Mi cuenta's Suscripción and Cobros y accesos say the same thing,
// and that is what the emulator's agreement will charge.

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const mine = (buyer: Buyer) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers });
const access = (buyer: Buyer) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/access', headers: buyer.headers });
const preapprovalOf = (id: string) => t.emulator.control.state().preapprovals[id]?.resource;

async function subscribed(plan = 'Plan Básico', frequency = 'monthly') {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: plan,
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  return { buyer, endDate: res.json().subscriptionEndDate as string };
}

async function cancelAndReactivate(buyer: Buyer) {
  const cancelled = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/subscription/cancel',
    headers: buyer.headers,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/subscription/reactivate',
    headers: buyer.headers,
    payload: { cardToken: await cardToken(t.emulator, 'APRO') },
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  return res;
}

describe('the next charge (date and amount) of a card agreement', () => {
  it('after a reactivation, with six bought months on top, both sections say the day the provider charges', async () => {
    const { buyer, endDate } = await subscribed();
    // A guest membership bought on top: her access reaches six months further than the agreement.
    await t.app.db.transaction((tx) =>
      grantPlan(tx, {
        userId: buyer.userId,
        planId: 'basico',
        source: 'guest_purchase',
        origin: 'GUEST_PURCHASE',
        length: { months: 6 },
      }),
    );
    const res = await cancelAndReactivate(buyer);
    const orders = await ordersOf(t.app, buyer.userId);
    const fresh = preapprovalOf(orders.at(-1)?.provider_preapproval_id ?? '');
    const providerDate = argentinaDate(new Date(String(fresh?.next_payment_date)));
    expect(providerDate).toBe(endDate);

    expect(res.json()).toMatchObject({
      status: 'active',
      nextChargeDate: endDate,
      nextChargeAmount: 1_000_000,
    });
    expect((await mine(buyer)).json()).toMatchObject({ nextChargeDate: endDate });
    const agreements = (await access(buyer)).json().agreements as Array<Record<string, unknown>>;
    const charging = agreements.filter((a) => a.status === 'active');
    expect(charging).toHaveLength(1);
    expect(charging[0]).toMatchObject({ nextChargeDate: endDate, nextChargeAmount: 1_000_000 });
  });

  it('a price change scheduled for the next charge is the amount shown, as the notice mail says', async () => {
    const { buyer, endDate } = await subscribed();
    const [order] = await ordersOf(t.app, buyer.userId);
    await t.app.db.insert(subscriptionPriceChanges).values({
      orderId: order?.id ?? '',
      planId: 'basico',
      frequency: 'monthly',
      fromCentavos: 1_000_000,
      toCentavos: 1_200_000,
      effectiveOn: endDate,
    });
    expect((await mine(buyer)).json()).toMatchObject({
      nextChargeDate: endDate,
      nextChargeAmount: 1_200_000,
    });
    expect((await access(buyer)).json().agreements[0]).toMatchObject({
      amount: 1_000_000,
      nextChargeDate: endDate,
      nextChargeAmount: 1_200_000,
    });
  });

  it('a price change scheduled after the next charge leaves that charge at the current price', async () => {
    const { buyer, endDate } = await subscribed();
    const [order] = await ordersOf(t.app, buyer.userId);
    await t.app.db.insert(subscriptionPriceChanges).values({
      orderId: order?.id ?? '',
      planId: 'basico',
      frequency: 'monthly',
      fromCentavos: 1_000_000,
      toCentavos: 1_200_000,
      effectiveOn: addToDate(endDate, { days: 1 }),
    });
    expect((await mine(buyer)).json()).toMatchObject({
      nextChargeDate: endDate,
      nextChargeAmount: 1_000_000,
    });
  });

  it('the annual renewal reminder mails the next charge: the new price when a change applies to it', async () => {
    const { buyer } = await subscribed('Plan Básico', 'annual');
    const inSevenDays = addToDate(argentinaDate(), { days: 7 });
    const [order] = await ordersOf(t.app, buyer.userId);
    await t.app.db
      .update(entitlements)
      .set({ endsOn: inSevenDays })
      .where(eq(entitlements.orderId, order?.id ?? ''));
    await t.app.db.insert(subscriptionPriceChanges).values({
      orderId: order?.id ?? '',
      planId: 'basico',
      frequency: 'annual',
      fromCentavos: 9_000_000,
      toCentavos: 9_900_000,
      effectiveOn: inSevenDays,
    });
    await t.app.subscriptionWatcher.tick();
    await t.app.mail.flush();
    const mails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(buyer.email)}` })
    ).json() as Array<{ subject: string; text: string }>;
    const reminder = mails.find((m) => m.subject.includes('se renueva'));
    expect(reminder?.text).toContain('99.000');
    expect((await mine(buyer)).json()).toMatchObject({
      nextChargeDate: inSevenDays,
      nextChargeAmount: 9_900_000,
    });
  });

  it('the dashboard counts a cancelled-then-reactivated subscriber as one new subscription', async () => {
    const today = argentinaDate();
    const before = await dashboardMetrics(t.app.db, { from: today, to: today });
    const { buyer } = await subscribed();
    await cancelAndReactivate(buyer);
    const after = await dashboardMetrics(t.app.db, { from: today, to: today });
    expect(after.newSubscriptions - before.newSubscriptions).toBe(1);
    // her cancellation was taken back: it is not churn
    expect(after.cancelledSubscriptions - before.cancelledSubscriptions).toBe(0);
    const day = (m: typeof after) => m.days.find((d) => d.date === today);
    expect((day(after)?.newSubscriptions ?? 0) - (day(before)?.newSubscriptions ?? 0)).toBe(1);
  });
});
