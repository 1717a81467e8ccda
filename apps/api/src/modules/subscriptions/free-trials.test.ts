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
import { addToDate } from './subscription-dates';

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

  it('is not given to a second account with the same card; another card on a fresh account keeps it', async () => {
    const first = await newBuyer(t.app);
    expect((await oroMonthly(first, await cardToken(t.emulator, 'APRO', '30999888'))).statusCode).toBe(200);

    const second = await newBuyer(t.app);
    // Her account never had a trial, so the plan shows one; the card tells the truth at payment.
    expect(await oroTrialShownTo(second)).not.toBeNull();
    const sameCard = await oroMonthly(second, await cardToken(t.emulator, 'APRO', '30999888'));
    expect(sameCard.statusCode).toBe(409);
    expect(sameCard.json().internalCode).toBe('FREE_TRIAL_ALREADY_USED');
    expect(await ordersOf(t.app, second.userId)).toEqual([]);

    const third = await newBuyer(t.app);
    const otherCard = await oroMonthly(third, await cardToken(t.emulator, 'APRO', '30111000'));
    expect(otherCard.statusCode).toBe(200);
    expect(otherCard.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));
    const { rows } = await t.app.db.execute<{ card_fingerprint: string }>(
      sql`select card_fingerprint from free_trials where user_id = ${third.userId}`,
    );
    // A keyed hash, never the digits or the document.
    expect(rows[0]?.card_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.card_fingerprint).not.toContain('3704');
  });
});
