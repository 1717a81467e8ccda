import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedCheckoutStandIn } from './plugin';
import { SIGNATURE_HEADER } from './signing';
import { type RunningHostedCheckout, startHostedCheckout } from './standalone';
import type { CheckoutResource } from './types';

const SECRET = 'hosted-checkout-test-secret-0123';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A seller's webhook endpoint that records what arrives and answers `status(hit)`. */
async function startReceiver(status: (hit: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = status(received.length);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stand: RunningHostedCheckout;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  stand = await startHostedCheckout({ secret: SECRET });
  receiver = await startReceiver();
});
afterAll(async () => {
  await stand.close();
  await receiver.close();
});

const auth = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 3_000_000,
  description: 'Programa Libertad Financiera',
  external_reference: 'program:abc',
  payer_email: 'ana@example.com',
  success_url: 'http://localhost:5173/compra-exitosa?programId=programa-libertad-financiera',
  cancel_url: 'http://localhost:5173/compra/programa/programa-libertad-financiera',
  notification_url: receiver.url,
  ...overrides,
});

async function create(
  body: Record<string, unknown> = checkoutBody(),
  headers: Record<string, string> = auth,
) {
  const response = await fetch(`${stand.url}/v1/checkouts`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as CheckoutResource & { error?: string } };
}

const form = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

function expectSigned(hit: Received) {
  const header = String(hit.headers[SIGNATURE_HEADER]);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  expect(Math.abs(Number(parts.t) - Date.now() / 1000)).toBeLessThan(60);
  expect(parts.v1).toBe(createHmac('sha256', SECRET).update(`${parts.t}.${hit.body}`).digest('hex'));
}

describe('hosted checkout stand-in: server API', () => {
  it('creates a checkout only with the secret and a valid body, and reads it back', async () => {
    expect((await create(checkoutBody(), { 'content-type': 'application/json' })).status).toBe(401);
    expect((await create(checkoutBody(), { ...auth, authorization: 'Bearer otro' })).status).toBe(401);
    expect((await create(checkoutBody({ amount: 10.5 }))).status).toBe(400);
    expect((await create(checkoutBody({ success_url: 'javascript:alert(1)' }))).status).toBe(400);

    const { status, json } = await create();
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: 'open',
      amount: 3_000_000,
      currency: 'ARS',
      external_reference: 'program:abc',
      payment: null,
      url: `${stand.url}/pay/${json.id}`,
    });
    const read = await fetch(`${stand.url}/v1/checkouts/${json.id}`, { headers: auth });
    expect(await read.json()).toEqual(json);
    expect((await fetch(`${stand.url}/v1/checkouts/${json.id}`)).status).toBe(401);
    expect((await fetch(`${stand.url}/v1/checkouts/hc_nope`, { headers: auth })).status).toBe(404);
  });

  it('answers the same checkout for a repeated Idempotency-Key, and 409 for another body', async () => {
    const headers = { ...auth, 'idempotency-key': 'orden-1' };
    const first = await create(checkoutBody(), headers);
    const again = await create(checkoutBody(), headers);
    expect(again.json.id).toBe(first.json.id);
    expect((await create(checkoutBody({ amount: 1 }), headers)).status).toBe(409);
  });
});

describe('hosted checkout stand-in: pay page and webhooks', () => {
  it('shows an accessible Spanish page with Pagar and Cancelar', async () => {
    const { json } = await create();
    const page = await fetch(json.url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('<html lang="es">');
    expect(text).toContain('<h1>Confirmá tu pago</h1>');
    expect(text).toContain('Programa Libertad Financiera');
    expect(text).toMatch(/\$\s30\.000,00/);
    expect(text).toContain(
      `<form method="post" action="/pay/${json.id}/pagar"><button type="submit">Pagar</button>`,
    );
    expect(text).toContain('>Cancelar</button>');
    expect(text).not.toContain('<script');
    expect((await fetch(`${stand.url}/checkout.css`)).headers.get('content-type')).toContain('text/css');
    expect((await fetch(`${stand.url}/pay/hc_nope`)).status).toBe(404);
  });

  it('Pagar marks it paid once, redirects to the success URL and posts a signed webhook', async () => {
    const before = receiver.received.length;
    const { json } = await create();
    const paid = await form(`${stand.url}/pay/${json.id}/pagar`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(json.success_url);
    // the first delivery ended before the redirect
    const hits = receiver.received.slice(before);
    expect(hits).toHaveLength(1);
    const hit = hits[0] as Received;
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'checkout.paid', data: { id: json.id } });
    expectSigned(hit);
    const read = (await (
      await fetch(`${stand.url}/v1/checkouts/${json.id}`, { headers: auth })
    ).json()) as CheckoutResource;
    expect(read.status).toBe('paid');
    expect(read.payment?.id).toMatch(/^hcp_/);

    // paying again: no second payment, no second webhook
    const again = await form(`${stand.url}/pay/${json.id}/pagar`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Este pago ya está hecho');
    expect(receiver.received.length).toBe(before + 1);
    const reread = (await (
      await fetch(`${stand.url}/v1/checkouts/${json.id}`, { headers: auth })
    ).json()) as CheckoutResource;
    expect(reread.payment).toEqual(read.payment);

    // a replay sends the same event again, signed afresh
    const replays = await stand.control.replayWebhook(json.id, 2);
    expect(replays.map((d) => d.delivered)).toEqual([true, true]);
    expect(receiver.received.length).toBe(before + 3);
    for (const replay of receiver.received.slice(before + 1)) {
      expect(JSON.parse(replay.body)).toMatchObject({ type: 'checkout.paid', data: { id: json.id } });
      expectSigned(replay);
    }
  });

  it('Cancelar sends the browser back and the seller a checkout.cancelled; an expired checkout cannot be paid', async () => {
    const { json } = await create();
    const cancelled = await form(`${stand.url}/pay/${json.id}/cancelar`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(json.cancel_url);
    await expect
      .poll(() =>
        receiver.received.some((r) => r.body.includes(json.id) && r.body.includes('checkout.cancelled')),
      )
      .toBe(true);

    const other = (await create()).json;
    const expired = await fetch(`${stand.url}/v1/checkouts/${other.id}/expire`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    expect(((await expired.json()) as CheckoutResource).status).toBe('expired');
    expect(await (await fetch(other.url)).text()).toContain('Este pago ya no está disponible');
    expect((await form(`${stand.url}/pay/${other.id}/pagar`)).status).toBe(409);
  });

  it('retries a webhook the seller did not take', async () => {
    const flaky = await startReceiver((hit) => (hit === 1 ? 500 : 200));
    try {
      const { json } = await create(checkoutBody({ notification_url: flaky.url }));
      await stand.control.pay(json.id);
      const delivery = stand.control.deliveries().find((d) => d.checkoutId === json.id);
      expect(delivery).toMatchObject({ delivered: true, attempts: 2, status: 200 });
      expect(flaky.received).toHaveLength(2);
    } finally {
      await flaky.close();
    }
  });
});

describe('hosted checkout stand-in: mounted under a prefix', () => {
  it('links its form and stylesheet under the prefix and builds URLs from the public base', async () => {
    const host = Fastify({ logger: false });
    await host.register(hostedCheckoutStandIn, {
      prefix: '/sandbox/hosted-checkout',
      secret: SECRET,
      publicBaseUrl: 'http://localhost:3000/sandbox/hosted-checkout',
    });
    const created = await host.inject({
      method: 'POST',
      url: '/sandbox/hosted-checkout/v1/checkouts',
      headers: auth,
      payload: checkoutBody({ notification_url: null }),
    });
    const checkout = created.json() as CheckoutResource;
    expect(checkout.url).toBe(`http://localhost:3000/sandbox/hosted-checkout/pay/${checkout.id}`);
    const page = await host.inject({ method: 'GET', url: `/sandbox/hosted-checkout/pay/${checkout.id}` });
    expect(page.body).toContain(`action="/sandbox/hosted-checkout/pay/${checkout.id}/pagar"`);
    expect(page.body).toContain('href="/sandbox/hosted-checkout/checkout.css"');
    const paid = await host.inject({
      method: 'POST',
      url: `/sandbox/hosted-checkout/pay/${checkout.id}/pagar`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    await host.close();
  });
});
