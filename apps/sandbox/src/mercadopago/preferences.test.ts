import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMercadoPagoEmulator } from './standalone';
import { api, freshKey, sdk, startEmulator, startWebhookReceiver } from './test-support';

let emulator: RunningMercadoPagoEmulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  emulator = await startEmulator();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const site = 'http://localhost:3000';

async function createPreference(extra: Record<string, unknown> = {}) {
  return sdk().preference.create({
    body: {
      items: [
        {
          id: 'program-3',
          title: 'Programa Inversiones',
          quantity: 1,
          unit_price: 15000,
          currency_id: 'ARS',
        },
        { id: 'pack-1', title: 'Pack de planillas', quantity: 2, unit_price: 2500.25, currency_id: 'ARS' },
      ],
      payer: { email: 'invitada@example.com' },
      back_urls: {
        success: `${site}/compra-exitosa`,
        pending: `${site}/compra-pendiente`,
        failure: `${site}/compra-fallida`,
      },
      auto_return: 'approved',
      binary_mode: true,
      payment_methods: { installments: 6 },
      external_reference: 'guest-order-9',
      notification_url: receiver.url,
      metadata: { guestOrderId: 9 },
      ...extra,
    },
    requestOptions: freshKey(),
  });
}

function pay(prefId: string, cardholder: string, installments = 1) {
  const form = new URLSearchParams({
    pref_id: prefId,
    card: 'visa',
    cardholder_name: cardholder,
    installments: String(installments),
    email: 'invitada@example.com',
  });
  return api(`${emulator.url}/checkout/v1/pay`, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('Checkout Pro preferences', () => {
  it('creates a preference whose init_point is the emulator pay page', async () => {
    const preference = await createPreference();
    expect(preference.id).toMatch(/^\d+-[0-9a-f-]{36}$/);
    expect(preference.init_point).toBe(`${emulator.url}/checkout/v1/redirect?pref_id=${preference.id}`);
    const page = await api(preference.init_point as string, { headers: { authorization: '' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = page.body as string;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Programa Inversiones');
    expect(html).toContain('$\u00a020.000,50');
    expect(html).toMatch(/<label for="cardholder_name">/);
    // Capped at the preference's 6 installments.
    expect(html).toContain('6 cuotas');
    expect(html).not.toContain('12 cuotas');
    expect(html).not.toMatch(/<script|style=/);
    const css = await api(`${emulator.url}/checkout/v1/pay.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('pays an approved purchase, notifies and redirects to the success URL with the real parameters', async () => {
    const preference = await createPreference();
    const response = await pay(preference.id as string, 'APRO', 3);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/compra-exitosa`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      collection_status: 'approved',
      status: 'approved',
      external_reference: 'guest-order-9',
      preference_id: preference.id,
      payment_type: 'credit_card',
      site_id: 'MLA',
    });
    expect(params.collection_id).toBe(params.payment_id);

    const payment = await sdk().payment.get({ id: params.payment_id as string });
    expect(payment).toMatchObject({
      status: 'approved',
      transaction_amount: 20000.5,
      installments: 3,
      external_reference: 'guest-order-9',
      metadata: { guest_order_id: 9 },
      order: { id: params.merchant_order_id, type: 'mercadopago' },
    });
    const order = await api(`${emulator.url}/merchant_orders/${params.merchant_order_id}`);
    expect(order.body).toMatchObject({
      preference_id: preference.id,
      order_status: 'paid',
      payments: [{ id: payment.id }],
    });
    await receiver.waitFor((hooks) => hooks.some((h) => h.query.get('data.id') === String(payment.id)));
  });

  it('shows a result page linking to the failure URL for a refused card, and to pending in binary-less mode', async () => {
    const preference = await createPreference();
    const refused = await pay(preference.id as string, 'FUND');
    expect(refused.status).toBe(200);
    const link = /href="([^"]*compra-fallida[^"]*)"/
      .exec(refused.body as string)?.[1]
      ?.replace(/&#38;/g, '&');
    const failure = new URL(link ?? '');
    expect(failure.searchParams.get('status')).toBe('rejected');
    expect(failure.searchParams.get('preference_id')).toBe(preference.id);
    expect(refused.body).toContain('Intentar de nuevo');

    const lenient = await createPreference({ binary_mode: false, auto_return: 'all' });
    const pending = await pay(lenient.id as string, 'CONT');
    expect(pending.status).toBe(303);
    const location = new URL(pending.headers.get('location') ?? '');
    expect(location.pathname).toBe('/compra-pendiente');
    expect(location.searchParams.get('collection_status')).toBe('in_process');
  });

  it('rejects what would stay pending when the preference is in binary mode', async () => {
    const preference = await createPreference();
    const response = await pay(preference.id as string, 'CONT');
    expect(response.status).toBe(200);
    expect(response.body).toContain('compra-fallida');
  });

  it('refuses more installments than the preference allows, and bad preferences', async () => {
    const preference = await createPreference();
    const response = await pay(preference.id as string, 'APRO', 12);
    expect(response.status).toBe(400);
    expect(response.body).toContain('role="alert"');
    const noItems = await api(`${emulator.url}/checkout/preferences/`, {
      method: 'POST',
      json: { items: [] },
    });
    expect(noItems.status).toBe(400);
    const missing = await api(`${emulator.url}/checkout/v1/redirect?pref_id=nope`);
    expect(missing.status).toBe(404);
  });
});
