import { randomUUID } from 'node:crypto';
import { MercadoPagoConfig, Payment } from 'mercadopago';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { ACCESS_TOKEN, api, cardToken, paymentBody, startEmulator } from './test-support';

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
afterEach(() => emulator.control.clearFaults());

/** The SDK as our API configures it: its own retries (same idempotency key) and timeout. */
const payments = (maxRetries: number, timeout = 5000) =>
  new Payment(new MercadoPagoConfig({ accessToken: ACCESS_TOKEN, options: { maxRetries, timeout } }));

const paymentsWithReference = (reference: string) =>
  Object.values(emulator.control.state().payments).filter(
    (payment) => payment.external_reference === reference,
  );

const servedWithKey = (key: string) =>
  emulator.control.requests().filter((request) => request.idempotencyKey === key);

describe('fault injection (_control/faults)', () => {
  it('answers 500 without charging; the SDK retries with the same idempotency key and pays once', async () => {
    const armed = await api(`${emulator.url}/_control/faults`, {
      method: 'POST',
      json: { status: 500, method: 'POST', path: '/v1/payments', times: 1 },
    });
    expect(armed.status).toBe(201);
    const reference = `fault-${randomUUID()}`;
    const key = randomUUID();
    const paid = await payments(1).create({
      body: paymentBody(await cardToken('APRO'), { external_reference: reference }),
      requestOptions: { idempotencyKey: key },
    });
    expect(paid.status).toBe('approved');
    expect(servedWithKey(key).map((r) => [r.path, r.status])).toEqual([
      ['/v1/payments', 500],
      ['/v1/payments', 201],
    ]);
    expect(paymentsWithReference(reference)).toHaveLength(1);
  });

  it("'after' charges and then answers the error; the same key replays the payment", async () => {
    emulator.control.injectFault({ status: 502, when: 'after', path: '/v1/payments', method: 'POST' });
    const reference = `fault-${randomUUID()}`;
    const key = randomUUID();
    const body = paymentBody(await cardToken('APRO'), { external_reference: reference });
    await expect(payments(0).create({ body, requestOptions: { idempotencyKey: key } })).rejects.toMatchObject(
      {
        status: 502,
      },
    );
    expect(paymentsWithReference(reference)).toHaveLength(1);
    const again = await payments(0).create({ body, requestOptions: { idempotencyKey: key } });
    expect(paymentsWithReference(reference)).toHaveLength(1);
    expect(again.id).toBe(paymentsWithReference(reference)[0]?.id);
  });

  it('answers 429 with Retry-After, and affects only the matching method and path', async () => {
    emulator.control.injectFault({ status: 429, retryAfterSeconds: 0, method: 'POST', times: 2 });
    const read = await api(`${emulator.url}/v1/payment_methods`);
    expect(read.status).toBe(200);
    const limited = await api(`${emulator.url}/v1/payments`, { method: 'POST', json: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect(limited.body).toMatchObject({ status: 429, error: 'too_many_requests' });
    expect(emulator.control.faults()).toEqual([expect.objectContaining({ status: 429, times: 1 })]);
  });

  it('delays past the client timeout and still charges (the answer comes too late)', async () => {
    emulator.control.injectFault({ delayMs: 400, path: '/v1/payments', method: 'POST' });
    const reference = `fault-${randomUUID()}`;
    const started = Date.now();
    await expect(
      payments(0, 150).create({
        body: paymentBody(await cardToken('APRO'), { external_reference: reference }),
        requestOptions: { idempotencyKey: randomUUID() },
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(400);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(paymentsWithReference(reference)).toHaveLength(1);
  });

  it('refuses a fault without an effect or with a bad field, and clears', async () => {
    for (const json of [
      {},
      { status: 200 },
      { status: 500, when: 'later' },
      { delayMs: -1 },
      { status: 500, times: 0 },
    ]) {
      const res = await api(`${emulator.url}/_control/faults`, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    emulator.control.injectFault({ status: 503, times: 5 });
    expect((await api(`${emulator.url}/_control/faults`, { method: 'DELETE' })).body).toEqual({
      cleared: true,
    });
    expect(emulator.control.faults()).toEqual([]);
  });
});
