import type { AccountPayment } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  buyGuestTier,
  createPaymentsTestApp,
  storedSubscription,
  subscribeByCard,
  verifiedBuyer,
} from '../../../test/payments';
import { entitlements } from '../../db/schema';
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
    const buyer = await verifiedBuyer(t.app);
    const guest = await buyGuestTier(t, buyer.email, 'PLATINUM');
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({
      endDate: addToDate(today(), { months: 3 }),
      planId: 'plan-esencial',
    });

    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'annual');
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
    const buyer = await verifiedBuyer(t.app);
    const guest = await buyGuestTier(t, buyer.email, 'PLATINUM');
    // she has used ten days of it
    await t.app.db.execute(
      sql`update entitlements set starts_on = starts_on - 10, ends_on = ends_on - 10 where order_id = ${guest.id}`,
    );
    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
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

describe('what waits after her card plan keeps waiting (decision 0300)', () => {
  it('Oro monthly, then BLACK (queued after it), then an upgrade to Platino annual: BLACK waits after the Platino year', async () => {
    const buyer = await verifiedBuyer(t.app);
    await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    const guest = await buyGuestTier(t, buyer.email, 'BLACK');
    const months = (await grantOf(guest.id))?.lengthMonths ?? 0;
    expect(months).toBeGreaterThan(0);

    const platino = await subscribeByCard(t, buyer, 'Plan Platino', 'annual');
    const platinoEnd = (await grantOf(platino.id))?.endsOn ?? '';
    expect(platinoEnd >= addToDate(today(), { months: 12 })).toBe(true);
    // before: the Oro grant ended first, BLACK moved up to today beside the new year (its months lost)
    expect(await grantOf(guest.id)).toMatchObject({
      state: 'active',
      startsOn: addToDate(platinoEnd, { days: 1 }),
      endsOn: addToDate(platinoEnd, { months }),
    });
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: addToDate(platinoEnd, { months }),
      planId: 'plan-platino',
      origin: 'CARD',
    });
  });

  it('a free-period code (BIENVENIDA30), then Oro monthly: the code days left wait after the month', async () => {
    const buyer = await verifiedBuyer(t.app);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/users/subscriptions/usePromoCode',
      headers: buyer.headers,
      payload: { promoCode: 'BIENVENIDA30' },
    });
    expect(used.statusCode, used.body).toBe(200);
    const codeEnd = addToDate(today(), { days: 30 });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(codeEnd);

    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    const cardEnd = (await grantOf(card.id))?.endsOn ?? '';
    const [code] = await t.app.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, buyer.userId), eq(entitlements.source, 'promo_code')));
    // before: the code's 30 days ran from today beside the Oro month (31 days of access, not 61)
    expect(code).toMatchObject({
      state: 'active',
      queued: true,
      startsOn: addToDate(cardEnd, { days: 1 }),
      endsOn: addToDate(cardEnd, { days: 30 }),
    });
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: addToDate(cardEnd, { days: 30 }),
      planId: 'plan-oro',
      origin: 'CARD',
    });
  });
});
