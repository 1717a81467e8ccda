import { MPBadRequestError } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from './dates';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, cardToken, freshKey, sdk, startEmulator } from './test-support';
import type { PreapprovalResource } from './types';

let emulator: RunningMercadoPagoEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

async function subscribe(cardholder: string, recurring: Record<string, unknown> = {}) {
  return sdk().preapproval.create({
    body: {
      reason: 'Plan Ahorro mensual',
      external_reference: 'subscription-7',
      payer_email: 'ana@example.com',
      card_token_id: await cardToken(cardholder),
      status: 'authorized',
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: 4500,
        currency_id: 'ARS',
        ...recurring,
      },
    },
    requestOptions: freshKey(),
  });
}

function invoicesOf(id: string) {
  return Object.values(emulator.control.state().authorizedPayments).filter((i) => i.preapproval_id === id);
}

const sameInstant = (a: string | undefined, b: Date) => expect(Date.parse(a ?? '')).toBe(b.getTime());

describe('/preapproval', () => {
  it('charges at once without a free trial and moves the next payment date one period', async () => {
    const before = Date.now();
    const created = await subscribe('APRO');
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      status: 'authorized',
      external_reference: 'subscription-7',
    });
    const [invoice] = invoicesOf(created.id as string);
    expect(invoice?.payment.status).toBe('approved');
    const payment = await sdk().payment.get({ id: invoice?.payment.id as number });
    expect(payment).toMatchObject({
      status: 'approved',
      transaction_amount: 4500,
      external_reference: 'subscription-7',
      metadata: { preapproval_id: created.id },
      operation_type: 'recurring_payment',
    });
    const start = Date.parse(
      created.auto_recurring ? (created as unknown as PreapprovalResource).auto_recurring.start_date : '',
    );
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    sameInstant(created.next_payment_date, addPeriod(new Date(start), 1, 'months'));
    const fetched = await sdk().preapproval.get({ id: created.id as string });
    expect(fetched.summarized).toMatchObject({ charged_quantity: 1, charged_amount: 4500 });
  });

  it('does not charge during a free trial and dates the first charge after it', async () => {
    const created = await subscribe('APRO', { free_trial: { frequency: 7, frequency_type: 'days' } });
    expect(created.status).toBe('authorized');
    expect(invoicesOf(created.id as string)).toHaveLength(0);
    const start = new Date((created as unknown as PreapprovalResource).auto_recurring.start_date);
    sameInstant(created.next_payment_date, addPeriod(start, 7, 'days'));
  });

  it('refuses to create the subscription when the card is refused', async () => {
    const error = await subscribe('FUND').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MPBadRequestError);
    expect((error as MPBadRequestError).causes).toEqual([
      expect.objectContaining({ code: 'cc_rejected_insufficient_amount' }),
    ]);
    const callError = (await subscribe('CALL').catch((e: unknown) => e)) as MPBadRequestError;
    expect(callError.message).toContain('cc_rejected_call_for_authorize');
  });

  it('runs recurring charges on demand, moving the date only when approved', async () => {
    const created = await subscribe('APRO', { free_trial: { frequency: 1, frequency_type: 'months' } });
    const id = created.id as string;
    const firstDue = created.next_payment_date as string;

    const rejected = emulator.control.chargePreapproval(id, 'rejected');
    expect(rejected.payment).toMatchObject({
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
    });
    expect(rejected.authorizedPayment.status).toBe('recycling');
    expect((await sdk().preapproval.get({ id })).next_payment_date).toBe(firstDue);

    const viaHttp = await api(`${emulator.url}/_control/preapproval/${id}/charge`, {
      method: 'POST',
      json: { outcome: 'approved' },
    });
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body.payment).toMatchObject({ status: 'approved', metadata: { preapproval_id: id } });
    const after = await sdk().preapproval.get({ id });
    sameInstant(after.next_payment_date, addPeriod(new Date(firstDue), 1, 'months'));

    const invoice = await api(`${emulator.url}/authorized_payments/${viaHttp.body.authorizedPayment.id}`);
    expect(invoice.body).toMatchObject({
      preapproval_id: id,
      status: 'processed',
      payment: { id: viaHttp.body.payment.id, status: 'approved' },
    });
  });

  it('updates amount and status, and a cancelled one stays cancelled', async () => {
    const created = await subscribe('APRO');
    const id = created.id as string;
    const changed = await sdk().preapproval.update({
      id,
      body: { auto_recurring: { transaction_amount: 3999.99, currency_id: 'ARS' } },
      requestOptions: freshKey(),
    });
    expect((changed as unknown as PreapprovalResource).auto_recurring.transaction_amount).toBe(3999.99);
    expect(emulator.control.chargePreapproval(id, 'approved').payment.transaction_amount).toBe(3999.99);

    expect(
      (await sdk().preapproval.update({ id, body: { status: 'paused' }, requestOptions: freshKey() })).status,
    ).toBe('paused');
    expect(() => emulator.control.chargePreapproval(id, 'approved')).toThrow(/paused/);
    await sdk().preapproval.update({ id, body: { status: 'cancelled' }, requestOptions: freshKey() });
    const again = await sdk()
      .preapproval.update({ id, body: { status: 'authorized' }, requestOptions: freshKey() })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(MPBadRequestError);
    expect((await sdk().preapproval.get({ id })).status).toBe('cancelled');
  });

  it('answers 404 for an unknown preapproval, also with a trailing slash', async () => {
    expect((await api(`${emulator.url}/preapproval/nope/`)).status).toBe(404);
  });
});
