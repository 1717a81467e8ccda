import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
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
import { argentinaDate } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate } from '../../lib/subscription-dates';

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const preapprovalOf = (id: string) => t.emulator.control.state().preapprovals[id]?.resource;
const paymentsOf = (preapprovalId: string) =>
  Object.values(t.emulator.control.state().payments).filter(
    (p) => p.metadata.preapproval_id === preapprovalId,
  );

describe('POST /api/users/mercadopago/suscription', () => {
  it('approves: charges the server price, grants up to the provider’s next charge date (Argentina)', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'plan básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(t.app, buyer.userId);
    const preapproval = preapprovalOf(order?.provider_preapproval_id ?? '');
    const endDate = argentinaDate(new Date(preapproval?.next_payment_date ?? ''));
    expect(res.json()).toEqual({
      status: 'approved',
      isUpgradeSubscription: false,
      subscriptionEndDate: endDate,
    });
    expect(endDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate,
      planId: 'basico',
      origin: 'CARD',
    });
    expect(order).toMatchObject({ status: 'active', amount_centavos: 1_000_000, payments: 1 });
    expect(preapproval?.auto_recurring).toMatchObject({
      transaction_amount: 10000,
      frequency: 1,
      frequency_type: 'months',
    });
    expect(preapproval?.external_reference).toBe(`subscription:${order?.id}`);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json()).toEqual({
      isSubscribed: true,
      subscriptionPlan: { id: 'basico', name: 'Plan Básico', weight: 1, privateServices: [] },
      subscriptionEndDate: endDate,
    });
    const origin = await t.app.inject({
      method: 'GET',
      url: '/api/users/subscriptions/lastOrigin',
      headers: buyer.headers,
    });
    expect(origin.json()).toEqual({ lastUserServiceOrigin: 'CARD' });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/users/mercadopago/suscription',
      headers: buyer.headers,
    });
    expect(current.json().subscription).toMatchObject({
      status: 'active',
      planId: 'basico',
      planName: 'Plan Básico',
      frequency: 'monthly',
      amount: 1_000_000,
      currency: 'ARS',
      promoCodeApplied: false,
      freeTrial: null,
      subscriptionEndDate: endDate,
    });

    // The confirmation mail (decision 88): the charge, the next one, and the withdrawal window.
    await eventually(async () => {
      const mail = (await mailsTo(t.app, buyer.email)).find((m) => m.subject.startsWith('Tu suscripción'));
      expect(mail?.subject).toBe('Tu suscripción al Plan Básico está activa');
      expect(mail?.text).toMatch(/Pagaste \$\s10\.000,00 con la tarjeta terminada en \d{4}/);
      expect(mail?.text).toContain(`Tu próximo cobro es el ${spanishDate(endDate)}.`);
      expect(mail?.text).toContain(`tenés hasta el ${spanishDate(addToDate(argentinaDate(), { days: 10 }))}`);
    });
  });

  it.each([
    ['FUND', 'INSUFFICIENT_AMOUNT'],
    ['CALL', 'CALL_FOR_AUTHORIZE'],
    ['SECU', 'FILLED_SECURITY_CODE'],
    ['EXPI', 'FILLED_DATE'],
    ['OTHE', 'UNEXPECTED_ERROR'],
    ['FORM', 'UNEXPECTED_ERROR'],
  ])('refuses a %s card with refusedReason %s and grants nothing', async (cardholder, refusedReason) => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, cardholder),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ internalCode: 'PAYMENT_REFUSED', refusedReason });
    expect(res.json().message).toEqual(expect.any(String));
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ endDate: null, planId: null });
    expect(await ordersOf(t.app, buyer.userId)).toMatchObject([
      { status: 'refused', refused_reason: refusedReason },
    ]);
  });

  it('answers pending for a charge in process, and grants when the provider settles it', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'CONT'),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'pending', isUpgradeSubscription: false });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBeNull();
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order?.status).toBe('pending');

    // A second checkout while the first charge is in process would risk two subscriptions.
    const again = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('SUBSCRIPTION_PAYMENT_PENDING');

    const [payment] = paymentsOf(order?.provider_preapproval_id ?? '');
    t.emulator.control.settlePayment(payment?.id ?? 0, 'approved');
    const stored = await eventually(async () => {
      const row = await storedSubscription(t.app, buyer.userId);
      expect(row?.endDate).toBe(addToDate(argentinaDate(), { months: 1 }));
      return row;
    });
    expect(stored).toMatchObject({ planId: 'basico', origin: 'CARD' });
    expect((await ordersOf(t.app, buyer.userId))[0]?.status).toBe('active');
  });

  it('starts a free trial without charging: access until the trial’s end, first charge then', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBe(200);
    const trialEnd = addToDate(argentinaDate(), { days: 7 });
    expect(res.json()).toEqual({
      status: 'approved',
      isUpgradeSubscription: false,
      subscriptionEndDate: trialEnd,
    });
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order).toMatchObject({ status: 'active', payments: 0 });
    const preapprovalId = order?.provider_preapproval_id ?? '';
    expect(paymentsOf(preapprovalId)).toHaveLength(0);
    expect(argentinaDate(new Date(preapprovalOf(preapprovalId)?.next_payment_date ?? ''))).toBe(trialEnd);
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: trialEnd,
      planId: 'oro',
      origin: 'CARD',
    });

    // Her mail says the trial started and when the first charge comes; nothing to withdraw yet.
    await eventually(async () => {
      const mails = (await mailsTo(t.app, buyer.email)).filter((m) => m.subject.includes('Plan Oro'));
      expect(mails.map((m) => m.subject)).toEqual(['Empezó tu prueba gratis del Plan Oro']);
      expect(mails[0]?.text).toContain(`No te cobramos nada hasta el ${spanishDate(trialEnd)}`);
      expect(mails[0]?.text).not.toContain('arrepent');
    });

    // The first real charge, at the trial's end, extends access by one period: to the provider's
    // next billing date. Mercado Pago's wall clock is -04:00, so between 00:00 and 01:00 in Buenos
    // Aires its month ends a day earlier than ours; access follows the provider's date.
    t.emulator.control.chargePreapproval(preapprovalId, 'approved');
    await eventually(async () => {
      const next = argentinaDate(new Date(preapprovalOf(preapprovalId)?.next_payment_date ?? ''));
      expect([
        addToDate(trialEnd, { months: 1 }),
        addToDate(addToDate(trialEnd, { months: 1 }), { days: -1 }),
      ]).toContain(next);
      expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(next);
    });
    // A renewal is not a new purchase: no second confirmation.
    await settleWebhooks(t.emulator);
    expect(
      (await mailsTo(t.app, buyer.email)).filter((m) => m.subject.includes('Plan Oro')).map((m) => m.subject),
    ).toEqual(['Empezó tu prueba gratis del Plan Oro']);
  });

  it('charges the plan’s discount price', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'basico',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 12 }));
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order?.amount_centavos).toBe(9_000_000);
    const [payment] = paymentsOf(order?.provider_preapproval_id ?? '');
    expect(payment?.transaction_amount).toBe(90000);
  });

  it('refuses other countries, unknown plans, other providers and the current plan', async () => {
    const mexican = await newBuyer(t.app, 'MX');
    const token = await cardToken(t.emulator, 'APRO');
    const country = await subscribe(t.app, mexican, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: token,
    });
    expect(country.statusCode).toBe(403);
    expect(country.json().internalCode).toBe('COUNTRY_NOT_ALLOWED');

    const buyer = await newBuyer(t.app);
    const unknown = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Diamante',
      subscriptionPlanFrequency: 'monthly',
      cardToken: token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().internalCode).toBe('SUBSCRIPTION_PLAN_NOT_FOUND');
    const noFrequency = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Platino',
      subscriptionPlanFrequency: 'annual',
      cardToken: token,
    });
    expect(noFrequency.json().internalCode).toBe('SUBSCRIPTION_PLAN_NOT_FOUND');
    const external = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Externo',
      subscriptionPlanFrequency: 'monthly',
      cardToken: token,
    });
    expect(external.statusCode).toBe(409);
    expect(external.json().internalCode).toBe('CHECKOUT_PROVIDER_MISMATCH');

    await t.app.db.execute(
      sql`update users set subscription_end_date = ${addToDate(argentinaDate(), { days: 3 })}, subscription_plan_id = 'oro' where id = ${buyer.userId}`,
    );
    for (const plan of ['Plan Oro', 'Plan Básico']) {
      const same = await subscribe(t.app, buyer, {
        subscriptionPlanName: plan,
        subscriptionPlanFrequency: 'monthly',
        cardToken: token,
      });
      expect(same.statusCode).toBe(409);
      expect(same.json().internalCode).toBe('UPGRADE_NOT_ALLOWED');
    }
    // Nothing was sent to the provider: the token is still unused.
    expect(t.emulator.control.state().cardTokens[token]?.resource.status).toBe('active');
    expect(await ordersOf(t.app, buyer.userId)).toEqual([]);
  });

  it('needs a session and a card token', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/suscription',
      payload: { subscriptionPlanName: 'Plan Básico', subscriptionPlanFrequency: 'monthly', cardToken: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await newBuyer(t.app);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/suscription',
      headers: buyer.headers,
      payload: { subscriptionPlanName: 'Plan Básico', subscriptionPlanFrequency: 'daily' },
    });
    expect(invalid.statusCode).toBe(400);
    await settleWebhooks(t.emulator);
  });
});
