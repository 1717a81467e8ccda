import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from './dates';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, cardToken, freshKey, sdk, startEmulator, startWebhookReceiver } from './test-support';

// Mercado Pago's dunning, played on demand: a refused renewal is retried at +1, +3 and +5 days
// (each a charge with its webhooks), and a new card pays the refused invoice at once.

let emulator: RunningMercadoPagoEmulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startEmulator({ notificationUrl: receiver.url });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

async function subscribedWithRefusedRenewal() {
  const created = await sdk().preapproval.create({
    body: {
      reason: 'Plan Ahorro mensual',
      external_reference: 'subscription-9',
      payer_email: 'ana@example.com',
      card_token_id: await cardToken('APRO'),
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
  const id = created.id as string;
  const due = created.next_payment_date as string;
  const refused = emulator.control.chargePreapproval(id, 'rejected');
  return { id, due, refused };
}

const DAY = 86_400_000;

describe('retries of a refused renewal', () => {
  it('schedules retries at +1, +3 and +5 days; each retry is a charge with its own webhooks', async () => {
    const { id, due, refused } = await subscribedWithRefusedRenewal();
    const invoice = refused.authorizedPayment;
    expect(invoice).toMatchObject({ status: 'recycling', retry_attempt: 0 });
    const refusedAt = Date.parse(invoice.date_created);
    expect(Date.parse(invoice.next_retry_date ?? '')).toBe(refusedAt + 1 * DAY);

    const first = await api(`${emulator.url}/_control/preapproval/${id}/retry`, {
      method: 'POST',
      json: { outcome: 'rejected' },
    });
    expect(first.status).toBe(200);
    expect(first.body.authorizedPayment).toMatchObject({
      id: invoice.id,
      status: 'recycling',
      retry_attempt: 1,
    });
    expect(Date.parse(first.body.authorizedPayment.next_retry_date)).toBe(refusedAt + 3 * DAY);
    expect(first.body.payment.id).not.toBe(refused.payment.id);
    expect(first.body.payment).toMatchObject({ status: 'rejected', metadata: { preapproval_id: id } });
    await receiver.waitFor((hooks) =>
      hooks.some((h) => h.body.type === 'payment' && h.body.data.id === String(first.body.payment.id)),
    );
    await receiver.waitFor((hooks) =>
      hooks.some(
        (h) =>
          h.body.type === 'subscription_authorized_payment' &&
          h.body.action === 'updated' &&
          h.body.data.id === String(invoice.id),
      ),
    );

    const second = emulator.control.retryPreapproval(id, 'approved');
    expect(second.authorizedPayment).toMatchObject({
      status: 'processed',
      retry_attempt: 2,
      next_retry_date: null,
    });
    expect(second.payment.status).toBe('approved');
    const fetched = await api(`${emulator.url}/authorized_payments/${invoice.id}`);
    expect(fetched.body.payment).toMatchObject({ id: second.payment.id, status: 'approved' });
    const after = await sdk().preapproval.get({ id });
    expect(Date.parse(after.next_payment_date as string)).toBe(
      addPeriod(new Date(due), 1, 'months').getTime(),
    );
    expect(after.summarized?.semaphore).toBe('green');

    const nothing = await api(`${emulator.url}/_control/preapproval/${id}/retry`, {
      method: 'POST',
      json: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.cause[0].code).toBe('no_recycling_invoice');
  });

  it('cancels the invoice after the third refused retry and moves on to the next period', async () => {
    const { id, due } = await subscribedWithRefusedRenewal();
    emulator.control.retryPreapproval(id, 'rejected');
    emulator.control.retryPreapproval(id, 'rejected');
    const last = emulator.control.retryPreapproval(id, 'rejected');
    expect(last.authorizedPayment).toMatchObject({
      status: 'cancelled',
      retry_attempt: 3,
      next_retry_date: null,
    });
    const after = await sdk().preapproval.get({ id });
    expect(after.status).toBe('authorized');
    expect(Date.parse(after.next_payment_date as string)).toBe(
      addPeriod(new Date(due), 1, 'months').getTime(),
    );
    expect(() => emulator.control.retryPreapproval(id, 'approved')).toThrow(/no refused invoice/);
  });

  it('charges the refused invoice at once with a new card', async () => {
    const { id, due, refused } = await subscribedWithRefusedRenewal();
    const updated = await sdk().preapproval.update({
      id,
      body: { card_token_id: await cardToken('APRO', 'master') },
      requestOptions: freshKey(),
    });
    expect(updated.payment_method_id).toBe('master');
    const invoice = emulator.control.state().authorizedPayments[String(refused.authorizedPayment.id)];
    expect(invoice).toMatchObject({ status: 'processed', retry_attempt: 0 });
    const payment = emulator.control.state().payments[String(invoice?.payment.id)];
    expect(payment).toMatchObject({ status: 'approved', payment_method_id: 'master' });
    expect(payment?.card.last_four_digits).toBe('0604');
    const after = await sdk().preapproval.get({ id });
    expect(Date.parse(after.next_payment_date as string)).toBe(
      addPeriod(new Date(due), 1, 'months').getTime(),
    );
  });

  it('a new card without a refused invoice charges nothing', async () => {
    const created = await sdk().preapproval.create({
      body: {
        reason: 'Plan Ahorro mensual',
        payer_email: 'ana@example.com',
        card_token_id: await cardToken('APRO'),
        status: 'authorized',
        auto_recurring: {
          frequency: 1,
          frequency_type: 'months',
          transaction_amount: 100,
          currency_id: 'ARS',
        },
      },
      requestOptions: freshKey(),
    });
    const before = Object.keys(emulator.control.state().payments).length;
    await sdk().preapproval.update({
      id: created.id as string,
      body: { card_token_id: await cardToken('APRO', 'master') },
      requestOptions: freshKey(),
    });
    expect(Object.keys(emulator.control.state().payments)).toHaveLength(before);
  });
});
