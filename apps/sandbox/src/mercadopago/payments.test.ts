import { MPAuthenticationError, MPBadRequestError, MPIdempotencyError } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDHOLDER_OUTCOMES } from './outcomes';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, cardToken, freshKey, paymentBody, sdk, startEmulator } from './test-support';

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

describe('POST /v1/payments through the official SDK', () => {
  it.each([
    ['APRO', 'approved', 'accredited'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
  ])('cardholder %s gives %s / %s', async (name, status, detail) => {
    const payment = await sdk().payment.create({
      body: paymentBody(await cardToken(name)),
      requestOptions: freshKey(),
    });
    expect(payment.status).toBe(status);
    expect(payment.status_detail).toBe(detail);
    expect(typeof payment.id).toBe('number');
    expect(payment.date_approved ? 'approved' : 'not approved').toBe(
      status === 'approved' ? 'approved' : 'not approved',
    );
  });

  it('covers every documented test name', () => {
    expect(Object.keys(CARDHOLDER_OUTCOMES).sort()).toEqual([
      'APRO',
      'CALL',
      'CONT',
      'EXPI',
      'FORM',
      'FUND',
      'OTHE',
      'SECU',
    ]);
  });

  it('rejects a would-be pending payment in binary mode', async () => {
    const body = paymentBody(await cardToken('CONT'), { binary_mode: true });
    const payment = await sdk().payment.create({ body, requestOptions: freshKey() });
    expect(payment.status).toBe('rejected');
    expect(payment.binary_mode).toBe(true);
  });

  it('answers the documented response fields and keeps them for GET', async () => {
    const body = paymentBody(await cardToken('APRO', 'master'), {
      transaction_amount: 1200.5,
      installments: 6,
      payment_method_id: 'master',
      metadata: { orderId: 42, planName: 'anual' },
      notification_url: 'http://127.0.0.1:9/hook',
    });
    const created = await sdk().payment.create({ body, requestOptions: freshKey() });
    expect(created).toMatchObject({
      transaction_amount: 1200.5,
      installments: 6,
      payment_method_id: 'master',
      external_reference: 'order-1',
      // Mercado Pago answers metadata keys in snake_case.
      metadata: { order_id: 42, plan_name: 'anual' },
      payer: { email: 'ana@example.com', identification: { type: 'DNI', number: '12345678' } },
      card: { first_six_digits: '503175', last_four_digits: '0604', cardholder: { name: 'APRO' } },
      transaction_details: {
        net_received_amount: 1200.5,
        total_paid_amount: 1440.6,
        installment_amount: 240.1,
      },
    });
    expect(created.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-04:00$/);
    const fetched = await sdk().payment.get({ id: created.id as number });
    expect(fetched.id).toBe(created.id);
    expect(fetched.status).toBe('approved');
  });

  it('replays the same payment for a repeated idempotency key and body', async () => {
    const body = paymentBody(await cardToken('APRO'));
    const key = freshKey();
    const first = await sdk().payment.create({ body, requestOptions: key });
    const second = await sdk().payment.create({ body, requestOptions: key });
    expect(second.id).toBe(first.id);
    const other = await sdk()
      .payment.create({ body: { ...body, transaction_amount: 5 }, requestOptions: key })
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(MPIdempotencyError);
  });

  it('refuses a card token used twice', async () => {
    const token = await cardToken('APRO');
    await sdk().payment.create({ body: paymentBody(token), requestOptions: freshKey() });
    const error = await sdk()
      .payment.create({ body: paymentBody(token), requestOptions: freshKey() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MPBadRequestError);
    expect((error as MPBadRequestError).causes).toEqual([expect.objectContaining({ code: 3003 })]);
  });

  it('leaves the token unused when the request itself is invalid', async () => {
    const token = await cardToken('APRO');
    const bad = await sdk()
      .payment.create({ body: paymentBody(token, { installments: 5 }), requestOptions: freshKey() })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(MPBadRequestError);
    const mismatch = await sdk()
      .payment.create({ body: paymentBody(token, { payment_method_id: 'amex' }), requestOptions: freshKey() })
      .catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(MPBadRequestError);
    const good = await sdk().payment.create({ body: paymentBody(token), requestOptions: freshKey() });
    expect(good.status).toBe('approved');
  });

  it('validates amount, e-mail and notification URL like the real API', async () => {
    const token = await cardToken('APRO');
    for (const [extra, code] of [
      [{ transaction_amount: 0 }, 4037],
      [{ payer: { email: 'nope' } }, 4050],
      [{ notification_url: 'not a url' }, 4020],
    ] as const) {
      const error = await sdk()
        .payment.create({ body: paymentBody(token, extra), requestOptions: freshKey() })
        .catch((e: unknown) => e);
      expect((error as MPBadRequestError).causes).toEqual([expect.objectContaining({ code })]);
    }
  });

  it('requires the access token and answers 404 for unknown payments', async () => {
    const token = await cardToken('APRO');
    const error = await sdk('TEST-wrong')
      .payment.create({ body: paymentBody(token), requestOptions: freshKey() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MPAuthenticationError);
    const missing = await api(`${emulator.url}/v1/payments/1`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found', status: 404 });
  });

  it('searches payments by external reference through the SDK, newest first', async () => {
    const reference = `order-search-${Date.now()}`;
    const first = await sdk().payment.create({
      body: paymentBody(await cardToken('APRO'), { external_reference: reference }),
      requestOptions: freshKey(),
    });
    const second = await sdk().payment.create({
      body: paymentBody(await cardToken('FUND'), { external_reference: reference }),
      requestOptions: freshKey(),
    });
    const found = await sdk().payment.search({
      options: { external_reference: reference, sort: 'date_created', criteria: 'desc' },
    });
    expect(found.paging).toMatchObject({ total: 2, offset: 0 });
    expect(found.results?.map((p) => [p.id, p.status])).toEqual([
      [second.id, 'rejected'],
      [first.id, 'approved'],
    ]);
    const none = await sdk().payment.search({ options: { external_reference: `${reference}-none` } });
    expect(none).toMatchObject({ paging: { total: 0 }, results: [] });
    const paged = await api(
      `${emulator.url}/v1/payments/search?external_reference=${reference}&limit=1&offset=1`,
    );
    expect(paged.body.results.map((p: { id: number }) => p.id)).toEqual([first.id]);
  });

  it('accepts trailing slashes', async () => {
    const token = await cardToken('APRO');
    const created = await api(`${emulator.url}/v1/payments/`, { method: 'POST', json: paymentBody(token) });
    expect(created.status).toBe(201);
    const fetched = await api(`${emulator.url}/v1/payments/${created.body.id}/`);
    expect(fetched.body.id).toBe(created.body.id);
  });
});
