import { createHmac } from 'node:crypto';
import type { SubscriptionPlan } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
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
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

// Plan Oro monthly has a 7-day free trial in the test plans.
const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const oroMonthly = async (buyer: Buyer, token: string, extra: Record<string, unknown> = {}) =>
  subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Oro',
    subscriptionPlanFrequency: 'monthly',
    cardToken: token,
    ...extra,
  });
const oroTrialShownTo = async (buyer: Buyer) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/subscriptions/search?name=Plan%20Oro&planFrequency=monthly',
    headers: buyer.headers,
  });
  return (res.json() as SubscriptionPlan).providerPlans.monthly?.freeTrial ?? null;
};
/** Her subscription ended (cancelled and lapsed): what a person who left looks like. */
const lapse = async (buyer: Buyer) => {
  await t.app.db.execute(
    sql`update payment_orders set status = 'cancelled' where user_id = ${buyer.userId} and status = 'active'`,
  );
  await t.app.db.execute(
    sql`update users set subscription_end_date = ${addToDate(argentinaDate(), { days: -1 })} where id = ${buyer.userId}`,
  );
};
const paymentsAtProvider = () => Object.keys(t.emulator.control.state().payments).length;

describe('a free trial, once per person', () => {
  it('is not given again after she cancelled: the plan shows none, and a trial she expects is refused, not charged', async () => {
    const buyer = await newBuyer(t.app);
    expect(await oroTrialShownTo(buyer)).toEqual({ frequency: 7, frequencyType: 'days' });
    expect((await oroMonthly(buyer, await cardToken(t.emulator))).statusCode).toBe(200);
    await lapse(buyer);

    expect(await oroTrialShownTo(buyer)).toBeNull();
    const before = paymentsAtProvider();
    const refused = await oroMonthly(buyer, await cardToken(t.emulator));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      internalCode: 'FREE_TRIAL_ALREADY_USED',
      message: expect.stringContaining('Ya usaste tu prueba gratis'),
    });
    expect(paymentsAtProvider()).toBe(before);

    // Knowing it, she subscribes without the trial: charged today, a month of access.
    const paid = await oroMonthly(buyer, await cardToken(t.emulator), { expectsFreeTrial: false });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.at(-1)).toMatchObject({ status: 'active', payments: 1 });
    await settleWebhooks(t.emulator);
  });

  it('is given once per card: three accounts, one card, three names and documents; only the first gets the trial', async () => {
    const card = { month: 4, year: 2034 };
    const accounts = [await newBuyer(t.app), await newBuyer(t.app), await newBuyer(t.app)];
    const typed = [
      ['APRO', '30999888'],
      ['APRO OTRA', '27111222'],
      ['APRO TERCERA', '41333444'],
    ] as const;

    const first = await oroMonthly(accounts[0] as Buyer, await cardToken(t.emulator, ...typed[0], card));
    expect(first.statusCode).toBe(200);
    expect(first.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));

    for (const [i, buyer] of [accounts[1], accounts[2]].entries()) {
      const [name, document] = typed[i + 1] as readonly [string, string];
      // Her account never had a trial, so the plan shows one; the card tells the truth at payment.
      expect(await oroTrialShownTo(buyer as Buyer)).not.toBeNull();
      const before = paymentsAtProvider();
      const refused = await oroMonthly(buyer as Buyer, await cardToken(t.emulator, name, document, card));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        internalCode: 'FREE_TRIAL_ALREADY_USED',
        message: expect.stringContaining('Ya usaste tu prueba gratis'),
      });
      expect(paymentsAtProvider()).toBe(before);
      expect(await ordersOf(t.app, (buyer as Buyer).userId)).toEqual([]);
      // Told so, she subscribes with the same card, charged today: no trial for her.
      const paid = await oroMonthly(buyer as Buyer, await cardToken(t.emulator, name, document, card), {
        expectsFreeTrial: false,
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    }
    const { rows: trials } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from free_trials where user_id in (${accounts[0]?.userId}, ${accounts[1]?.userId}, ${accounts[2]?.userId})`,
    );
    expect(trials[0]?.n).toBe(1);
    await settleWebhooks(t.emulator);
  });

  it('tells cards apart by their expiry too, and keeps no name, document or digits', async () => {
    const first = await newBuyer(t.app);
    expect(
      (await oroMonthly(first, await cardToken(t.emulator, 'APRO', '30999888', { month: 5, year: 2035 })))
        .statusCode,
    ).toBe(200);
    // The same digits with another expiry are another card (a renewed plastic is a new card).
    const other = await newBuyer(t.app);
    const otherCard = await oroMonthly(
      other,
      await cardToken(t.emulator, 'APRO', '30999888', { month: 6, year: 2035 }),
    );
    expect(otherCard.statusCode).toBe(200);
    expect(otherCard.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));
    const { rows } = await t.app.db.execute<{ card_fingerprint: string }>(
      sql`select card_fingerprint from free_trials where user_id = ${other.userId}`,
    );
    // A keyed hash, never the digits, the expiry or the document.
    expect(rows[0]?.card_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    for (const clear of ['3704', '450995', '2035', '30999888']) {
      expect(rows[0]?.card_fingerprint).not.toContain(clear);
    }
  });

  it('still counts a trial recorded before, under the card and the document it was given with', async () => {
    const earlier = await newBuyer(t.app);
    const legacy = createHmac('sha256', t.app.codeSecret).update('card:450995:3704:28555666').digest('hex');
    await t.app.db.execute(
      sql`insert into free_trials (user_id, card_fingerprint, plan_id) values (${earlier.userId}, ${legacy}, 'oro')`,
    );
    const again = await newBuyer(t.app);
    const refused = await oroMonthly(again, await cardToken(t.emulator, 'APRO', '28555666'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('FREE_TRIAL_ALREADY_USED');
  });
});
