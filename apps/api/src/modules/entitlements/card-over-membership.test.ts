import type { AccountPayment } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { entitlements, paymentOrders, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { seedDemoSubscriptions } from '../subscriptions/seed-demo-subscriptions';

// Issue 39 point 3, decision 0275: a card plan bought while a guest membership runs does not run
// over it; the membership's days from today on wait after the card plan, as when it is bought
// second. Demo plans and prices: Esencial 1, Oro 2, Platino 3; PLATINUM = 3 months of Esencial.

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedDemoSubscriptions(app.db);
});

const today = () => argentinaDate();

async function verifiedBuyer(): Promise<Buyer> {
  const buyer = await newBuyer(t.app);
  await t.app.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, buyer.userId));
  return buyer;
}

/** A guest membership bought on the Checkout Pro page with her e-mail (it lands in her account). */
async function buyGuestTier(email: string, tier: 'ORO' | 'PLATINUM' | 'BLACK') {
  const res = await createGuestPreference(t.app, guestPayload(tier, { email }));
  expect(res.statusCode).toBe(200);
  const prefId = new URL((res.json() as { init_point: string }).init_point).searchParams.get('pref_id') ?? '';
  await fetch(`${t.emulator.url}/checkout/v1/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      pref_id: prefId,
      card: 'visa',
      cardholder_name: 'APRO',
      installments: '1',
      email,
    }),
  });
  await settleWebhooks(t.emulator);
  const [order] = await t.app.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerPreferenceId, prefId));
  if (order?.status !== 'paid') throw new Error(`guest order not paid: ${order?.status}`);
  return order;
}

async function subscribeByCard(buyer: Buyer, plan: string, frequency: 'monthly' | 'annual') {
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: plan,
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await t.app.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, buyer.userId), eq(paymentOrders.kind, 'subscription')));
  if (order?.status !== 'active') throw new Error(`subscription order not active: ${order?.status}`);
  return order;
}

const grantOf = async (orderId: string) =>
  (await t.app.db.select().from(entitlements).where(eq(entitlements.orderId, orderId)))[0];

async function isSubscribed(buyer: Buyer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/isSubscribed', headers: buyer.headers });
  return res.json() as {
    isSubscribed: boolean;
    subscriptionPlan: { id: string } | null;
    subscriptionEndDate: string;
  };
}

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

describe('a card plan bought while a guest membership runs (issue 39 point 3, decision 0275)', () => {
  it('PLATINUM then Oro annual: the three PLATINUM months wait after the Oro year, as in the other order', async () => {
    const buyer = await verifiedBuyer();
    const guest = await buyGuestTier(buyer.email, 'PLATINUM');
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({
      endDate: addToDate(today(), { months: 3 }),
      planId: 'plan-esencial',
    });

    const card = await subscribeByCard(buyer, 'Plan Oro', 'annual');
    const cardEnd = (await grantOf(card.id))?.endsOn ?? '';
    expect(cardEnd >= addToDate(today(), { months: 12 })).toBe(true);
    // Oro now, and her PLATINUM months after the Oro year: nothing she paid for runs under another plan
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: addToDate(cardEnd, { months: 3 }),
      planId: 'plan-oro',
      origin: 'CARD',
    });
    expect(await grantOf(guest.id)).toMatchObject({
      state: 'active',
      queued: true,
      startsOn: addToDate(cardEnd, { days: 1 }),
      endsOn: addToDate(cardEnd, { months: 3 }),
    });
    expect((await isSubscribed(buyer)).subscriptionEndDate.slice(0, 10)).toBe(
      addToDate(cardEnd, { months: 3 }),
    );
  });

  it('only the days not used yet wait; a withdrawal of the card plan brings them back to today', async () => {
    const buyer = await verifiedBuyer();
    const guest = await buyGuestTier(buyer.email, 'PLATINUM');
    // she has used ten days of it
    await t.app.db.execute(
      sql`update entitlements set starts_on = starts_on - 10, ends_on = ends_on - 10 where order_id = ${guest.id}`,
    );
    const card = await subscribeByCard(buyer, 'Plan Oro', 'monthly');
    const cardEnd = (await grantOf(card.id))?.endsOn ?? '';
    const left = { months: 3, days: -10 };
    expect(await grantOf(guest.id)).toMatchObject({
      startsOn: addToDate(cardEnd, { days: 1 }),
      endsOn: addToDate(cardEnd, left),
    });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(cardEnd, left));

    const payment = (await paymentsOf(buyer)).find((p) => p.kind === 'subscription');
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: payment?.id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // the Oro month is gone; what was left of PLATINUM runs from today
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: addToDate(today(), left),
      planId: 'plan-esencial',
      origin: 'GUEST_PURCHASE',
    });
  });
});
