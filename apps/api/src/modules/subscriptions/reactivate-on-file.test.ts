import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { paymentOrders } from '../../db/schema';

// Issue 39 point 6 (decision 0283): reactivating with a card on file and nothing charged is a
// confirmation; the security code only when the provider asks for it; the whole card only when no
// card is saved for her.

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const mine = (buyer: Buyer) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers });
const reactivate = (buyer: Buyer, payload: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/subscription/reactivate',
    headers: buyer.headers,
    payload,
  });

async function cancelledWithSavedCard() {
  const buyer = await newBuyer(t.app);
  const paid = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await settleWebhooks(t.emulator);
  const cancelled = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/subscription/cancel',
    headers: buyer.headers,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().storedCard).toMatchObject({ lastFour: '3704' });
  return { buyer, endDate: paid.json().subscriptionEndDate as string };
}

describe('reactivating with the card on file', () => {
  it('is a confirmation: no card token sent, nothing charged, the new agreement charges the saved card', async () => {
    const { buyer, endDate } = await cancelledWithSavedCard();
    const charges = Object.keys(t.emulator.control.state().payments).length;
    const res = await reactivate(buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      nextChargeDate: endDate,
      card: { lastFour: '3704' },
    });
    await settleWebhooks(t.emulator);
    expect(Object.keys(t.emulator.control.state().payments)).toHaveLength(charges);
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'active']);
    const agreement =
      t.emulator.control.state().preapprovals[orders[1]?.provider_preapproval_id ?? '']?.resource;
    expect(agreement?.status).toBe('authorized');
  });

  it('asks for the security code only when the provider does', async () => {
    const { buyer } = await cancelledWithSavedCard();
    t.emulator.control.injectFault({ method: 'POST', path: '/v1/card_tokens', status: 400, times: 1 });
    const res = await reactivate(buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      internalCode: 'SECURITY_CODE_REQUIRED',
      message: 'Mercado Pago pide el código de seguridad de tu tarjeta para reactivar tu suscripción.',
    });
    expect((await mine(buyer)).json().status).toBe('cancelled');
  });

  it('asks for the whole card when none is saved for her', async () => {
    const { buyer } = await cancelledWithSavedCard();
    const [order] = await ordersOf(t.app, buyer.userId);
    await t.app.db
      .update(paymentOrders)
      .set({ providerCardId: null, providerCustomerId: null })
      .where(eq(paymentOrders.id, order?.id ?? ''));
    const res = await reactivate(buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('CARD_REQUIRED');
  });
});
