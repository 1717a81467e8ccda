import { eq, sql } from 'drizzle-orm';
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
import { paymentOrders, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const preapprovalOf = (id: string) => t.emulator.control.state().preapprovals[id]?.resource;

async function mailsTo(to: string): Promise<Mail[]> {
  await t.app.mail.flush();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

const mine = (buyer: Buyer) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers });
const cancel = (buyer: Buyer) =>
  t.app.inject({ method: 'POST', url: '/api/users/me/subscription/cancel', headers: buyer.headers });

async function subscribed(plan = 'Plan Básico', frequency = 'monthly', holder = 'APRO') {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: plan,
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, holder),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  return {
    buyer,
    order: order as NonNullable<typeof order>,
    endDate: res.json().subscriptionEndDate as string,
  };
}

describe('GET /api/users/me/subscription', () => {
  it('answers none without a subscription, and 401 without a session', async () => {
    const buyer = await newBuyer(t.app);
    expect((await mine(buyer)).json()).toMatchObject({
      status: 'none',
      plan: null,
      card: null,
      origin: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/subscription' })).statusCode).toBe(401);
  });

  it('shows an active card subscription: plan, next charge date and amount, the card kept at checkout', async () => {
    const { buyer, endDate } = await subscribed();
    expect(endDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    expect((await mine(buyer)).json()).toEqual({
      plan: { id: 'basico', name: 'Plan Básico' },
      frequency: 'monthly',
      status: 'active',
      trialEndsAt: null,
      currentPeriodEnd: endDate,
      nextChargeDate: endDate,
      nextChargeAmount: 1_000_000,
      card: { brand: 'visa', lastFour: '3704' },
      cancelledAt: null,
      cancellationCode: null,
      graceUntil: null,
      origin: 'CARD',
    });
  });

  it('shows a free trial until its first charge', async () => {
    const { buyer } = await subscribed('Plan Oro', 'monthly');
    const trialEnd = addToDate(argentinaDate(), { days: 7 });
    expect((await mine(buyer)).json()).toMatchObject({
      status: 'trial',
      trialEndsAt: trialEnd,
      nextChargeDate: trialEnd,
      nextChargeAmount: 2_000_000,
    });
  });

  it('shows a promo-code subscription with its plan and end date, but no card and nothing to manage', async () => {
    const buyer = await newBuyer(t.app);
    const end = addToDate(argentinaDate(), { days: 30 });
    await t.app.db
      .update(users)
      .set({ subscriptionEndDate: end, subscriptionPlanId: 'basico', lastServiceOrigin: 'PROMO_CODE' })
      .where(eq(users.id, buyer.userId));
    expect((await mine(buyer)).json()).toMatchObject({
      status: 'active',
      plan: { id: 'basico', name: 'Plan Básico' },
      currentPeriodEnd: end,
      nextChargeDate: null,
      card: null,
      origin: 'PROMO_CODE',
    });
    const refused = await cancel(buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('SUBSCRIPTION_NOT_CANCELLABLE');
  });
});

describe('POST /api/users/me/subscription/cancel', () => {
  it('cancels at the provider in one step, keeps access to the end date, mails the código de baja; a second call answers the same', async () => {
    const { buyer, order, endDate } = await subscribed();
    const res = await cancel(buyer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'cancelled',
      currentPeriodEnd: endDate,
      nextChargeDate: null,
      cancellationCode: expect.stringMatching(/^BAJA-[A-Z2-9]{10}$/),
      cancelledAt: expect.any(String),
      card: { brand: 'visa', lastFour: '3704' },
    });
    expect(preapprovalOf(order.provider_preapproval_id ?? '')?.status).toBe('cancelled');
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ endDate });

    // The provider's notification of the cancellation changes nothing.
    await settleWebhooks(t.emulator);
    await t.emulator.control.replayPreapprovalNotification(order.provider_preapproval_id ?? '', 1);
    const again = await cancel(buyer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect((await ordersOf(t.app, buyer.userId)).map((o) => o.status)).toEqual(['cancelled']);

    const mails = (await mailsTo(buyer.email)).filter((m) => m.subject === 'Cancelaste tu suscripción');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(body.cancellationCode);
    expect(mails[0]?.text).toContain('hasta el');
    // Access stays: she is still subscribed.
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json().isSubscribed).toBe(true);
  });

  it('gives a code to a subscription cancelled at the provider first (the webhook came before)', async () => {
    const { buyer, order } = await subscribed();
    await t.app.paymentGateway?.cancelSubscription(order.provider_preapproval_id ?? '');
    await settleWebhooks(t.emulator);
    await eventually(async () => expect((await ordersOf(t.app, buyer.userId))[0]?.status).toBe('cancelled'));
    const res = await cancel(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellationCode: expect.stringMatching(/^BAJA-/),
    });
  });

  it('cancels once under concurrent requests: one código de baja, one mail', async () => {
    const { buyer } = await subscribed();
    const answers = await Promise.all([cancel(buyer), cancel(buyer), cancel(buyer)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const codes = new Set(answers.map((a) => a.json().cancellationCode));
    expect(codes.size).toBe(1);
    expect(
      (await mailsTo(buyer.email)).filter((m) => m.subject === 'Cancelaste tu suscripción'),
    ).toHaveLength(1);
  });

  it('answers 404 NO_SUBSCRIPTION without one', async () => {
    const buyer = await newBuyer(t.app);
    const res = await cancel(buyer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ internalCode: 'NO_SUBSCRIPTION', message: expect.any(String) });
  });
});

describe('POST /api/users/me/subscription/reactivate', () => {
  it('makes a new agreement on the same terms whose first charge is at the end of the paid period; nothing charged now', async () => {
    const { buyer, order, endDate } = await subscribed();
    await cancel(buyer);
    const chargesBefore = Object.keys(t.emulator.control.state().payments).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'APRO') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      currentPeriodEnd: endDate,
      nextChargeDate: endDate,
      nextChargeAmount: 1_000_000,
      cancellationCode: null,
      card: { brand: 'visa', lastFour: '3704' },
    });
    await settleWebhooks(t.emulator);
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'active']);
    const fresh = preapprovalOf(orders[1]?.provider_preapproval_id ?? '');
    const old = preapprovalOf(order.provider_preapproval_id ?? '');
    expect(fresh).toMatchObject({ status: 'authorized', auto_recurring: { transaction_amount: 10_000 } });
    expect(fresh?.next_payment_date).toBe(old?.next_payment_date);
    expect(Object.keys(t.emulator.control.state().payments)).toHaveLength(chargesBefore);
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ endDate, origin: 'CARD' });

    // The renewal then charges the new agreement and extends access.
    t.emulator.control.chargePreapproval(fresh?.id ?? '', 'approved');
    await settleWebhooks(t.emulator);
    await eventually(async () =>
      expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(
        addToDate(endDate, { months: 1 }),
      ),
    );

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'APRO') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('SUBSCRIPTION_NOT_REACTIVATABLE');
  });

  it('two reactivations at once (two tabs, a double click) make one agreement', async () => {
    const { buyer } = await subscribed();
    await cancel(buyer);
    const preapprovalsBefore = Object.keys(t.emulator.control.state().preapprovals).length;
    const tokens = [await cardToken(t.emulator, 'APRO'), await cardToken(t.emulator, 'APRO')];
    const answers = await Promise.all(
      tokens.map((cardToken) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/me/subscription/reactivate',
          headers: buyer.headers,
          payload: { cardToken },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    await settleWebhooks(t.emulator);
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.filter((o) => o.status === 'active')).toHaveLength(1);
    expect(Object.keys(t.emulator.control.state().preapprovals)).toHaveLength(preapprovalsBefore + 1);
  });

  it('refuses after the end date, and a refused card answers 402', async () => {
    const { buyer } = await subscribed();
    await cancel(buyer);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'FUND') },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      internalCode: 'PAYMENT_REFUSED',
      refusedReason: 'INSUFFICIENT_AMOUNT',
    });
    await t.app.db
      .update(users)
      .set({ subscriptionEndDate: addToDate(argentinaDate(), { days: -1 }) })
      .where(eq(users.id, buyer.userId));
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'APRO') },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().internalCode).toBe('SUBSCRIPTION_NOT_REACTIVATABLE');
    expect((await mine(buyer)).json().status).toBe('expired');
  });
});

describe('PUT /api/users/me/subscription/card', () => {
  it('replaces the card at the provider and shows the new brand and last four', async () => {
    const { buyer, order } = await subscribed();
    const master = await fetch(`${t.emulator.url}/v1/card_tokens?public_key=TEST-api-tests-public-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '5031755734530604',
        expiration_month: 11,
        expiration_year: 2030,
        security_code: '123',
        cardholder: { name: 'APRO', identification: { type: 'DNI', number: '30111999' } },
      }),
    });
    const token = ((await master.json()) as { id: string }).id;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription/card',
      headers: buyer.headers,
      payload: { cardToken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', card: { brand: 'master', lastFour: '0604' } });
    const stored = t.emulator.control.state().preapprovals[order.provider_preapproval_id ?? ''];
    expect(stored?.resource.payment_method_id).toBe('master');
    expect(stored?.card.last_four_digits).toBe('0604');
  });

  it('only changes her own subscription: another user without one gets 404, a cancelled one 409', async () => {
    const other = await newBuyer(t.app);
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription/card',
      headers: other.headers,
      payload: { cardToken: await cardToken(t.emulator) },
    });
    expect(none.statusCode).toBe(404);
    const { buyer } = await subscribed();
    await cancel(buyer);
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription/card',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator) },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().internalCode).toBe('SUBSCRIPTION_CARD_NOT_CHANGEABLE');
  });
});

describe('withdrawn orders', () => {
  it('count as no subscription', async () => {
    const { buyer, order } = await subscribed();
    await t.app.db.update(paymentOrders).set({ status: 'withdrawn' }).where(eq(paymentOrders.id, order.id));
    await t.app.db.execute(sql`update users set subscription_end_date = null where id = ${buyer.userId}`);
    expect((await mine(buyer)).json()).toMatchObject({ status: 'none', plan: null });
  });
});
