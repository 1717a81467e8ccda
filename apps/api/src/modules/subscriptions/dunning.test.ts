import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { entitlements, paymentOrders, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

// Failed renewals, on the real path: the emulator refuses a renewal and retries it on Mercado
// Pago's schedule, each attempt notifies our webhook; a card change charges at once; the watcher
// ends access when the grace period passes unpaid and reminds annual subscribers.

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

async function mailsTo(to: string): Promise<Mail[]> {
  await t.app.mail.flush();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

const mine = async (buyer: Buyer) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers })).json();

async function subscribed(frequency = 'monthly') {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  return { buyer, orderId: order?.id ?? '', preapprovalId: order?.provider_preapproval_id ?? '' };
}

async function refusedRenewal() {
  const subscription = await subscribed();
  const due = (await storedSubscription(t.app, subscription.buyer.userId))?.endDate ?? '';
  // The emulator renews on demand: play the day the renewal is due (her paid period reaches today:
  // her agreement's grant, and the account's cache of it).
  await t.app.db
    .update(entitlements)
    .set({ endsOn: argentinaDate() })
    .where(eq(entitlements.orderId, subscription.orderId));
  await t.app.db
    .update(users)
    .set({ subscriptionEndDate: argentinaDate() })
    .where(eq(users.id, subscription.buyer.userId));
  t.emulator.control.chargePreapproval(subscription.preapprovalId, 'rejected');
  await settleWebhooks(t.emulator);
  const graceUntil = addToDate(argentinaDate(), { days: 7 });
  await eventually(async () => expect((await mine(subscription.buyer)).status).toBe('past_due'));
  return { ...subscription, due, graceUntil };
}

const pastDueMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject === 'No pudimos cobrar tu suscripción');

describe('a refused renewal', () => {
  it('makes it "pago pendiente": 7 days of grace, access kept, one mail with the link to change the card', async () => {
    const { buyer, graceUntil } = await refusedRenewal();
    expect(await mine(buyer)).toMatchObject({
      status: 'past_due',
      graceUntil,
      currentPeriodEnd: graceUntil,
      nextChargeAmount: 1_000_000,
    });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(graceUntil);
    const mails = await pastDueMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${t.url}/mi-cuenta/suscripcion`);
    expect(mails[0]?.text).toContain('$');
  });

  it('stays past due through refused retries (one mail), and a retry that goes through makes it active again', async () => {
    const { buyer, preapprovalId, due } = await refusedRenewal();
    const retry = (outcome: string) =>
      fetch(`${t.emulator.url}/_control/preapproval/${preapprovalId}/retry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome }),
      });
    expect((await retry('rejected')).status).toBe(200);
    await settleWebhooks(t.emulator);
    expect((await mine(buyer)).status).toBe('past_due');
    expect(await pastDueMails(buyer.email)).toHaveLength(1);

    expect((await retry('approved')).status).toBe(200);
    await settleWebhooks(t.emulator);
    const nextCharge = addToDate(due, { months: 1 });
    await eventually(async () =>
      expect(await mine(buyer)).toMatchObject({
        status: 'active',
        graceUntil: null,
        currentPeriodEnd: nextCharge,
        nextChargeDate: nextCharge,
      }),
    );
    // Replays of the old refusals do not bring the debt back.
    const refusals = Object.values(t.emulator.control.state().payments).filter(
      (p) => p.metadata.preapproval_id === preapprovalId && p.status === 'rejected',
    );
    for (const refusal of refusals) await t.emulator.control.replayPaymentNotification(refusal.id, 1);
    expect((await mine(buyer)).status).toBe('active');
  });

  it('is paid at once by a card change, answered as active', async () => {
    const { buyer, due } = await refusedRenewal();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription/card',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'APRO') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      currentPeriodEnd: addToDate(due, { months: 1 }),
      card: { brand: 'visa', lastFour: '3704' },
    });
  });

  it('ends access when the grace period passes unpaid: agreement cancelled, order expired, a mail to subscribe again', async () => {
    const { buyer, orderId, preapprovalId } = await refusedRenewal();
    expect(await t.app.subscriptionWatcher.tick()).toBe(0);
    const yesterday = addToDate(argentinaDate(), { days: -1 });
    await t.app.db.update(paymentOrders).set({ graceUntil: yesterday }).where(eq(paymentOrders.id, orderId));
    expect(await t.app.subscriptionWatcher.tick()).toBe(1);
    expect(t.emulator.control.state().preapprovals[preapprovalId]?.resource.status).toBe('cancelled');
    expect((await ordersOf(t.app, buyer.userId)).map((o) => o.status)).toEqual(['expired']);
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(yesterday);
    expect(await mine(buyer)).toMatchObject({ status: 'expired', nextChargeDate: null });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json().isSubscribed).toBe(false);
    const ended = (await mailsTo(buyer.email)).filter((m) => m.subject === 'Tu suscripción terminó');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain(`${t.url}/compra/suscripcion`);
    // The provider's cancellation notification does not move it back.
    await settleWebhooks(t.emulator);
    expect((await ordersOf(t.app, buyer.userId)).map((o) => o.status)).toEqual(['expired']);
    expect(await t.app.subscriptionWatcher.tick()).toBe(0);
  });
});

describe('annual renewal reminder', () => {
  it('mails annual subscribers 7 days before the renewal with the amount, once per renewal', async () => {
    const monthly = await subscribed('monthly');
    const annual = await subscribed('annual');
    const inSevenDays = addToDate(argentinaDate(), { days: 7 });
    // the agreements' periods (their grants, decision 90) and the account's cache reach in 7 days
    for (const { buyer } of [monthly, annual]) {
      await t.app.db
        .update(users)
        .set({ subscriptionEndDate: inSevenDays })
        .where(eq(users.id, buyer.userId));
      await t.app.db
        .update(entitlements)
        .set({ endsOn: inSevenDays })
        .where(eq(entitlements.userId, buyer.userId));
    }
    expect(await t.app.subscriptionWatcher.tick()).toBeGreaterThanOrEqual(1);
    expect(await t.app.subscriptionWatcher.tick()).toBe(0);
    const reminders = (await mailsTo(annual.buyer.email)).filter((m) => m.subject.includes('se renueva'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('90.000');
    expect((await mailsTo(monthly.buyer.email)).filter((m) => m.subject.includes('se renueva'))).toHaveLength(
      0,
    );
  });
});
