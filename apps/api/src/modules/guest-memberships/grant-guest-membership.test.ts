import type { Credentials, SubscriptionStatus } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, goodPassword, login, register, uniqueEmail } from '../../../test/accounts';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import {
  createPaymentsTestApp,
  eventually,
  payOnCheckoutPage as payPreference,
  settleWebhooks,
  signedNotification,
} from '../../../test/payments';
import { fiscalDocuments, paymentOrders, payments, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate } from '../../lib/subscription-dates';
import { seedDemoSubscriptions } from '../subscriptions/seed-demo-subscriptions';

// The demo plans (plan-esencial, plan-oro, plan-platino) the tiers map to.
const t = testAppForFile(createPaymentsTestApp, (app) => seedDemoSubscriptions(app.db));

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every mail to `to`, newest first, through the dev mailbox (real SMTP capture). */
async function mailsTo(to: string): Promise<Mail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

/** A guest preference for `tier`; returns its id and the order behind it. */
async function preferenceFor(tier: string, payer: Record<string, unknown>) {
  const res = await createGuestPreference(t.app, guestPayload(tier, payer));
  expect(res.statusCode).toBe(200);
  const prefId = new URL((res.json() as { init_point: string }).init_point).searchParams.get('pref_id') ?? '';
  const [order] = await t.app.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerPreferenceId, prefId));
  if (!order) throw new Error('no order for the preference');
  return { prefId, orderId: order.id };
}

/** Pays on the emulator's Checkout Pro page as a buyer would (cardholder name = outcome). */
async function payOnCheckoutPage(prefId: string, email: string, cardholder = 'APRO') {
  const res = await payPreference(t.emulator, prefId, email, { cardholder, installments: 3 });
  await settleWebhooks(t.emulator);
  return res;
}

async function orderRow(orderId: string) {
  const [order] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return order;
}

async function accountsWith(email: string) {
  return t.app.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

const paymentIdOf = (location: string | null) => new URL(location ?? '').searchParams.get('payment_id') ?? '';

function linkIn(mail: Mail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

async function subscriptionOf(credentials: Credentials) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/isSubscribed',
    headers: bearer(credentials),
  });
  return res.json() as SubscriptionStatus;
}

describe('guest membership payments (webhook)', () => {
  it('an approved ORO payment creates the account, grants 6 months once and mails a way in that works', async () => {
    const email = uniqueEmail('nueva');
    const { prefId, orderId } = await preferenceFor('ORO', { email });
    const paid = await payOnCheckoutPage(prefId, email);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/compra/mf-oro/exito`);

    const [account, ...others] = await accountsWith(email);
    expect(others).toHaveLength(0);
    const endDate = addToDate(argentinaDate(), { months: 6 });
    expect(account).toMatchObject({
      email,
      name: 'Lucía Gómez',
      origin: 'guest_purchase',
      countryCode: 'AR',
      telephone: '+5491123456789',
      passwordHash: null,
      subscriptionEndDate: endDate,
      subscriptionPlanId: 'plan-oro',
      lastServiceOrigin: 'GUEST_PURCHASE',
    });
    expect(account?.emailVerifiedAt).not.toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', userId: account?.id });

    const [mail, ...moreMails] = await mailsTo(email);
    expect(moreMails).toHaveLength(0);
    expect(mail?.subject).toBe('Tu Membresía Oro de Alcancía está activa');
    expect(mail?.text).toContain(`activa hasta el ${spanishDate(endDate)}`);
    const setPassword = linkIn(mail as Mail, '/recover');
    const loginLink = linkIn(mail as Mail, '/academy');
    expect(setPassword.origin).toBe(t.url);
    expect(setPassword.searchParams.get('email')).toBe(email);

    // Replays (sequential, then at once) change nothing and send nothing.
    await t.emulator.control.replayPaymentNotification(paymentIdOf(paid.headers.get('location')), 3);
    const burst = await Promise.all(
      [1, 2, 3].map(() => signedNotification(t.url, 'payment', paymentIdOf(paid.headers.get('location')))),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await accountsWith(email))[0]?.subscriptionEndDate).toBe(endDate);
    expect(await accountsWith(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);

    // The one-click link logs in (once) and the account is subscribed to Plan Oro.
    const viaLink = await t.app.inject({
      method: 'GET',
      url: `/api/users/credentials?${new URLSearchParams({
        email: loginLink.searchParams.get('email') ?? '',
        verification_code: loginLink.searchParams.get('verification_code') ?? '',
      })}`,
    });
    expect(viaLink.statusCode).toBe(200);
    expect(await subscriptionOf(viaLink.json())).toMatchObject({
      isSubscribed: true,
      subscriptionEndDate: endDate,
      subscriptionPlan: { id: 'plan-oro', name: 'Plan Oro' },
    });

    // The password link sets a password through the real endpoint; then the usual login works.
    expect((await login(t.app, email)).statusCode).toBe(401);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirmPassword',
      payload: { email, password: goodPassword, code: setPassword.searchParams.get('validationCode') },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await login(t.app, email)).statusCode).toBe(200);
  });

  it('an existing account matched by e-mail in another case is extended from its end date, no second account', async () => {
    const email = uniqueEmail('socia');
    expect((await register(t.app, { email })).statusCode).toBe(201);
    const activeUntil = addToDate(argentinaDate(), { days: 10 });
    await t.app.db
      .update(users)
      .set({
        subscriptionEndDate: activeUntil,
        subscriptionPlanId: 'plan-platino',
        lastServiceOrigin: 'CARD',
        emailVerifiedAt: new Date(),
      })
      .where(eq(users.email, email));
    const [before] = await accountsWith(email);

    const { prefId, orderId } = await preferenceFor('PLATINUM', { email: email.toUpperCase() });
    const paid = await payOnCheckoutPage(prefId, email);
    expect(paid.status).toBe(303);

    const accounts = await accountsWith(email);
    expect(accounts).toHaveLength(1);
    const endDate = addToDate(activeUntil, { months: 3 });
    expect(accounts[0]).toMatchObject({
      id: before?.id,
      name: 'Ana Pérez',
      origin: 'organic',
      passwordHash: before?.passwordHash,
      subscriptionEndDate: endDate,
      // The heavier active plan stays.
      subscriptionPlanId: 'plan-platino',
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', userId: before?.id });

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Tu Membresía Platinum de Alcancía está activa');
    expect(mail?.text).toContain(spanishDate(endDate));
    expect(mail?.text).not.toContain('/recover');
    const loginLink = linkIn(mail as Mail, '/academy');
    const viaLink = await t.app.inject({
      method: 'GET',
      url: `/api/users/credentials?${new URLSearchParams({
        email,
        verification_code: loginLink.searchParams.get('verification_code') ?? '',
      })}`,
    });
    expect(viaLink.statusCode).toBe(200);
    expect((viaLink.json() as Credentials).userId).toBe(before?.id);
  });

  it('an account never verified loses the password set on it: the owner of the address gets the set-password link', async () => {
    // Someone registered the address without proving it, and kept a session.
    const email = uniqueEmail('registrada-por-otra');
    expect((await register(t.app, { email })).statusCode).toBe(201);
    const squatter = (await login(t.app, email)).json() as Credentials;

    const { prefId } = await preferenceFor('ORO', { email });
    expect((await payOnCheckoutPage(prefId, email)).status).toBe(303);

    const [account] = await accountsWith(email);
    expect(account?.passwordHash).toBeNull();
    expect((await login(t.app, email, goodPassword)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/users/refreshToken',
      payload: { refreshToken: squatter.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const [mail] = await mailsTo(email);
    expect(linkIn(mail as Mail, '/recover').searchParams.get('email')).toBe(email);
  });

  it('a refused payment grants nothing and refuses the order; a retry on the same page that is approved grants', async () => {
    const email = uniqueEmail('rechazada');
    const { prefId, orderId } = await preferenceFor('BLACK', { email });
    const refused = await payOnCheckoutPage(prefId, email, 'FUND');
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('/compra/mf-black/error');

    expect(await accountsWith(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'refused',
      refusedReason: 'INSUFFICIENT_AMOUNT',
      userId: null,
    });

    const retry = await payOnCheckoutPage(prefId, email, 'APRO');
    expect(retry.status).toBe(303);
    const [account] = await accountsWith(email);
    expect(account?.subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 12 }));
    expect(account?.subscriptionPlanId).toBe('plan-platino');
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      refusedReason: null,
      userId: account?.id,
    });
    expect(await mailsTo(email)).toHaveLength(1);

    // The refused payment's notification arriving again (late) changes nothing.
    const refusedPayment = await t.app.db
      .select()
      .from(payments)
      .where(sql`${payments.orderId} = ${orderId} and ${payments.status} = 'rejected'`);
    expect(refusedPayment).toHaveLength(1);
    await t.emulator.control.replayPaymentNotification(refusedPayment[0]?.providerPaymentId ?? '', 1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    expect((await accountsWith(email))[0]?.subscriptionEndDate).toBe(account?.subscriptionEndDate);
  });

  it('the same Checkout Pro page paid twice: the second payment is refunded at once, nothing more granted, the buyer is told', async () => {
    const email = uniqueEmail('doble');
    const { prefId, orderId } = await preferenceFor('ORO', { email });
    const first = await payOnCheckoutPage(prefId, email, 'APRO');
    expect(first.status).toBe(303);
    const endDate = addToDate(argentinaDate(), { months: 6 });
    expect((await accountsWith(email))[0]?.subscriptionEndDate).toBe(endDate);

    const second = await payOnCheckoutPage(prefId, email, 'APRO');
    expect(second.status).toBe(303);
    const secondId = paymentIdOf(second.headers.get('location'));
    expect(secondId).not.toBe(paymentIdOf(first.headers.get('location')));
    // Replays of the second payment's notification refund nothing more.
    await t.emulator.control.replayPaymentNotification(secondId, 2);
    await settleWebhooks(t.emulator);

    const provider = t.emulator.control.state().payments;
    expect(provider[secondId]?.status).toBe('refunded');
    expect(provider[secondId]?.refunds).toHaveLength(1);
    expect(provider[paymentIdOf(first.headers.get('location'))]?.refunds).toEqual([]);
    expect((await accountsWith(email))[0]?.subscriptionEndDate).toBe(endDate);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
    const { rows } = await t.app.db.execute<{ status: string; reason: string; amount_centavos: number }>(
      sql`select status, reason, amount_centavos from payment_refunds where caused_by_order_id = ${orderId}`,
    );
    expect(rows).toEqual([{ status: 'SUCCESS', reason: 'duplicate_payment', amount_centavos: 50_000 }]);
    await eventually(async () => {
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Te devolvimos un pago duplicado',
        'Tu Membresía Oro de Alcancía está activa',
      ]);
      expect(mails.find((m) => m.subject.includes('duplicado'))?.text).toContain(secondId);
    });
  });
});

describe('a guest who gives her DNI for the invoice', () => {
  it('is invoiced with DocTipo 96 and her DNI; a wrong one is refused in Spanish before any order', async () => {
    const email = uniqueEmail('con-dni');
    const wrong = await createGuestPreference(t.app, {
      ...guestPayload('ORO', { email }),
      invoiceDocument: '123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Ingresá tu DNI: 7 u 8 números, sin puntos.');
    expect(
      await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.payerEmail, email)),
    ).toHaveLength(0);

    const res = await createGuestPreference(t.app, {
      ...guestPayload('ORO', { email }),
      invoiceDocument: '5123456',
    });
    expect(res.statusCode).toBe(200);
    const prefId =
      new URL((res.json() as { init_point: string }).init_point).searchParams.get('pref_id') ?? '';
    expect((await payOnCheckoutPage(prefId, email)).status).toBe(303);
    const [payment] = await t.app.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentOrders, eq(payments.orderId, paymentOrders.id))
      .where(eq(paymentOrders.providerPreferenceId, prefId));
    await t.app.invoicing.runDue();
    const [invoice] = await t.app.db
      .select()
      .from(fiscalDocuments)
      .where(eq(fiscalDocuments.paymentId, payment?.id ?? 0));
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'ISSUED', docType: 96, docNumber: '5123456' });
    expect(t.app.arcaStandIn?.vouchers(invoice?.pointOfSale ?? 0, invoice?.voucherType ?? 0)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ DocTipo: 96, DocNro: '5123456', CondicionIVAReceptorId: 5 }),
      ]),
    );
  });
});
