import { MPBadRequestError } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { type AnyJson, api, cardToken, PUBLIC_KEY, sdk, startEmulator } from './test-support';

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const visa = {
  card_number: '4509953566233704',
  expiration_month: 11,
  expiration_year: 2030,
  security_code: '123',
  cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
};

function tokenize(body: unknown, query = `public_key=${PUBLIC_KEY}`) {
  return api(`${emulator.url}/v1/card_tokens?${query}`, {
    method: 'POST',
    json: body,
    headers: { authorization: '' },
  });
}

describe('POST /v1/card_tokens', () => {
  it('tokenizes a test card with the public key, as the browser does', async () => {
    const response = await tokenize(visa);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      first_six_digits: '450995',
      last_four_digits: '3704',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
      status: 'active',
      luhn_validation: true,
      security_code_length: 3,
    });
    expect(JSON.stringify(response.body)).not.toContain('4509953566233704');
  });

  it('tokenizes through the server SDK with the access token', async () => {
    expect(await cardToken('APRO', 'amex')).toMatch(/^[0-9a-f]{32}$/);
  });

  it.each([
    ['a number failing Luhn', { card_number: '4509953566233705' }, 'E301'],
    ['no number', { card_number: '' }, '205'],
    ['a month out of range', { expiration_month: 13 }, '325'],
    ['an expired card', { expiration_year: 2020 }, '326'],
    ['a short security code', { security_code: '12' }, 'E302'],
    ['an Amex length code on a Visa', { security_code: '1234' }, 'E302'],
    ['no cardholder name', { cardholder: { name: ' ' } }, '221'],
  ])('refuses %s with a 400 and its cause code', async (_label, change, code) => {
    const response = await tokenize({ ...visa, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, error: 'bad_request', cause: [{ code }] });
  });

  it('accepts the Amex test card with its four-digit code', async () => {
    const response = await tokenize({ ...visa, card_number: '3711 803032 57522', security_code: '1234' });
    expect(response.status).toBe(201);
    expect(response.body.card_number_length).toBe(15);
  });

  it('refuses a wrong public key and a missing access token', async () => {
    expect((await tokenize(visa, 'public_key=TEST-other')).status).toBe(401);
    expect((await tokenize(visa, '')).status).toBe(401);
  });

  it('is reported by the SDK as MPBadRequestError', async () => {
    const error = await sdk()
      .cardToken.create({ body: { card_number: '1234' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MPBadRequestError);
  });
});

describe('payment method lookups', () => {
  const lookup = (path: string) =>
    api(`${emulator.url}${path}${path.includes('?') ? '&' : '?'}public_key=${PUBLIC_KEY}`);

  it.each([
    ['45099535', 'visa'],
    ['50317557', 'master'],
    ['37118030', 'amex'],
  ])('finds the brand of BIN %s', async (bin, id) => {
    const search = await lookup(`/v1/payment_methods/search?bins=${bin}`);
    expect(search.body.paging.total).toBe(1);
    expect(search.body.results[0]).toMatchObject({
      id,
      payment_type_id: 'credit_card',
      issuer: { id: expect.any(Number) },
    });
    const issuers = await lookup(`/v1/payment_methods/card_issuers?payment_method_id=${id}&bin=${bin}`);
    expect(issuers.body).toEqual([expect.objectContaining({ id: String(search.body.results[0].issuer.id) })]);
  });

  it('lists 1, 3, 6 and 12 installments, the first two interest-free', async () => {
    const response = await lookup('/v1/payment_methods/installments?amount=1000&bin=45099535');
    expect(response.status).toBe(200);
    const [option] = response.body;
    expect(option).toMatchObject({
      payment_method_id: 'visa',
      issuer: { id: expect.any(String), name: expect.any(String) },
    });
    const costs = option.payer_costs.map((c: AnyJson) => [
      c.installments,
      c.installment_rate,
      c.installment_amount,
      c.total_amount,
    ]);
    expect(costs).toEqual([
      [1, 0, 1000, 1000],
      [3, 0, 333.33, 1000],
      [6, 20, 200, 1200],
      [12, 45, 120.83, 1450],
    ]);
    expect(option.payer_costs[1].recommended_message).toBe('3 cuotas sin interés de $ 333,33 ($ 1.000,00)');
  });

  it('answers installments to the server with the access token, and nothing for an unknown BIN', async () => {
    const byToken = await api(
      `${emulator.url}/v1/payment_methods/installments?amount=10&payment_method_id=master`,
    );
    expect(byToken.body[0].payment_method_id).toBe('master');
    expect((await lookup('/v1/payment_methods/installments?amount=10&bin=99999999')).body).toEqual([]);
    expect((await lookup('/v1/payment_methods/installments?bin=45099535')).status).toBe(400);
  });

  it('lists Argentina identification types', async () => {
    const response = await lookup('/v1/identification_types');
    expect(response.body.map((t: AnyJson) => t.id)).toContain('DNI');
  });
});
