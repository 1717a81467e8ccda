import type { AccountPayment, AccountSubscription } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  type Buyer,
  buyGuestTier,
  cardToken,
  createPaymentsTestApp,
  eventually,
  settleWebhooks,
  storedSubscription,
  subscribe,
  subscribeByCard,
  verifiedBuyer,
} from '../../../test/payments';
import { entitlements, paymentOrders } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { priceChangeEffectiveOn } from '../subscriptions/price-changes';
import { seedDemoSubscriptions } from '../subscriptions/seed-demo-subscriptions';
import { refreshAtBoundaries } from './refresh-at-boundaries';

// The demo plans (Esencial 1, Oro 2, Platino 3) and prices: the figures (issue 27).
const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedDemoSubscriptions(app.db);
});

const today = () => argentinaDate();

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

async function withdrawKind(buyer: Buyer, kind: AccountPayment['kind']) {
  const payment = (await paymentsOf(buyer)).find((p) => p.kind === kind);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/me/withdrawals',
    headers: buyer.headers,
    payload: { paymentId: payment?.id },
  });
}

const grantsOf = (userId: string) =>
  t.app.db.select().from(entitlements).where(eq(entitlements.userId, userId)).orderBy(entitlements.id);

async function isSubscribed(buyer: Buyer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/isSubscribed', headers: buyer.headers });
  return res.json() as {
    isSubscribed: boolean;
    subscriptionPlan: { id: string } | null;
    subscriptionEndDate: string;
  };
}

async function accountSubscription(buyer: Buyer): Promise<AccountSubscription> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/subscription',
    headers: buyer.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AccountSubscription;
}

describe('stacked purchases: access follows the grants (issue 27, decision 90)', () => {
  it('1. withdrawing an Oro annual card payment keeps the guest PLATINUM months she paid for', async () => {
    const buyer = await verifiedBuyer(t.app);
    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'annual');
    const cardEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    const guest = await buyGuestTier(t, buyer.email, 'PLATINUM');
    // queued after her card year: three more months
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(cardEnd, { months: 3 }));
    expect((await isSubscribed(buyer)).subscriptionPlan?.id).toBe('plan-oro');

    const res = await withdrawKind(buyer, 'subscription');
    expect(res.statusCode).toBe(200);
    expect(res.json().refundStatus).toBe('SUCCESS');

    // the card year is gone; the PLATINUM months run from today
    const status = await isSubscribed(buyer);
    expect(status.isSubscribed).toBe(true);
    expect(status.subscriptionEndDate).toBe(addToDate(today(), { months: 3 }));
    expect(status.subscriptionPlan?.id).toBe('plan-esencial');
    const grants = await grantsOf(buyer.userId);
    expect(grants.find((g) => g.orderId === card.id)).toMatchObject({
      state: 'ended',
      endedReason: 'withdrawal',
    });
    expect(grants.find((g) => g.orderId === guest.id)).toMatchObject({
      state: 'active',
      startsOn: today(),
      endsOn: addToDate(today(), { months: 3 }),
    });
  });

  it('2. withdrawing an Esencial annual payment ends the refunded year; the guest ORO months remain', async () => {
    const buyer = await verifiedBuyer(t.app);
    await subscribeByCard(t, buyer, 'Plan Esencial', 'annual');
    const cardEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    await buyGuestTier(t, buyer.email, 'ORO');
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(cardEnd, { months: 6 }));

    const res = await withdrawKind(buyer, 'subscription');
    expect(res.statusCode).toBe(200);
    const status = await isSubscribed(buyer);
    // six ORO months from today, not the refunded year plus six months
    expect(status.subscriptionEndDate).toBe(addToDate(today(), { months: 6 }));
    expect(status.subscriptionPlan?.id).toBe('plan-oro');
    expect(res.json().refundStatus).toBe('SUCCESS');
  });

  it('3. a renewal charge moves the card grant and the guest months wait after it (no month paid twice)', async () => {
    const buyer = await verifiedBuyer(t.app);
    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    const firstEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    const guest = await buyGuestTier(t, buyer.email, 'PLATINUM');
    const stackedEnd = addToDate(firstEnd, { months: 3 });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(stackedEnd);

    const charge = t.emulator.control.chargePreapproval(card.providerPreapprovalId ?? '', 'approved');
    const nextCharge = argentinaDate(new Date(String(charge.preapproval.next_payment_date)));
    await eventually(async () => {
      const grants = await grantsOf(buyer.userId);
      // the card grant covers the month just charged …
      expect(grants.find((g) => g.orderId === card.id)?.endsOn).toBe(nextCharge);
      // … and the PLATINUM months start after it
      expect(grants.find((g) => g.orderId === guest.id)).toMatchObject({
        startsOn: addToDate(nextCharge, { days: 1 }),
        endsOn: addToDate(nextCharge, { months: 3 }),
      });
    });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(
      addToDate(nextCharge, { months: 3 }),
    );
    expect((await isSubscribed(buyer)).subscriptionPlan?.id).toBe('plan-oro');
  });

  it('4. Mi cuenta still shows the card agreement under a guest membership, and cancelling answers it', async () => {
    const buyer = await verifiedBuyer(t.app);
    const card = await subscribeByCard(t, buyer, 'Plan Esencial', 'annual');
    const cardEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    await buyGuestTier(t, buyer.email, 'ORO');

    const shown = await accountSubscription(buyer);
    expect(shown).toMatchObject({
      origin: 'CARD',
      status: 'active',
      frequency: 'annual',
      plan: { id: 'plan-esencial' },
      nextChargeDate: cardEnd,
      nextChargeAmount: card.amountCentavos,
      currentPeriodEnd: addToDate(cardEnd, { months: 6 }),
    });
    expect(shown.card).not.toBeNull();
    // the ORO months do not turn her Esencial year into Oro, and her Esencial grant remains
    expect((await isSubscribed(buyer)).subscriptionPlan?.id).toBe('plan-esencial');
    const grants = await grantsOf(buyer.userId);
    expect(grants.map((g) => [g.planId, g.state])).toEqual([
      ['plan-esencial', 'active'],
      ['plan-oro', 'active'],
    ]);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: buyer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', origin: 'CARD' });
    expect(cancelled.json().cancellationCode).toMatch(/^BAJA-/);
    expect(t.emulator.control.state().preapprovals[card.providerPreapprovalId ?? '']?.resource.status).toBe(
      'cancelled',
    );
    // she keeps everything paid: the Esencial year and the ORO months after it
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(cardEnd, { months: 6 }));
  });
});

describe('three parallel withdrawals of one charge (issue 27 point 10)', () => {
  it('claims the withdrawal first: one 200, two clean Spanish 409s, the agreement cancelled once', async () => {
    const buyer = await verifiedBuyer(t.app);
    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    const payment = (await paymentsOf(buyer)).find((p) => p.kind === 'subscription');
    const gateway = t.app.paymentGateway;
    if (!gateway) throw new Error('no gateway');
    const cancel = gateway.cancelSubscription.bind(gateway);
    let cancels = 0;
    gateway.cancelSubscription = async (id) => {
      cancels += 1;
      return cancel(id);
    };
    try {
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/users/me/withdrawals',
            headers: buyer.headers,
            payload: { paymentId: payment?.id },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      for (const loser of answers.filter((a) => a.statusCode === 409)) {
        expect(loser.json()).toEqual({
          internalCode: 'ALREADY_WITHDRAWN',
          message: 'Ya te arrepentiste de esta compra: el pago se devuelve una sola vez.',
        });
      }
      expect(cancels).toBe(1);
    } finally {
      gateway.cancelSubscription = cancel;
    }
    expect(t.emulator.control.state().preapprovals[card.providerPreapprovalId ?? '']?.resource.status).toBe(
      'cancelled',
    );
    expect(t.emulator.control.state().payments[payment?.providerPaymentId ?? '']?.refunds).toHaveLength(1);
    expect((await isSubscribed(buyer)).isSubscribed).toBe(false);
  });
});

describe('an upgrade refund leaves the rest withdrawable (issue 27 point 8, decision 91)', () => {
  it('the replaced plan’s payment is withdrawn for what the upgrade did not refund; the new plan stays', async () => {
    const buyer = await verifiedBuyer(t.app);
    const esencial = await subscribeByCard(t, buyer, 'Plan Esencial', 'annual');
    await t.app.db.execute(
      sql`update payments set approved_at = now() - make_interval(days => 3) where order_id = ${esencial.id}`,
    );
    const upgrade = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(t.emulator, 'APRO'),
    });
    expect(upgrade.json()).toMatchObject({ isUpgradeSubscription: true, refundStatus: 'SUCCESS' });
    await settleWebhooks(t.emulator);

    const old = (await paymentsOf(buyer)).find((p) => p.productId === 'plan-esencial');
    const upgradeRefund = old?.refundedAmount ?? 0;
    expect(upgradeRefund).toBeGreaterThan(0);
    expect(upgradeRefund).toBeLessThan(esencial.amountCentavos);
    // inside the 10 days of its approval, three days ago
    expect(old?.withdrawableUntil).toBe(addToDate(addToDate(today(), { days: -3 }), { days: 10 }));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: old?.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refundStatus).toBe('SUCCESS');
    const atProvider = t.emulator.control.state().payments[old?.providerPaymentId ?? ''];
    expect(atProvider?.refunds.map((r) => Math.round(r.amount * 100))).toEqual([
      upgradeRefund,
      esencial.amountCentavos - upgradeRefund,
    ]);
    // her Oro plan, paid by its own charge, runs on
    const status = await isSubscribed(buyer);
    expect(status.isSubscribed).toBe(true);
    expect(status.subscriptionPlan?.id).toBe('plan-oro');
    // and the payment cannot be withdrawn twice
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: old?.id },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('reactivation after a price change (issue 27 point 6, decision 92)', () => {
  const scheduledOroMonthly = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/plans', headers });
    const plans = res.json() as {
      items: {
        id: string;
        prices: { frequency: string; scheduledChanges: number; nextChangeOn: string | null }[];
      }[];
    };
    return plans.items.find((p) => p.id === 'plan-oro')?.prices.find((p) => p.frequency === 'monthly');
  };

  it('gets the price in force with the 30-day notice, counted in the operator’s scheduled changes', async () => {
    const buyer = await verifiedBuyer(t.app);
    const first = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    expect(first.amountCentavos).toBe(1_190_000);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: buyer.headers,
    });
    expect(cancelled.json().status).toBe('cancelled');

    const { headers } = await operatorSession(t.app, 'admin');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/plans/plan-oro',
      headers,
      payload: {
        prices: [
          { frequency: 'monthly', regularPrice: 1_490_000, discountPrice: 1_390_000, freeTrial: null },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = (await scheduledOroMonthly(headers))?.scheduledChanges ?? 0;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: buyer.headers,
      payload: { cardToken: await cardToken(t.emulator, 'APRO') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.app.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, buyer.userId), eq(paymentOrders.status, 'active')));
    // the amount she paid until the notice runs out, then the price in force
    expect(order?.amountCentavos).toBe(1_190_000);
    const { rows } = await t.app.db.execute<{
      from_centavos: number;
      to_centavos: number;
      effective_on: string;
    }>(
      sql`select from_centavos, to_centavos, effective_on::text from subscription_price_changes
           where order_id = ${order?.id} and status = 'scheduled'`,
    );
    const effectiveOn = priceChangeEffectiveOn(today());
    expect(rows).toEqual([{ from_centavos: 1_190_000, to_centavos: 1_390_000, effective_on: effectiveOn }]);
    expect(await scheduledOroMonthly(headers)).toMatchObject({ scheduledChanges: before + 1 });
    const mails = await t.app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?to=${encodeURIComponent(buyer.email)}`,
    });
    const notice = (mails.json() as { subject: string; text: string }[]).find(
      (m) => m.subject === 'Cambia el precio de tu suscripción',
    );
    expect(notice?.text).toMatch(/pasa de \$\s?11\.900,00 a \$\s?13\.900,00 por mes/);
  });
});

describe('the cache follows the grants as days pass (decision 90)', () => {
  it('shows Oro when the guest ORO months start after her Esencial year', async () => {
    const buyer = await verifiedBuyer(t.app);
    await subscribeByCard(t, buyer, 'Plan Esencial', 'annual');
    const cardEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    await buyGuestTier(t, buyer.email, 'ORO');
    expect((await storedSubscription(t.app, buyer.userId))?.planId).toBe('plan-esencial');
    const dayAfter = addToDate(cardEnd, { days: 1 });
    expect(await refreshAtBoundaries(t.app, dayAfter)).toBeGreaterThanOrEqual(1);
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate: addToDate(cardEnd, { months: 6 }),
      planId: 'plan-oro',
      origin: 'GUEST_PURCHASE',
    });
    // a second pass finds nothing stale
    expect(await refreshAtBoundaries(t.app, dayAfter)).toBe(0);
  });
});
