import { MPBadRequestError, MPNotFoundError } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, cardToken, freshKey, PUBLIC_KEY, paymentBody, sdk, startEmulator } from './test-support';

// Customers and saved cards, driven with the official SDK's Customer and CustomerCard clients.

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

let counter = 0;
const newEmail = () => `compradora-${Date.now()}-${++counter}@example.com`;

/** A customer with the Visa test card saved from a token a payment already used. */
async function customerWithCard(holder = 'APRO') {
  const email = newEmail();
  const customer = await sdk().customer.create({ body: { email, first_name: 'Ana' } });
  const token = await cardToken(holder);
  const payment = await sdk().payment.create({ body: paymentBody(token), requestOptions: freshKey() });
  expect(payment.status).toBe(holder === 'APRO' ? 'approved' : 'rejected');
  const card = await sdk().customerCard.create({ customerId: customer.id as string, body: { token } });
  return { email, customer, card };
}

async function savedCardToken(cardId: string, securityCode: string) {
  return api(`${emulator.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
    method: 'POST',
    headers: { authorization: '' },
    json: { card_id: cardId, security_code: securityCode },
  });
}

describe('/v1/customers', () => {
  it('creates a customer, finds it by e-mail, and refuses a second one with the same e-mail (cause 101)', async () => {
    const email = newEmail();
    const created = await sdk().customer.create({ body: { email, first_name: 'Ana', last_name: 'Gómez' } });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^\d+-[0-9a-f]{14}$/),
      email,
      first_name: 'Ana',
      cards: [],
      default_card: null,
      live_mode: false,
    });
    const found = await sdk().customer.search({ options: { email: email.toUpperCase() } });
    expect(found.paging).toMatchObject({ total: 1 });
    expect(found.results?.[0]?.id).toBe(created.id);
    expect((await sdk().customer.search({ options: { email: 'nadie@example.com' } })).results).toEqual([]);

    const duplicate = await sdk()
      .customer.create({ body: { email } })
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(MPBadRequestError);
    expect((duplicate as MPBadRequestError).causes).toEqual([
      expect.objectContaining({ code: '101', description: 'the customer already exist' }),
    ]);
    const missing = await sdk()
      .customer.get({ customerId: '1-00000000000000' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(MPNotFoundError);
    const unauthorized = await api(`${emulator.url}/v1/customers/search?email=${email}`, {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(unauthorized.status).toBe(401);
  });

  it('saves a card with the token its payment used, lists it, and answers the same card when saved again', async () => {
    const { customer, card, email } = await customerWithCard();
    expect(card).toMatchObject({
      id: expect.stringMatching(/^\d{13}$/),
      customer_id: customer.id,
      first_six_digits: '450995',
      last_four_digits: '3704',
      expiration_month: 11,
      expiration_year: 2030,
      payment_method: { id: 'visa', name: 'Visa', payment_type_id: 'credit_card' },
      security_code: { length: 3, card_location: 'back' },
      cardholder: { name: 'APRO' },
    });
    expect(JSON.stringify(card)).not.toContain('4509953566233704');
    const again = await sdk().customerCard.create({
      customerId: customer.id as string,
      body: { token: await cardToken('APRO') },
    });
    expect(again.id).toBe(card.id);
    const listed = await sdk().customerCard.list({ customerId: customer.id as string });
    expect(listed.map((c) => c.id)).toEqual([card.id]);
    const fetched = await sdk().customer.get({ customerId: customer.id as string });
    expect(fetched).toMatchObject({ email, default_card: card.id, cards: [{ id: card.id }] });
    const one = await sdk().customerCard.get({
      customerId: customer.id as string,
      cardId: card.id as string,
    });
    expect(one).toMatchObject({ id: card.id, last_four_digits: '3704', customer_id: customer.id });
    // Trailing slashes, like every other route of the emulator.
    expect((await api(`${emulator.url}/v1/customers/${customer.id}/cards/`)).body).toEqual([
      expect.objectContaining({ id: card.id }),
    ]);
    expect((await api(`${emulator.url}/v1/customers/search/?email=${email}`)).body.paging.total).toBe(1);

    const badToken = await sdk()
      .customerCard.create({ customerId: customer.id as string, body: { token: 'f'.repeat(32) } })
      .catch((error: unknown) => error);
    expect(badToken).toBeInstanceOf(MPBadRequestError);
  });

  it('tokenizes a saved card with its id and a typed security code; the token pays a subscription', async () => {
    const { card, email } = await customerWithCard();
    const token = await savedCardToken(card.id as string, '123');
    expect(token.status).toBe(201);
    expect(token.body).toMatchObject({
      card_id: card.id,
      first_six_digits: '450995',
      last_four_digits: '3704',
      expiration_month: 11,
      expiration_year: 2030,
      status: 'active',
    });
    // The token lookup (access token) tells which saved card a token was made from.
    expect((await sdk().cardToken.get({ id: token.body.id })).card_id).toBe(card.id);
    const agreement = await sdk().preapproval.create({
      body: {
        reason: 'Plan Ahorro mensual',
        external_reference: 'subscription-saved-card',
        payer_email: email,
        card_token_id: token.body.id,
        status: 'authorized',
        auto_recurring: {
          frequency: 1,
          frequency_type: 'months',
          transaction_amount: 4500,
          currency_id: 'ARS',
        },
      },
      requestOptions: freshKey(),
    });
    expect(agreement).toMatchObject({ status: 'authorized', payment_method_id: 'visa' });

    expect((await savedCardToken(card.id as string, '')).body.cause).toEqual([
      expect.objectContaining({ code: '224' }),
    ]);
    expect((await savedCardToken(card.id as string, '1234')).body.cause).toEqual([
      expect.objectContaining({ code: 'E302' }),
    ]);
    const unknown = await savedCardToken('9999999999999', '123');
    expect(unknown.status).toBe(400);
    expect(unknown.body.cause).toEqual([expect.objectContaining({ code: 'E205' })]);
  });

  it('a saved card keeps its holder, so the outcome it was saved with decides later charges too', async () => {
    const { card } = await customerWithCard('FUND');
    const token = await savedCardToken(card.id as string, '123');
    const payment = await sdk().payment.create({
      body: paymentBody(token.body.id),
      requestOptions: freshKey(),
    });
    expect(payment).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
  });

  it('deletes a saved card: it is no longer listed nor tokenizable', async () => {
    const { customer, card } = await customerWithCard();
    const removed = await api(`${emulator.url}/v1/customers/${customer.id}/cards/${card.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(card.id);
    expect(await sdk().customerCard.list({ customerId: customer.id as string })).toHaveLength(0);
    expect((await sdk().customer.get({ customerId: customer.id as string })).default_card).toBeNull();
    expect((await savedCardToken(card.id as string, '123')).status).toBe(400);
    const twice = await api(`${emulator.url}/v1/customers/${customer.id}/cards/${card.id}/`, {
      method: 'DELETE',
    });
    expect(twice.status).toBe(404);
  });
});
