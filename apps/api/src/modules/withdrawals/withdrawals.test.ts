import type { AccountPayment } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  ordersOf,
  payOnCheckoutPage,
  preferenceIdOf,
  seedTestPlans,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { pdfText } from '../../../test/pdf-text';
import { ownedRows, payProgram, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';
import { paymentOrders, paymentRefunds, payments, users, withdrawals } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate } from '../../lib/subscription-dates';

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedTestProgramCatalog(app);
  await seedTestPlans(app);
});

interface Mail {
  to: string;
  subject: string;
  text: string;
}
async function mailsTo(to: string): Promise<Mail[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

function withdraw(buyer: Buyer, paymentId: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/me/withdrawals',
    headers: buyer.headers,
    payload: { paymentId },
  });
}

/** A buyer who just paid prog-abierto by card; returns her and the payment as she sees it. */
async function programBuyer(programId = 'prog-abierto') {
  const buyer = await newBuyer(t.app);
  const paid = await payProgram(t.app, buyer.headers, {
    programId,
    cardTokenId: await cardToken(t.emulator, 'APRO'),
  });
  expect(paid.statusCode).toBe(200);
  await settleWebhooks(t.emulator);
  const [payment] = await paymentsOf(buyer);
  if (!payment) throw new Error('no payment listed');
  return { buyer, payment };
}

const providerPayment = (id: string | undefined) => t.emulator.control.state().payments[id ?? ''];

async function refundsOf(paymentId: string | undefined) {
  return t.app.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, Number(paymentId)));
}

describe('POST /api/users/me/withdrawals', () => {
  it('refunds a program purchase in full, ends its access, mails the revocation code; once', async () => {
    const { buyer, payment } = await programBuyer();
    const course = () =>
      t.app.inject({ method: 'GET', url: '/api/academy/prog-abierto', headers: buyer.headers });
    expect((await course()).statusCode).toBe(200);

    const res = await withdraw(buyer, payment.id);
    expect(res.statusCode).toBe(200);
    const { revocationCode, refundStatus } = res.json();
    expect(revocationCode).toMatch(/^ARR-[A-Z2-9]{6}$/);
    expect(refundStatus).toBe('SUCCESS');

    // the access it gave is gone, and the course locks again
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(0);
    expect((await course()).statusCode).toBe(403);
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([{ status: 'withdrawn' }]);

    // refunded in full at the provider, once
    const atProvider = providerPayment(payment.providerPaymentId);
    expect(atProvider?.status).toBe('refunded');
    expect(atProvider?.refunds).toHaveLength(1);
    expect(atProvider?.transaction_amount_refunded).toBe(45000);
    expect(await refundsOf(payment.id)).toMatchObject([
      { status: 'SUCCESS', reason: 'withdrawal', amountCentavos: 4_500_000 },
    ]);

    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.includes(revocationCode));
    expect(mail?.text).toContain(`Código de arrepentimiento: ${revocationCode}`);
    expect(mail?.text).toContain('Programa Abierto');
    expect(mail?.text).toMatch(/\$\s45\.000,00/);
    expect(mail?.text).toContain(payment.providerPaymentId);

    await settleWebhooks(t.emulator);
    const [after] = await paymentsOf(buyer);
    expect(after).toMatchObject({
      status: 'refunded',
      refundedAmount: 4_500_000,
      revocationCode,
      withdrawableUntil: null,
    });

    // the receipt shows the refund
    const receipt = await t.app.inject({
      method: 'GET',
      url: after?.receiptUrl ?? '',
      headers: buyer.headers,
    });
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain('Importe devuelto: $ 45.000,00');
    expect(text).toContain(revocationCode);

    const again = await withdraw(buyer, payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('ALREADY_WITHDRAWN');
    expect(atProvider?.refunds).toHaveLength(1);
  });

  it('refunds once under concurrent requests', async () => {
    const { buyer, payment } = await programBuyer('prog-una-cuota');
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(buyer, payment.id)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().internalCode)).toEqual(
      Array(5).fill('ALREADY_WITHDRAWN'),
    );
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(1);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    const rows = await t.app.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.paymentId, Number(payment.id)));
    expect(rows).toHaveLength(1);
  });

  it('after 10 consecutive days answers 409 WITHDRAWAL_WINDOW_CLOSED with the last date', async () => {
    const { buyer, payment } = await programBuyer();
    const setApproval = (daysAgo: number) =>
      t.app.db
        .update(payments)
        .set({ approvedAt: new Date(`${addToDate(argentinaDate(), { days: -daysAgo })}T15:00:00Z`) })
        .where(eq(payments.id, Number(payment.id)));

    await setApproval(11);
    const lastDay = addToDate(argentinaDate(), { days: -1 });
    expect((await paymentsOf(buyer))[0]?.withdrawableUntil).toBe(lastDay);
    const late = await withdraw(buyer, payment.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      internalCode: 'WITHDRAWAL_WINDOW_CLOSED',
      message: `El plazo de 10 días para arrepentirte de esta compra venció el ${spanishDate(lastDay)}.`,
    });
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(0);

    // the tenth day is still inside
    await setApproval(10);
    expect((await withdraw(buyer, payment.id)).statusCode).toBe(200);
  });

  it('answers 404 for another person’s payment and for unknown ones', async () => {
    const { payment } = await programBuyer('prog-una-cuota');
    const other = await newBuyer(t.app);
    const res = await withdraw(other, payment.id);
    expect(res.statusCode).toBe(404);
    expect((await withdraw(other, '999999999')).statusCode).toBe(404);
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(0);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      payload: { paymentId: payment.id },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('keeps the withdrawal and retries the refund when the provider refuses it at first', async () => {
    const { buyer, payment } = await programBuyer('prog-una-cuota');
    t.emulator.control.failNextRefund(1);
    const res = await withdraw(buyer, payment.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().refundStatus).toBe('PENDING');
    expect(await ownedRows(t.app, buyer.userId, 'prog-una-cuota')).toBe(0);
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ status: 'PENDING', reason: 'withdrawal' });
    // the retrier's next try succeeds and mails it
    await t.app.db
      .update(paymentRefunds)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(paymentRefunds.id, refund?.id ?? 0));
    expect(await t.app.refundRetrier.runDue()).toBe(1);
    expect((await refundsOf(payment.id))[0]?.status).toBe('SUCCESS');
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(1);
    await eventually(async () => {
      const mails = await mailsTo(buyer.email);
      expect(mails.some((m) => m.subject.startsWith('Ya te devolvimos el pago'))).toBe(true);
    });
  });

  it('withdraws the first charge of a subscription: agreement cancelled, access ended, renewals not withdrawable', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    const [order] = await ordersOf(t.app, buyer.userId);
    const preapprovalId = order?.provider_preapproval_id ?? '';

    // a second subscriber renews: her renewal is not withdrawable
    const renewing = await newBuyer(t.app);
    expect(
      (
        await subscribe(t.app, renewing, {
          subscriptionPlanName: 'Plan Básico',
          subscriptionPlanFrequency: 'monthly',
          cardToken: await cardToken(t.emulator, 'APRO'),
        })
      ).statusCode,
    ).toBe(200);
    const [renewingOrder] = await ordersOf(t.app, renewing.userId);
    t.emulator.control.chargePreapproval(renewingOrder?.provider_preapproval_id ?? '', 'approved');
    await settleWebhooks(t.emulator);
    await eventually(async () => expect(await paymentsOf(renewing)).toHaveLength(2));
    const [renewal, first] = await paymentsOf(renewing);
    expect(renewal?.withdrawableUntil).toBeNull();
    expect(first?.withdrawableUntil).toBe(addToDate(argentinaDate(), { days: 10 }));
    const refused = await withdraw(renewing, renewal?.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('WITHDRAWAL_NOT_ALLOWED');

    const [charge] = await paymentsOf(buyer);
    expect(charge).toMatchObject({ kind: 'subscription', concept: 'Plan Básico — mensual' });
    const done = await withdraw(buyer, charge?.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().refundStatus).toBe('SUCCESS');
    expect(t.emulator.control.state().preapprovals[preapprovalId]?.resource.status).toBe('cancelled');
    expect(providerPayment(charge?.providerPaymentId)?.status).toBe('refunded');
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({
      endDate: addToDate(argentinaDate(), { days: -1 }),
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json().isSubscribed).toBe(false);
    await settleWebhooks(t.emulator);
    expect((await ordersOf(t.app, buyer.userId))[0]?.status).toBe('withdrawn');
  });
});

describe('guest withdrawal by mailed code', () => {
  /** A guest who bought ORO on the Checkout Pro page; returns her e-mail and operation number. */
  async function guestPurchase() {
    const email = uniqueEmail('invitada');
    const res = await createGuestPreference(t.app, guestPayload('ORO', { email }));
    expect(res.statusCode).toBe(200);
    const prefId = preferenceIdOf(res.json() as { init_point: string });
    const paid = await payOnCheckoutPage(t.emulator, prefId, email, { installments: 3 });
    const operation = new URL(paid.headers.get('location') ?? '').searchParams.get('payment_id') ?? '';
    await settleWebhooks(t.emulator);
    const [order] = await t.app.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerPreferenceId, prefId));
    expect(order?.status).toBe('paid');
    return { email, operation, orderId: order?.id ?? '' };
  }

  const request = (email: string, providerPaymentId: string) =>
    t.app.inject({ method: 'POST', url: '/api/withdrawals/request', payload: { email, providerPaymentId } });
  const confirm = (email: string, providerPaymentId: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/confirm',
      payload: { email, providerPaymentId, code },
    });
  const codeMailed = async (email: string) => {
    const mail = (await mailsTo(email)).find((m) => m.subject.includes('código para confirmar'));
    return /código de confirmación es: (\d{6})/.exec(mail?.text ?? '')?.[1];
  };

  it('mails a code to the purchase’s e-mail only, and the code revokes the membership', async () => {
    const { email, operation, orderId } = await guestPurchase();
    const endBefore = addToDate(argentinaDate(), { months: 6 });
    const [account] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(account?.subscriptionEndDate).toBe(endBefore);

    // the answer never says whether the purchase exists
    const stranger = uniqueEmail('otra');
    const wrongEmail = await request(stranger, operation);
    const wrongNumber = await request(email, '123');
    const right = await request(email, operation);
    expect([wrongEmail.statusCode, wrongNumber.statusCode, right.statusCode]).toEqual([200, 200, 200]);
    expect(wrongEmail.json()).toEqual(right.json());
    expect(wrongNumber.json()).toEqual(right.json());
    expect(await mailsTo(stranger)).toHaveLength(0);
    const code = await codeMailed(email);
    expect(code).toMatch(/^\d{6}$/);

    const bad = await confirm(email, operation, code === '000000' ? '111111' : '000000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().internalCode).toBe('INVALID_VERIFICATION_CODE');
    expect((await confirm(stranger, operation, code ?? '')).statusCode).toBe(400);

    const ok = await confirm(email, operation, code ?? '');
    expect(ok.statusCode).toBe(200);
    const { revocationCode, refundStatus } = ok.json();
    expect(refundStatus).toBe('SUCCESS');
    expect(revocationCode).toMatch(/^ARR-/);
    expect(providerPayment(operation)?.status).toBe('refunded');
    const [after] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(after?.subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: -1 }));
    const [order] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order?.status).toBe('withdrawn');
    const [withdrawal] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
    expect(withdrawal).toMatchObject({ channel: 'guest', email, revocationCode });
    const mail = (await mailsTo(email)).find((m) => m.subject.includes(revocationCode));
    expect(mail?.text).toContain('Membresía Oro');

    // the code is spent, and the purchase cannot be withdrawn twice
    expect((await confirm(email, operation, code ?? '')).statusCode).toBe(400);
    expect(providerPayment(operation)?.refunds).toHaveLength(1);
  });

  it('limits how often a code can be asked for', async () => {
    const email = uniqueEmail('limite');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await request(email, '555')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
