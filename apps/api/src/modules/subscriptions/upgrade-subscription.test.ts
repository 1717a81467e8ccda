import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  MP,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { MAX_REFUND_ATTEMPTS } from '../payments/refund-payment';
import { RefundRetrier } from '../payments/refund-retrier';
import { proratedRefundCentavos } from './upgrade-subscription';

describe('proratedRefundCentavos', () => {
  const base = { refundableCentavos: 3_000_000, paidCentavos: 3_000_000 };
  it('refunds the unused days, rounded down, never more than refundable', () => {
    expect(
      proratedRefundCentavos({
        ...base,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        today: '2026-11-11',
      }),
    ).toBe(2_000_000);
    expect(
      proratedRefundCentavos({
        ...base,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        today: '2026-11-02',
      }),
    ).toBe(2_900_000);
    expect(
      proratedRefundCentavos({
        ...base,
        paidCentavos: 1_000_001,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-04',
        today: '2026-11-02',
      }),
    ).toBe(666_667);
    expect(
      proratedRefundCentavos({
        ...base,
        refundableCentavos: 5,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        today: '2026-11-11',
      }),
    ).toBe(5);
  });
  it('refunds nothing after the period and everything on its first day', () => {
    expect(
      proratedRefundCentavos({
        ...base,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        today: '2026-12-05',
      }),
    ).toBe(0);
    expect(
      proratedRefundCentavos({
        ...base,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        today: '2026-11-01',
      }),
    ).toBe(3_000_000);
    expect(
      proratedRefundCentavos({
        ...base,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-01',
        today: '2026-11-01',
      }),
    ).toBe(0);
  });
});

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const preapprovalOf = (id: string | null | undefined) =>
  t.emulator.control.state().preapprovals[id ?? '']?.resource;
const chargesOf = (preapprovalId: string | null | undefined) =>
  Object.values(t.emulator.control.state().payments).filter(
    (p) => p.metadata.preapproval_id === preapprovalId,
  );

/** A Básico monthly subscriber whose last charge was approved `daysAgo` days ago. */
async function basicoSubscriber(daysAgo: number): Promise<Buyer> {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode).toBe(200);
  await settleWebhooks(t.emulator);
  await t.app.db.execute(
    sql`update payments set approved_at = now() - make_interval(days => ${daysAgo})
         where order_id in (select id from payment_orders where user_id = ${buyer.userId})`,
  );
  return buyer;
}

async function upgradeToPlatino(buyer: Buyer) {
  return subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Platino',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
}

describe('upgrade to a plan of greater weight', () => {
  it('cancels the old charge, refunds its unused days through the provider and starts the new plan now', async () => {
    const buyer = await basicoSubscriber(10);
    const [old] = await ordersOf(t.app, buyer.userId);
    const oldPeriodEnd = argentinaDate(
      new Date(preapprovalOf(old?.provider_preapproval_id)?.next_payment_date ?? ''),
    );
    const periodStart = addToDate(argentinaDate(), { days: -10 });

    const res = await upgradeToPlatino(buyer);
    expect(res.statusCode).toBe(200);
    const newEnd = addToDate(argentinaDate(), { months: 1 });
    expect(res.json()).toEqual({
      status: 'approved',
      isUpgradeSubscription: true,
      refundStatus: 'SUCCESS',
      subscriptionEndDate: newEnd,
    });
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: newEnd,
      planId: 'platino',
      origin: 'CARD',
    });

    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => o.status)).toEqual(['replaced', 'active']);
    expect(orders[1]).toMatchObject({ upgrade_refund_status: 'SUCCESS', amount_centavos: 3_000_000 });
    expect(preapprovalOf(old?.provider_preapproval_id)?.status).toBe('cancelled');

    const expected = proratedRefundCentavos({
      refundableCentavos: 1_000_000,
      paidCentavos: 1_000_000,
      periodStart,
      periodEnd: oldPeriodEnd,
      today: argentinaDate(),
    });
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(1_000_000);
    const [oldCharge] = chargesOf(old?.provider_preapproval_id);
    expect(oldCharge?.refunds.map((r) => r.amount)).toEqual([expected / 100]);
    const { rows } = await t.app.db.execute<{ amount_centavos: number; status: string }>(
      sql`select amount_centavos, status from payment_refunds where caused_by_order_id = ${orders[1]?.id}`,
    );
    expect(rows).toEqual([{ amount_centavos: expected, status: 'SUCCESS' }]);

    // The refund's own notification is recorded without undoing anything.
    await settleWebhooks(t.emulator);
    const { rows: payments } = await t.app.db.execute<{ refunded_centavos: number; status: string }>(
      sql`select refunded_centavos, status from payments where order_id = ${old?.id}`,
    );
    expect(payments).toEqual([{ refunded_centavos: expected, status: 'approved' }]);
    expect((await storedSubscription(t.app, buyer.userId))?.planId).toBe('platino');

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json().subscriptionPlan).toMatchObject({ id: 'platino', weight: 3 });
  });

  it('answers refundStatus FAILED when the provider refuses the refund, and still upgrades', async () => {
    const buyer = await basicoSubscriber(3);
    t.emulator.control.failNextRefund();
    const res = await upgradeToPlatino(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      isUpgradeSubscription: true,
      refundStatus: 'FAILED',
    });
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => [o.status, o.upgrade_refund_status])).toEqual([
      ['replaced', null],
      ['active', 'FAILED'],
    ]);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toEqual([]);
    const { rows } = await t.app.db.execute<{ status: string; error: string; attempts: number }>(
      sql`select status, error, attempts from payment_refunds where caused_by_order_id = ${orders[1]?.id}`,
    );
    // Not given up: the refund waits for its next try.
    expect(rows).toEqual([{ status: 'PENDING', error: expect.stringContaining('refund'), attempts: 1 }]);
    expect((await storedSubscription(t.app, buyer.userId))?.planId).toBe('platino');
  });
});

describe('refunds the provider refused are retried', () => {
  const refundOf = async (orderId: string | undefined) => {
    const { rows } = await t.app.db.execute<{ status: string; attempts: number; error: string | null }>(
      sql`select status, attempts, error from payment_refunds where caused_by_order_id = ${orderId}`,
    );
    return rows;
  };
  // Only this test's refund: earlier tests leave theirs waiting.
  const makeDue = (orderId: string | undefined) =>
    t.app.db.execute(
      sql`update payment_refunds set next_attempt_at = now()
           where status = 'PENDING' and caused_by_order_id = ${orderId}`,
    );
  const refundMailsTo = async (email: string) => {
    const { rows } = await t.app.db.execute<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where "to" = ${email} and subject like '%devolvimos%'`,
    );
    return rows;
  };

  it('retries with backoff until the provider refunds, once, and then mails the payer', async () => {
    const buyer = await basicoSubscriber(5);
    t.emulator.control.failNextRefund(2);
    const res = await upgradeToPlatino(buyer);
    expect(res.json()).toMatchObject({ refundStatus: 'FAILED' });
    const orders = await ordersOf(t.app, buyer.userId);

    // Not due yet: the backoff holds it.
    expect(await t.app.refundRetrier.runDue()).toBe(0);
    await makeDue(orders[1]?.id);
    expect(await t.app.refundRetrier.runDue()).toBe(1);
    expect(await refundOf(orders[1]?.id)).toEqual([
      { status: 'PENDING', attempts: 2, error: expect.stringContaining('refund') },
    ]);
    expect(await refundMailsTo(buyer.email)).toEqual([]);

    await makeDue(orders[1]?.id);
    expect(await t.app.refundRetrier.runDue()).toBe(1);
    expect(await refundOf(orders[1]?.id)).toEqual([{ status: 'SUCCESS', attempts: 3, error: null }]);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toHaveLength(1);
    const mails = await refundMailsTo(buyer.email);
    expect(mails).toEqual([
      expect.objectContaining({ subject: 'Ya te devolvimos los días no usados de tu plan anterior' }),
    ]);
    expect(mails[0]?.text).toMatch(/Monto devuelto: \$\s?\d/);

    // Nothing left to try, and a second run refunds nothing more.
    await makeDue(orders[1]?.id);
    expect(await t.app.refundRetrier.runDue()).toBe(0);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toHaveLength(1);
  });

  it('two retriers (two processes) never refund the same payment twice', async () => {
    const buyer = await basicoSubscriber(5);
    t.emulator.control.failNextRefund(1);
    await upgradeToPlatino(buyer);
    const orders = await ordersOf(t.app, buyer.userId);
    await makeDue(orders[1]?.id);
    const other = new RefundRetrier(t.app);
    try {
      const tried = await Promise.all([t.app.refundRetrier.runDue(), other.runDue()]);
      expect(tried[0] + tried[1]).toBe(1);
    } finally {
      await other.close();
    }
    expect(await refundOf(orders[1]?.id)).toEqual([{ status: 'SUCCESS', attempts: 2, error: null }]);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toHaveLength(1);
  });

  it('recognises a try that went through although its answer was lost', async () => {
    const buyer = await basicoSubscriber(5);
    t.emulator.control.failNextRefund(1);
    await upgradeToPlatino(buyer);
    const orders = await ordersOf(t.app, buyer.userId);
    // The provider refunded (say, a timeout after it acted): the next try must not refund again.
    const [charge] = chargesOf(orders[0]?.provider_preapproval_id);
    const { rows } = await t.app.db.execute<{ amount_centavos: number }>(
      sql`select amount_centavos from payment_refunds where caused_by_order_id = ${orders[1]?.id}`,
    );
    await fetch(`${t.emulator.url}/v1/payments/${charge?.id}/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MP.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: (rows[0]?.amount_centavos ?? 0) / 100 }),
    });
    await makeDue(orders[1]?.id);
    await t.app.refundRetrier.runDue();
    expect(await refundOf(orders[1]?.id)).toEqual([{ status: 'SUCCESS', attempts: 2, error: null }]);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toHaveLength(1);
  });

  it('gives up after the last try and leaves it FAILED for operators, without a mail', async () => {
    const buyer = await basicoSubscriber(5);
    t.emulator.control.failNextRefund(20);
    await upgradeToPlatino(buyer);
    const orders = await ordersOf(t.app, buyer.userId);
    for (let attempt = 2; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      await makeDue(orders[1]?.id);
      expect(await t.app.refundRetrier.runDue()).toBe(1);
    }
    expect(await refundOf(orders[1]?.id)).toEqual([
      { status: 'FAILED', attempts: MAX_REFUND_ATTEMPTS, error: expect.stringContaining('refund') },
    ]);
    await makeDue(orders[1]?.id);
    expect(await t.app.refundRetrier.runDue()).toBe(0);
    expect(chargesOf(orders[0]?.provider_preapproval_id)[0]?.refunds).toEqual([]);
    expect(await refundMailsTo(buyer.email)).toEqual([]);
    t.emulator.control.failNextRefund(0);
  });
});

describe('upgrade to a plan of greater weight (more)', () => {
  it('keeps the old plan when the new card is refused', async () => {
    const buyer = await basicoSubscriber(1);
    const before = await storedSubscription(t.app, buyer.userId);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'FUND'),
    });
    expect(res.statusCode).toBe(402);
    expect(await storedSubscription(t.app, buyer.userId)).toEqual(before);
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => o.status)).toEqual(['active', 'refused']);
    expect(preapprovalOf(orders[0]?.provider_preapproval_id)?.status).toBe('authorized');
  });

  it('upgrades a subscriber without a card subscription (e.g. a promo period): nothing to refund, no trial', async () => {
    const buyer = await newBuyer(t.app);
    const promoEnd = addToDate(argentinaDate(), { days: 20 });
    await t.app.db.execute(
      sql`update users set subscription_end_date = ${promoEnd}, subscription_plan_id = 'basico',
                           last_service_origin = 'PROMO_CODE' where id = ${buyer.userId}`,
    );
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(res.statusCode).toBe(200);
    // Nothing was charged, so nothing to refund, and the answer says so (the web tells her).
    expect(res.json()).toEqual({
      status: 'approved',
      isUpgradeSubscription: true,
      refundStatus: 'NONE',
      subscriptionEndDate: addToDate(argentinaDate(), { months: 1 }),
    });
    const [order] = await ordersOf(t.app, buyer.userId);
    // Oro monthly has a 7-day trial, but an upgrade starts (and charges) at once.
    expect(order).toMatchObject({ status: 'active', payments: 1, upgrade_refund_status: null });
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ planId: 'oro', origin: 'CARD' });
    await settleWebhooks(t.emulator);
  });
});
