import type { AccountPayment } from '@alcancia/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  type Buyer,
  createPaymentsTestApp,
  settleWebhooks,
  storedSubscription,
  subscribeByCard,
  verifiedBuyer,
} from '../../../test/payments';
import { entitlements, paymentOrders, payments } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate, daysBetween } from '../../lib/subscription-dates';
import { seedDemoSubscriptions } from './seed-demo-subscriptions';

// Findings of the money model (decision 0285) on an agreement charged twice: the emulator's renewal
// control charges the next period now (next_payment_date moves one period on), so the first charge's
// period has not been lived when the renewal is paid, as with a renewal a provider charges early.
// Decisions 0301 (an operator's refund ends only what its charge paid for) and 0302 (an upgrade
// refunds the unused days of every charge whose period it ends).

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedDemoSubscriptions(app.db);
});

const today = () => argentinaDate();

/** Oro monthly, then one renewal charged and heard: the order and its two charges, oldest first. */
async function renewedOro(buyer: Buyer) {
  const order = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
  t.emulator.control.chargePreapproval(order.providerPreapprovalId ?? '', 'approved');
  await settleWebhooks(t.emulator);
  const charges = await t.app.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.approvedAt), asc(payments.id));
  expect(charges.map((c) => [c.status, c.grantedAt !== null])).toEqual([
    ['approved', true],
    ['approved', true],
  ]);
  const [grant] = await t.app.db.select().from(entitlements).where(eq(entitlements.orderId, order.id));
  // two months paid: the renewal moved her access one month on
  expect(grant?.endsOn).toBe(addToDate(today(), { months: 2 }));
  return { order, charges, paidEnd: grant?.endsOn ?? '' };
}

const providerPayment = (providerPaymentId: string) => {
  const p = t.emulator.control.state().payments[providerPaymentId];
  if (!p) throw new Error(`no provider payment ${providerPaymentId}`);
  return { amount: p.transaction_amount, refunded: p.transaction_amount_refunded };
};

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

describe('an operator refunds in full the first charge of an agreement renewed since (decision 0301)', () => {
  it('ends only the days that charge paid for: the renewal’s month stays hers, the agreement stops', async () => {
    const buyer = await verifiedBuyer(t.app);
    const { order, charges, paidEnd } = await renewedOro(buyer);
    const [first, renewal] = charges;
    const support = await operatorSession(t.app, 'support');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${first?.id}/refunds`,
      headers: support.headers,
      payload: { reason: 'Cobro duplicado', idempotencyKey: 'after-renewal-refund-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleWebhooks(t.emulator);

    // the first charge comes back whole; the renewal is kept
    expect(providerPayment(first?.providerPaymentId ?? '')).toMatchObject({
      refunded: first ? first.amountCentavos / 100 : -1,
    });
    expect(providerPayment(renewal?.providerPaymentId ?? '').refunded).toBe(0);
    // before: her whole access ended yesterday while the renewal's $ 11.900 stayed with us
    const unused = daysBetween(today(), addToDate(paidEnd, { months: -1 }));
    const expectedEnd = addToDate(paidEnd, { days: -unused });
    expect(daysBetween(today(), expectedEnd)).toBeGreaterThanOrEqual(27);
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: expectedEnd,
      planId: 'plan-oro',
      origin: 'CARD',
    });
    // a baja: no more charges, what the renewal paid runs to its end
    const [after] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(after?.status).toBe('cancelled');
    expect(t.emulator.control.state().preapprovals[order.providerPreapprovalId ?? '']?.resource.status).toBe(
      'cancelled',
    );
    // nothing of the first charge is left to withdraw; the renewal never was withdrawable
    const listed = await paymentsOf(buyer);
    expect(listed.filter((p) => p.kind === 'subscription').map((p) => p.withdrawableUntil)).toEqual([
      null,
      null,
    ]);
  });
});

describe('an upgrade after a renewal (decision 0302)', () => {
  it('refunds the unused days of both charges of the replaced plan, not only of the last one', async () => {
    const buyer = await verifiedBuyer(t.app);
    const { charges } = await renewedOro(buyer);
    const [first, renewal] = charges;

    const platino = await subscribeByCard(t, buyer, 'Plan Platino', 'monthly');
    await settleWebhooks(t.emulator);
    // neither Oro period was lived: both come back whole (before: only the renewal did, the first
    // charge's month ended unrefunded and no longer withdrawable)
    for (const charge of [first, renewal]) {
      const p = providerPayment(charge?.providerPaymentId ?? '');
      expect(p.refunded, `charge ${charge?.providerPaymentId}`).toBe(p.amount);
    }
    const [upgraded] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, platino.id));
    expect(upgraded?.upgradeRefundStatus).toBe('SUCCESS');
    // her access: the Platino month alone
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({
      endDate: addToDate(today(), { months: 1 }),
      planId: 'plan-platino',
    });
  });
});

describe('a renewal charged as she cancels (decision 0303)', () => {
  it('the charge that crossed her baja extends what she paid for; the agreement stays cancelled', async () => {
    const buyer = await verifiedBuyer(t.app);
    const order = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    // Mercado Pago charges the renewal; its notification is read slowly, so her baja lands first
    t.emulator.control.injectFault({ method: 'GET', path: '/v1/payments', delayMs: 1500, times: 3 });
    const renewal = t.emulator.control.chargePreapproval(order.providerPreapprovalId ?? '', 'approved');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settleWebhooks(t.emulator, 15_000);
    t.emulator.control.clearFaults();

    const [charge] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, String(renewal.payment.id)));
    // before: recorded, neither granted nor refunded (the order was cancelled): paid for nothing
    expect(charge?.grantedAt).not.toBeNull();
    expect(providerPayment(String(renewal.payment.id)).refunded).toBe(0);
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(today(), { months: 2 }));
    const [after] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(after?.status).toBe('cancelled');
  });
});
