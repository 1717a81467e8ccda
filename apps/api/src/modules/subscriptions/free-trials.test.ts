import { createHmac } from 'node:crypto';
import type { SubscriptionPlan } from '@alcancia/contract';
import { TEST_CARDS } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  freshVisaNumber,
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
    const number = freshVisaNumber();
    const accounts = [await newBuyer(t.app), await newBuyer(t.app), await newBuyer(t.app)];
    const typed = [
      ['APRO', '30999888'],
      ['APRO OTRA', '27111222'],
      ['APRO TERCERA', '41333444'],
    ] as const;

    const first = await oroMonthly(
      accounts[0] as Buyer,
      await cardToken(t.emulator, ...typed[0], card, number),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));

    for (const [i, buyer] of [accounts[1], accounts[2]].entries()) {
      const [name, document] = typed[i + 1] as readonly [string, string];
      // Her account never had a trial, so the plan shows one; the card tells the truth at payment.
      expect(await oroTrialShownTo(buyer as Buyer)).not.toBeNull();
      const before = paymentsAtProvider();
      const refused = await oroMonthly(
        buyer as Buyer,
        await cardToken(t.emulator, name, document, card, number),
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        internalCode: 'FREE_TRIAL_ALREADY_USED',
        message: expect.stringContaining('Ya usaste tu prueba gratis'),
      });
      expect(paymentsAtProvider()).toBe(before);
      expect(await ordersOf(t.app, (buyer as Buyer).userId)).toEqual([]);
      // Told so, she subscribes with the same card, charged today: no trial for her.
      const paid = await oroMonthly(
        buyer as Buyer,
        await cardToken(t.emulator, name, document, card, number),
        {
          expectsFreeTrial: false,
        },
      );
      expect(paid.statusCode).toBe(200);
      expect(paid.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    }
    const { rows: trials } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from free_trials where user_id in (${accounts[0]?.userId}, ${accounts[1]?.userId}, ${accounts[2]?.userId})`,
    );
    expect(trials[0]?.n).toBe(1);
    await settleWebhooks(t.emulator);
  });

  it('knows the card by its digits, not by the expiry typed: another expiry gets no second trial; keeps no name, document or digits', async () => {
    const number = freshVisaNumber();
    const first = await newBuyer(t.app);
    expect(
      (
        await oroMonthly(
          first,
          await cardToken(t.emulator, 'APRO', '30999888', { month: 5, year: 2035 }, number),
        )
      ).statusCode,
    ).toBe(200);
    // The same card typed with another expiry (a mistake, or on purpose) is still that card.
    const other = await newBuyer(t.app);
    const before = paymentsAtProvider();
    const otherExpiry = await oroMonthly(
      other,
      await cardToken(t.emulator, 'APRO', '30999888', { month: 6, year: 2036 }, number),
    );
    expect(otherExpiry.statusCode).toBe(409);
    expect(otherExpiry.json().internalCode).toBe('FREE_TRIAL_ALREADY_USED');
    expect(paymentsAtProvider()).toBe(before);
    expect(await ordersOf(t.app, other.userId)).toEqual([]);

    const { rows } = await t.app.db.execute<{ card_key: string; card_fingerprint: string }>(
      sql`select card_key, card_fingerprint from free_trials where user_id = ${first.userId}`,
    );
    // Keyed hashes, never the digits, the expiry or the document.
    for (const value of [rows[0]?.card_key, rows[0]?.card_fingerprint]) {
      expect(value).toMatch(/^[0-9a-f]{64}$/);
      for (const clear of [number.slice(-4), number.slice(0, 6), '2035', '30999888']) {
        expect(value).not.toContain(clear);
      }
    }
  });

  it('three accounts paying with one card at the same moment: one trial, the others told before any charge', async () => {
    const number = freshVisaNumber();
    const accounts = [await newBuyer(t.app), await newBuyer(t.app), await newBuyer(t.app)];
    const tokens = await Promise.all(
      accounts.map((_, i) =>
        cardToken(t.emulator, 'APRO', String(30_000_000 + i), { month: 3 + i, year: 2033 }, number),
      ),
    );
    const answers = await Promise.all(accounts.map((buyer, i) => oroMonthly(buyer, tokens[i] ?? '')));
    await settleWebhooks(t.emulator);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().internalCode).toBe('FREE_TRIAL_ALREADY_USED');
    }
    const trialGranted = answers.find((a) => a.statusCode === 200);
    expect(trialGranted?.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));
    const { rows } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from free_trials where user_id in (${accounts[0]?.userId}, ${accounts[1]?.userId}, ${accounts[2]?.userId})`,
    );
    expect(rows[0]?.n).toBe(1);
    // No agreement was made for the two refused: nothing at the provider charges them later.
    const orders = await Promise.all(accounts.map((buyer) => ordersOf(t.app, buyer.userId)));
    expect(orders.map((o) => o.length).sort()).toEqual([0, 0, 1]);
  });

  it('a trial whose agreement was refused is released: the card can start one later', async () => {
    const number = freshVisaNumber();
    const buyer = await newBuyer(t.app);
    const refused = await oroMonthly(
      buyer,
      await cardToken(t.emulator, 'OTHE', '30999888', undefined, number),
    );
    expect(refused.statusCode).toBe(402);
    const { rows } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from free_trials where user_id = ${buyer.userId}`,
    );
    expect(rows[0]?.n).toBe(0);
    const later = await oroMonthly(buyer, await cardToken(t.emulator, 'APRO', '30999888', undefined, number));
    expect(later.statusCode).toBe(200);
    expect(later.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 7 }));
  });

  it('still counts a trial recorded before, under the card and the document it was given with', async () => {
    const earlier = await newBuyer(t.app);
    const legacy = createHmac('sha256', t.app.codeSecret).update('card:450995:3704:28555666').digest('hex');
    await t.app.db.execute(
      sql`insert into free_trials (user_id, card_fingerprint, plan_id) values (${earlier.userId}, ${legacy}, 'oro')`,
    );
    const again = await newBuyer(t.app);
    const refused = await oroMonthly(
      again,
      await cardToken(t.emulator, 'APRO', '28555666', undefined, TEST_CARDS.visa.number),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('FREE_TRIAL_ALREADY_USED');
  });
});
