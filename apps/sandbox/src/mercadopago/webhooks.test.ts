import { createHmac } from 'node:crypto';
import { WebhookSignatureValidator } from 'mercadopago';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import {
  api,
  cardToken,
  freshKey,
  paymentBody,
  pointSdkAt,
  type ReceivedWebhook,
  sdk,
  startEmulator,
  startWebhookReceiver,
  WEBHOOK_SECRET,
} from './test-support';

let emulator: RunningMercadoPagoEmulator;
const receivers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(answer?: (hit: number) => number) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

function expectValidSignature(hook: ReceivedWebhook): void {
  const signature = String(hook.headers['x-signature']);
  const requestId = String(hook.headers['x-request-id']);
  const dataId = hook.query.get('data.id') ?? '';
  const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
  const manifest = `id:${dataId};request-id:${requestId};ts:${parts.ts};`;
  expect(parts.v1).toBe(createHmac('sha256', WEBHOOK_SECRET).update(manifest).digest('hex'));
  // Our API will use the official validator; it must accept what the emulator sends.
  expect(() =>
    WebhookSignatureValidator.validate({
      xSignature: signature,
      xRequestId: requestId,
      dataId,
      secret: WEBHOOK_SECRET,
      toleranceSeconds: 300,
    }),
  ).not.toThrow();
  expect(() =>
    WebhookSignatureValidator.validate({
      xSignature: signature,
      xRequestId: requestId,
      dataId,
      secret: 'another-secret',
    }),
  ).toThrow();
}

describe('webhooks', () => {
  it('notifies payment.created with a signature the official validator accepts', async () => {
    const hooks = await receiver();
    const payment = await sdk().payment.create({
      body: paymentBody(await cardToken('APRO'), { notification_url: hooks.url }),
      requestOptions: freshKey(),
    });
    await hooks.waitFor((received) => received.length === 1);
    const [hook] = hooks.received;
    if (!hook) throw new Error('no webhook');
    expect(hook.query.get('data.id')).toBe(String(payment.id));
    expect(hook.query.get('type')).toBe('payment');
    expect(hook.query.get('source')).toBe('test');
    expect(hook.body).toMatchObject({
      live_mode: false,
      type: 'payment',
      action: 'payment.created',
      data: { id: String(payment.id) },
    });
    expect(hook.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hook.headers['x-signature']).toMatch(/^ts=\d{10},v1=[0-9a-f]{64}$/);
    expectValidSignature(hook);
  });

  it('notifies payment.updated after a refund and replays the last notification on demand', async () => {
    const hooks = await receiver();
    const payment = await sdk().payment.create({
      body: paymentBody(await cardToken('APRO'), { notification_url: hooks.url }),
      requestOptions: freshKey(),
    });
    await sdk().refund.total({ payment_id: payment.id as number, requestOptions: freshKey() });
    await hooks.waitFor((received) => received.some((h) => h.body.action === 'payment.updated'));

    const deliveries = await emulator.control.replayPaymentNotification(payment.id as number, 3);
    expect(deliveries.map((d) => d.delivered)).toEqual([true, true, true]);
    const viaHttp = await api(`${emulator.url}/_control/payments/${payment.id}/replay`, {
      method: 'POST',
      json: { times: 1 },
    });
    expect(viaHttp.body.deliveries).toHaveLength(1);
    await hooks.waitFor((received) => received.length === 6);
    const updated = hooks.received.filter((h) => h.body.action === 'payment.updated');
    expect(updated).toHaveLength(5);
    // A replay re-sends the same notification (same id), each time with its own request id.
    expect(new Set(updated.map((h) => h.body.id)).size).toBe(1);
    expect(new Set(hooks.received.map((h) => h.headers['x-request-id'])).size).toBe(6);
    for (const hook of hooks.received) expectValidSignature(hook);
  });

  it('retries a receiver that fails, and survives one that is down', async () => {
    const flaky = await receiver((hit) => (hit === 1 ? 500 : 200));
    await sdk().payment.create({
      body: paymentBody(await cardToken('APRO'), { notification_url: flaky.url }),
      requestOptions: freshKey(),
    });
    await vi.waitFor(() => {
      const delivery = emulator.control.deliveries().find((d) => d.url === flaky.url);
      expect(delivery).toMatchObject({ attempts: 2, delivered: true, status: 200 });
    });
    expect(flaky.received).toHaveLength(2);

    const down = await receiver();
    await down.close();
    const payment = await sdk().payment.create({
      body: paymentBody(await cardToken('APRO'), { notification_url: down.url }),
      requestOptions: freshKey(),
    });
    const [failed] = await emulator.control.replayPaymentNotification(payment.id as number, 1);
    expect(failed).toMatchObject({ attempts: 3, delivered: false });
    expect((await sdk().payment.get({ id: payment.id as number })).status).toBe('approved');
  });

  it('notifies subscriptions and their charges at the application URL, and settles a pending payment', async () => {
    const hooks = await receiver();
    const withAppUrl = await startEmulator({ notificationUrl: hooks.url });
    try {
      const created = await sdk().preapproval.create({
        body: {
          reason: 'Plan anual',
          payer_email: 'ana@example.com',
          card_token_id: await cardToken('APRO'),
          status: 'authorized',
          auto_recurring: {
            frequency: 12,
            frequency_type: 'months',
            transaction_amount: 40000,
            currency_id: 'ARS',
          },
        },
        requestOptions: freshKey(),
      });
      await hooks.waitFor((received) => received.length === 3);
      const types = hooks.received.map((h) => `${h.body.type}:${h.body.action}`).sort();
      expect(types).toEqual([
        'payment:payment.created',
        'subscription_authorized_payment:created',
        'subscription_preapproval:created',
      ]);
      expect(hooks.received.find((h) => h.body.type === 'subscription_preapproval')?.body.data.id).toBe(
        created.id,
      );
      for (const hook of hooks.received) expectValidSignature(hook);

      await sdk().preapproval.update({
        id: created.id as string,
        body: { status: 'cancelled' },
        requestOptions: freshKey(),
      });
      await hooks.waitFor((received) => received.some((h) => h.body.action === 'updated'));

      const pending = await sdk().payment.create({
        body: paymentBody(await cardToken('CONT')),
        requestOptions: freshKey(),
      });
      const settled = withAppUrl.control.settlePayment(pending.id as number, 'approved');
      expect(settled).toMatchObject({ status: 'approved', status_detail: 'accredited' });
      await hooks.waitFor((received) =>
        received.some((h) => h.body.action === 'payment.updated' && h.body.data.id === String(pending.id)),
      );
    } finally {
      await withAppUrl.close();
      pointSdkAt(emulator.url);
    }
  });
});
