import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  freshVisaNumber,
  MP,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../../../test/payments';
import { paymentOrders } from '../../db/schema';
import { addToDate } from '../../lib/subscription-dates';

// Decision 0225: the card of an active subscription is saved for her at Mercado Pago (the
// emulator's customers and cards), Mi cuenta offers it back when she reactivates, and a token made
// from a saved card pays only for the user it was saved for.

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const mine = (buyer: Buyer) =>
  t.app.inject({ method: 'GET', url: '/api/users/me/subscription', headers: buyer.headers });
const cancel = (buyer: Buyer) =>
  t.app.inject({ method: 'POST', url: '/api/users/me/subscription/cancel', headers: buyer.headers });
const reactivate = (buyer: Buyer, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/subscription/reactivate',
    headers: buyer.headers,
    payload: { cardToken: token },
  });

const expiry = { month: 11, year: 2030 };

/** What the browser does with the stored card: MercadoPago.js createCardToken({ cardId, securityCode }). */
async function storedCardToken(cardId: string, securityCode = '123'): Promise<string> {
  const response = await fetch(`${t.emulator.url}/v1/card_tokens?public_key=${MP.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card_id: cardId, security_code: securityCode }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`no card token: ${JSON.stringify(body)}`);
  return body.id;
}

async function cardColumns(orderId: string) {
  const [row] = await t.app.db
    .select({
      customerId: paymentOrders.providerCustomerId,
      cardId: paymentOrders.providerCardId,
      month: paymentOrders.cardExpirationMonth,
      year: paymentOrders.cardExpirationYear,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  return row;
}

async function subscribedAndCancelled() {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO', undefined, expiry),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  expect((await cancel(buyer)).statusCode).toBe(200);
  return {
    buyer,
    order: order as NonNullable<typeof order>,
    endDate: res.json().subscriptionEndDate as string,
  };
}

describe('the card saved at the provider (decision 0225)', () => {
  it('is saved for her when the subscription is activated, and offered in Mi cuenta once cancelled', async () => {
    const buyer = await newBuyer(t.app);
    const number = freshVisaNumber();
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO', undefined, expiry, number),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(t.app, buyer.userId);
    const saved = await cardColumns(order?.id ?? '');
    expect(saved).toMatchObject({
      customerId: expect.any(String),
      cardId: expect.any(String),
      month: 11,
      year: 2030,
    });
    const customer = t.emulator.control.state().customers[saved?.customerId ?? ''];
    expect(customer?.resource.email).toBe(buyer.email);
    expect(customer?.cards[saved?.cardId ?? '']?.resource).toMatchObject({
      last_four_digits: '3704',
      payment_method: { id: 'visa' },
    });
    // Active: nothing to reactivate, so no stored card in the answer.
    expect((await mine(buyer)).json()).not.toHaveProperty('storedCard');

    expect((await cancel(buyer)).statusCode).toBe(200);
    const cancelled = (await mine(buyer)).json();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      card: { brand: 'visa', lastFour: '3704' },
      storedCard: {
        id: saved?.cardId,
        brand: 'visa',
        lastFour: '3704',
        expirationMonth: 11,
        expirationYear: 2030,
      },
    });
    expect(JSON.stringify(cancelled)).not.toContain(number);
  });

  it('reactivates with the stored card and only its security code; the new agreement charges that card', async () => {
    const { buyer, order, endDate } = await subscribedAndCancelled();
    const { storedCard } = (await mine(buyer)).json();
    const customersBefore = Object.keys(t.emulator.control.state().customers).length;
    const res = await reactivate(buyer, await storedCardToken(storedCard.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      nextChargeDate: endDate,
      card: { lastFour: '3704' },
    });
    const orders = await ordersOf(t.app, buyer.userId);
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'active']);
    const fresh = orders[1];
    const previous = await cardColumns(order.id);
    // The new order keeps the same saved card (nothing saved twice, no new customer).
    expect(await cardColumns(fresh?.id ?? '')).toEqual(previous);
    expect(Object.keys(t.emulator.control.state().customers)).toHaveLength(customersBefore);
    const agreement = t.emulator.control.state().preapprovals[fresh?.provider_preapproval_id ?? ''];
    expect(agreement?.card.last_four_digits).toBe('3704');

    t.emulator.control.chargePreapproval(agreement?.resource.id ?? '', 'approved');
    await settleWebhooks(t.emulator);
    await eventually(async () =>
      expect((await storedSubscription(t.app, buyer.userId))?.endDate).toBe(
        addToDate(endDate, { months: 1 }),
      ),
    );
    const charged = Object.values(t.emulator.control.state().payments).filter(
      (p) => p.metadata.preapproval_id === agreement?.resource.id,
    );
    expect(charged.map((p) => [p.status, p.card.last_four_digits])).toEqual([['approved', '3704']]);
  });

  it("refuses a token made from someone else's saved card (403), with nothing created at the provider", async () => {
    const ana = await subscribedAndCancelled();
    const bea = await subscribedAndCancelled();
    const anaCard = (await mine(ana.buyer)).json().storedCard.id as string;
    const preapprovalsBefore = Object.keys(t.emulator.control.state().preapprovals).length;
    const refused = await reactivate(bea.buyer, await storedCardToken(anaCard));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().internalCode).toBe('CARD_NOT_YOURS');
    expect(Object.keys(t.emulator.control.state().preapprovals)).toHaveLength(preapprovalsBefore);
    expect((await ordersOf(t.app, bea.buyer.userId)).map((o) => o.status)).toEqual(['cancelled']);

    // Nor at checkout: a new buyer cannot subscribe with it either.
    const carla = await newBuyer(t.app);
    const checkout = await subscribe(t.app, carla, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await storedCardToken(anaCard),
    });
    expect(checkout.statusCode).toBe(403);
    expect(await ordersOf(t.app, carla.userId)).toEqual([]);

    // Her own card still works for her.
    expect(
      (await reactivate(bea.buyer, await storedCardToken((await mine(bea.buyer)).json().storedCard.id)))
        .statusCode,
    ).toBe(200);
  });

  it('a card the provider cannot save never fails the payment: she is just not offered a stored card', async () => {
    t.emulator.control.injectFault({ path: '/v1/customers', status: 500, times: 20 });
    let buyer: Buyer;
    let orderId: string;
    try {
      ({
        buyer,
        order: { id: orderId },
      } = await subscribedAndCancelled());
    } finally {
      t.emulator.control.clearFaults();
    }
    expect(await cardColumns(orderId)).toMatchObject({
      customerId: null,
      cardId: null,
      month: 11,
      year: 2030,
    });
    expect((await mine(buyer)).json()).toMatchObject({ status: 'cancelled', storedCard: null });
    // The whole card typed again still reactivates, and that card is then saved.
    const res = await reactivate(buyer, await cardToken(t.emulator, 'APRO', undefined, expiry));
    expect(res.statusCode, res.body).toBe(200);
    const [, fresh] = await ordersOf(t.app, buyer.userId);
    expect(await cardColumns(fresh?.id ?? '')).toMatchObject({
      customerId: expect.any(String),
      cardId: expect.any(String),
    });
  });
});
