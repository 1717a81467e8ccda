import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  MP,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  signedNotification,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import type { GatewayPayment } from '../../providers/payments/payment-gateway';

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const chargesOf = (preapprovalId: string | null | undefined) =>
  Object.values(t.emulator.control.state().payments).filter(
    (p) => p.metadata.preapproval_id === preapprovalId,
  );

async function subscriber(
  cardholder = 'APRO',
): Promise<{ buyer: Buyer; orderId: string; preapprovalId: string }> {
  const buyer = await newBuyer(t.app);
  await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, cardholder),
  });
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  return { buyer, orderId: order?.id ?? '', preapprovalId: order?.provider_preapproval_id ?? '' };
}

/** Everything a grant touches, to compare before and after notifications. */
async function snapshot(userId: string, orderId: string) {
  const { rows } = await t.app.db.execute<{ payments: { status: string }[]; history: number }>(
    sql`select (select json_agg(json_build_object('id', provider_payment_id, 'status', status, 'granted', granted_at) order by id)
                  from payments where order_id = ${orderId}) as payments,
               (select count(*)::int from payment_status_history where order_id = ${orderId}) as history`,
  );
  return { ...rows[0], user: await storedSubscription(t.app, userId) };
}

describe('POST /api/payments/webhooks/mercadopago', () => {
  it('refuses a notification without a valid signature (401) and changes nothing', async () => {
    const { buyer, orderId, preapprovalId } = await subscriber();
    const before = await snapshot(buyer.userId, orderId);
    const paymentId = String(chargesOf(preapprovalId)[0]?.id);
    const forged = await signedNotification(t.url, 'payment', paymentId, 'not-the-secret-0123456789');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ internalCode: 'INVALID_SIGNATURE' });
    const stale = await signedNotification(t.url, 'payment', paymentId, MP.webhookSecret, 1_000_000_000);
    expect(stale.status).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      payload: { type: 'payment', data: { id: paymentId } },
    });
    expect(unsigned.statusCode).toBe(401);
    const otherId = await signedNotification(t.url, 'payment', paymentId);
    expect(otherId.status).toBe(200);
    expect(await snapshot(buyer.userId, orderId)).toEqual(before);
  });

  it('grants once however often a notification is replayed (×3 per topic)', async () => {
    const { buyer, orderId, preapprovalId } = await subscriber();
    const before = await snapshot(buyer.userId, orderId);
    expect(before.user?.endDate).toBe(addToDate(argentinaDate(), { months: 1 }));
    const [charge] = chargesOf(preapprovalId);
    const deliveries = await t.emulator.control.replayPaymentNotification(charge?.id ?? 0, 3);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    await t.emulator.control.replayPreapprovalNotification(preapprovalId, 3);
    const invoice = Object.values(t.emulator.control.state().authorizedPayments).find(
      (i) => i.preapproval_id === preapprovalId,
    );
    for (let i = 0; i < 3; i++) {
      expect(
        (await signedNotification(t.url, 'subscription_authorized_payment', String(invoice?.id))).status,
      ).toBe(200);
    }
    await Promise.all(
      [1, 2, 3].map(async () => (await signedNotification(t.url, 'payment', String(charge?.id))).status),
    );
    expect(await snapshot(buyer.userId, orderId)).toEqual(before);
  });

  it('never lets an older "in process" answer overwrite "approved" (out-of-order delivery)', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'CONT'),
    });
    expect(res.statusCode).toBe(202);
    const [order] = await ordersOf(t.app, buyer.userId);
    const [charge] = chargesOf(order?.provider_preapproval_id);
    const gateway = t.app.paymentGateway as NonNullable<typeof t.app.paymentGateway>;
    const staleView: GatewayPayment = await gateway.getPayment(String(charge?.id));
    expect(staleView.status).toBe('in_process');

    t.emulator.control.settlePayment(charge?.id ?? 0, 'approved');
    await eventually(async () =>
      expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(
        addToDate(argentinaDate(), { months: 1 }),
      ),
    );
    await settleWebhooks(t.emulator);
    const before = await snapshot(buyer.userId, order?.id ?? '');

    // The provider (or a slow replica of it) answers with the older state for a late notification.
    const stale = Object.assign(gateway, { getPayment: async () => staleView });
    try {
      expect((await signedNotification(t.url, 'payment', String(charge?.id))).status).toBe(200);
    } finally {
      delete (stale as Partial<typeof stale>).getPayment;
    }
    const after = await snapshot(buyer.userId, order?.id ?? '');
    expect(after).toEqual(before);
    expect(after.payments).toEqual([expect.objectContaining({ status: 'approved' })]);
  });

  it('extends the end date with an approved renewal, and not with a refused one', async () => {
    const { buyer, preapprovalId } = await subscriber();
    const firstEnd = addToDate(argentinaDate(), { months: 1 });
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(firstEnd);

    t.emulator.control.chargePreapproval(preapprovalId, 'approved');
    await eventually(async () =>
      expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(
        addToDate(firstEnd, { months: 1 }),
      ),
    );
    await settleWebhooks(t.emulator);

    const rejected = t.emulator.control.chargePreapproval(preapprovalId, 'rejected');
    await settleWebhooks(t.emulator);
    const { rows } = await t.app.db.execute<{ status: string; granted: boolean }>(
      sql`select status, granted_at is not null as granted from payments
           where provider_payment_id = ${String(rejected.payment.id)}`,
    );
    expect(rows).toEqual([{ status: 'rejected', granted: false }]);
    expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(addToDate(firstEnd, { months: 1 }));
    expect((await ordersOf(t.app, buyer.userId))[0]).toMatchObject({ status: 'active', payments: 3 });
  });

  it('lets a subscription cancelled at the provider run to its end date', async () => {
    const { buyer, preapprovalId } = await subscriber();
    const endDate = (await storedSubscription(t.app, buyer.userId))?.endDate;
    await t.app.paymentGateway?.cancelSubscription(preapprovalId);
    await eventually(async () => expect((await ordersOf(t.app, buyer.userId))[0]?.status).toBe('cancelled'));
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json()).toMatchObject({ isSubscribed: true, subscriptionEndDate: endDate });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/users/mercadopago/suscription',
      headers: buyer.headers,
    });
    expect(current.json().subscription).toMatchObject({ status: 'cancelled', subscriptionEndDate: endDate });
    expect(() => t.emulator.control.chargePreapproval(preapprovalId, 'approved')).toThrow();
  });

  it('acknowledges notifications about payments that are not ours or do not exist', async () => {
    expect((await signedNotification(t.url, 'payment', '424242')).status).toBe(200);
    const foreign = await fetch(`${t.emulator.url}/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${MP.accessToken}`,
        'content-type': 'application/json',
        'x-idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        transaction_amount: 100,
        token: await cardToken(t.emulator),
        installments: 1,
        payment_method_id: 'visa',
        external_reference: 'another-shop:17',
        payer: { email: 'otra@example.com' },
      }),
    });
    const { id } = (await foreign.json()) as { id: number };
    expect((await signedNotification(t.url, 'payment', String(id))).status).toBe(200);
    const { rows } = await t.app.db.execute(
      sql`select 1 from payments where provider_payment_id = ${String(id)}`,
    );
    expect(rows).toEqual([]);
    expect((await signedNotification(t.url, 'topic_we_do_not_use', '1')).status).toBe(200);
  });
});

describe('GET /api/payments/config', () => {
  it('gives the browser the public key and the SDK address, anonymously', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      publicKey: MP.publicKey,
      sdkUrl: `${t.emulator.url}/js/v2`,
      // a monotributista's prices are final, with no IVA apart (decision 0132)
      showPriceWithoutNationalTaxes: false,
    });
  });
});
