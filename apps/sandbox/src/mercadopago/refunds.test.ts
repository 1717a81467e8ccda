import { MPBadRequestError } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, cardToken, freshKey, paymentBody, sdk, startEmulator } from './test-support';

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

async function approvedPayment(amount = 1000): Promise<number> {
  const body = paymentBody(await cardToken('APRO'), { transaction_amount: amount });
  const payment = await sdk().payment.create({ body, requestOptions: freshKey() });
  return payment.id as number;
}

function refundError(promise: Promise<unknown>): Promise<MPBadRequestError> {
  return promise.then(
    () => {
      throw new Error('the refund should have failed');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(MPBadRequestError);
      return error as MPBadRequestError;
    },
  );
}

describe('POST /v1/payments/{id}/refunds', () => {
  it('refunds partially, then the rest, ending refunded', async () => {
    const id = await approvedPayment(1000);
    const partial = await sdk().refund.create({
      payment_id: id,
      body: { amount: 300.5 },
      requestOptions: freshKey(),
    });
    expect(partial).toMatchObject({ payment_id: id, amount: 300.5, status: 'approved' });
    let payment = await sdk().payment.get({ id });
    expect(payment).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: 300.5,
    });

    const rest = await sdk().refund.total({ payment_id: id, requestOptions: freshKey() });
    expect(rest.amount).toBe(699.5);
    payment = await sdk().payment.get({ id });
    expect(payment).toMatchObject({
      status: 'refunded',
      status_detail: 'refunded',
      transaction_amount_refunded: 1000,
    });
    expect(payment.refunds?.map((r) => r.amount)).toEqual([300.5, 699.5]);

    await refundError(
      sdk().refund.create({ payment_id: id, body: { amount: 1 }, requestOptions: freshKey() }),
    );
  });

  it('refunds everything with an empty body', async () => {
    const id = await approvedPayment(250);
    const refund = await sdk().refund.create({ payment_id: id, requestOptions: freshKey() });
    expect(refund.amount).toBe(250);
    expect((await sdk().payment.get({ id })).status).toBe('refunded');
  });

  it('refuses more than what is left and payments that were not approved', async () => {
    const id = await approvedPayment(100);
    const tooMuch = await refundError(
      sdk().refund.create({ payment_id: id, body: { amount: 100.01 }, requestOptions: freshKey() }),
    );
    expect(tooMuch.causes).toEqual([expect.objectContaining({ code: 'invalid_refund_amount' })]);
    const rejected = await sdk().payment.create({
      body: paymentBody(await cardToken('FUND')),
      requestOptions: freshKey(),
    });
    await refundError(sdk().refund.total({ payment_id: rejected.id as number, requestOptions: freshKey() }));
  });

  it('fails the next refund once when the control says so, through the method or HTTP', async () => {
    const id = await approvedPayment(500);
    emulator.control.failNextRefund();
    const failed = await refundError(sdk().refund.total({ payment_id: id, requestOptions: freshKey() }));
    expect(failed.causes).toEqual([expect.objectContaining({ code: 'emulated_refund_failure' })]);
    expect((await sdk().payment.get({ id })).status).toBe('approved');

    expect(
      (await api(`${emulator.url}/_control/refunds/fail-next`, { method: 'POST', json: {} })).status,
    ).toBe(200);
    await refundError(
      sdk().refund.create({ payment_id: id, body: { amount: 10 }, requestOptions: freshKey() }),
    );
    const ok = await sdk().refund.create({
      payment_id: id,
      body: { amount: 10 },
      requestOptions: freshKey(),
    });
    expect(ok.amount).toBe(10);
  });

  it('does not refund twice for a repeated idempotency key', async () => {
    const id = await approvedPayment(100);
    const key = freshKey();
    const first = await sdk().refund.create({ payment_id: id, body: { amount: 40 }, requestOptions: key });
    const again = await sdk().refund.create({ payment_id: id, body: { amount: 40 }, requestOptions: key });
    expect(again.id).toBe(first.id);
    expect((await sdk().payment.get({ id })).transaction_amount_refunded).toBe(40);
  });
});
