import type { AccountPayment } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
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
import { ownedRows, payProgram, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

// Issue 39 points 4 and 5 (decisions 0276, 0277): Ley 24.240 art. 34 gives her the whole payment
// back within 10 days, whatever an operator refunded of it before; and the withdrawal of a card
// plan ends the contract, so every charge of the periods it ends comes back.

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedTestProgramCatalog(app);
  await seedTestPlans(app);
});

const today = () => argentinaDate();

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

const withdraw = (buyer: Buyer, paymentId: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/withdrawals',
    headers: buyer.headers,
    payload: { paymentId },
  });

async function withdrawalMail(email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  return (res.json() as { subject: string; text: string }[]).find((m) =>
    m.subject.startsWith('Te arrepentiste de tu compra'),
  );
}

const providerRefunds = (providerPaymentId: string | undefined) =>
  (t.emulator.control.state().payments[providerPaymentId ?? '']?.refunds ?? []).map((r) =>
    Math.round(r.amount * 100),
  );

/** A buyer who just paid the pack (80.000) by card, and the payment as Mi cuenta lists it. */
async function packBuyer() {
  const buyer = await newBuyer(t.app);
  const paid = await payProgram(t.app, buyer.headers, {
    programId: 'pack-combo',
    cardTokenId: await cardToken(t.emulator, 'APRO'),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [payment] = await paymentsOf(buyer);
  if (!payment) throw new Error('no payment listed');
  expect(payment.amount).toBe(8_000_000);
  return { buyer, payment };
}

async function operatorRefund(paymentId: string, payload: { amount: number; endAccess?: boolean }) {
  const support = await operatorSession(t.app, 'support');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refunds`,
    headers: support.headers,
    payload: { ...payload, reason: 'Compensación por un corte del servicio' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().refund.status).toBe('SUCCESS');
}

describe('a partial refund by support leaves the withdrawal of the rest (issue 39 point 4)', () => {
  it('a pack refunded 10.000 of 80.000 stays withdrawable for the 70.000 left, within the 10 days', async () => {
    const { buyer, payment } = await packBuyer();
    await operatorRefund(payment.id, { amount: 1_000_000 });

    const [listed] = await paymentsOf(buyer);
    expect(listed).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 1_000_000,
      withdrawableUntil: addToDate(today(), { days: 10 }),
    });
    expect(await ownedRows(t.app, buyer.userId, 'pack-combo')).toBe(1);

    const res = await withdraw(buyer, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refundStatus).toBe('SUCCESS');
    // the provider refunded the operator's 10.000 and then the 70.000 left: all of it, once each
    expect(providerRefunds(payment.providerPaymentId)).toEqual([1_000_000, 7_000_000]);
    expect(await ownedRows(t.app, buyer.userId, 'pack-combo')).toBe(0);
    expect((await programOrdersOf(t.app, buyer.userId))[0]?.status).toBe('withdrawn');
    expect((await paymentsOf(buyer))[0]).toMatchObject({
      status: 'refunded',
      refundedAmount: 8_000_000,
      withdrawableUntil: null,
      revocationCode: expect.stringMatching(/^ARR-/),
    });
    // the mail states what comes back now
    expect((await withdrawalMail(buyer.email))?.text).toMatch(/Importe que te devolvemos: \$\s?70\.000,00/);
  });

  it('also when the operator ended her access with the partial refund; nothing is left after a full one', async () => {
    const ended = await packBuyer();
    await operatorRefund(ended.payment.id, { amount: 1_000_000, endAccess: true });
    expect((await programOrdersOf(t.app, ended.buyer.userId))[0]?.status).toBe('refunded');
    expect((await paymentsOf(ended.buyer))[0]?.withdrawableUntil).toBe(addToDate(today(), { days: 10 }));
    const res = await withdraw(ended.buyer, ended.payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(providerRefunds(ended.payment.providerPaymentId)).toEqual([1_000_000, 7_000_000]);

    const whole = await packBuyer();
    await operatorRefund(whole.payment.id, { amount: 8_000_000 });
    expect((await paymentsOf(whole.buyer))[0]?.withdrawableUntil).toBeNull();
    const refused = await withdraw(whole.buyer, whole.payment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('WITHDRAWAL_NOT_ALLOWED');
    expect(providerRefunds(whole.payment.providerPaymentId)).toEqual([8_000_000]);
  });
});

describe('withdrawing a card plan after a renewal refunds the renewal too (issue 39 point 5)', () => {
  it('the first charge and the renewed month both come back; the agreement stops; access ends', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleWebhooks(t.emulator);
    const [order] = await ordersOf(t.app, buyer.userId);
    const preapprovalId = order?.provider_preapproval_id ?? '';
    t.emulator.control.chargePreapproval(preapprovalId, 'approved');
    await settleWebhooks(t.emulator);
    await eventually(async () => expect(await paymentsOf(buyer)).toHaveLength(2));
    const [renewal, first] = await paymentsOf(buyer);
    expect(first?.withdrawableUntil).toBe(addToDate(today(), { days: 10 }));

    const done = await withdraw(buyer, first?.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refundStatus).toBe('SUCCESS');
    expect(t.emulator.control.state().preapprovals[preapprovalId]?.resource.status).toBe('cancelled');
    // both charges refunded whole at the provider, once each
    expect(providerRefunds(first?.providerPaymentId)).toEqual([1_000_000]);
    expect(providerRefunds(renewal?.providerPaymentId)).toEqual([1_000_000]);
    // Mi cuenta: both refunded; her access ended
    const after = await paymentsOf(buyer);
    expect(after.map((p) => [p.status, p.refundedAmount])).toEqual([
      ['refunded', 1_000_000],
      ['refunded', 1_000_000],
    ]);
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({
      endDate: addToDate(today(), { days: -1 }),
    });
    expect((await withdrawalMail(buyer.email))?.text).toMatch(/Importe que te devolvemos: \$\s?20\.000,00/);

    // a second withdrawal refunds nothing more
    expect((await withdraw(buyer, first?.id)).statusCode).toBe(409);
    expect(providerRefunds(renewal?.providerPaymentId)).toEqual([1_000_000]);
  });
});
