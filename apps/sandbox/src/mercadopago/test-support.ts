import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CardToken,
  Customer,
  CustomerCard,
  MercadoPagoConfig,
  Payment,
  PaymentRefund,
  PreApproval,
  Preference,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config';
import { TEST_CARDS } from './cards';
import type { MercadoPagoEmulatorOptions } from './options';
import { type RunningMercadoPagoEmulator, startMercadoPagoEmulator } from './standalone';
import type { CardBrand } from './types';

// Shared by the emulator's tests: they drive it with the official SDK, exactly as our API will.

export const ACCESS_TOKEN = 'TEST-0000-access-token';
export const PUBLIC_KEY = 'TEST-public-key-0000';
export const WEBHOOK_SECRET = 'webhook-secret-for-tests';

export async function startEmulator(
  extra: Partial<MercadoPagoEmulatorOptions> = {},
): Promise<RunningMercadoPagoEmulator> {
  const emulator = await startMercadoPagoEmulator({
    accessToken: ACCESS_TOKEN,
    publicKey: PUBLIC_KEY,
    webhookSecret: WEBHOOK_SECRET,
    ...extra,
  });
  pointSdkAt(emulator.url);
  return emulator;
}

/** The SDK has no base-URL option; it reads this static (typed readonly) on every call. */
export function pointSdkAt(url: string): void {
  (AppConfig as { BASE_URL: string }).BASE_URL = url;
}

/**
 * SDK clients on a fresh config: a `requestOptions.idempotencyKey` sticks to the config it was
 * passed with, so sharing one config across calls would silently reuse keys.
 */
export function sdk(accessToken = ACCESS_TOKEN) {
  const config = new MercadoPagoConfig({ accessToken, options: { maxRetries: 0, timeout: 5000 } });
  return {
    cardToken: new CardToken(config),
    payment: new Payment(config),
    refund: new PaymentRefund(config),
    preapproval: new PreApproval(config),
    preference: new Preference(config),
    customer: new Customer(config),
    customerCard: new CustomerCard(config),
  };
}

export function freshKey(): { idempotencyKey: string } {
  return { idempotencyKey: randomUUID() };
}

/** A card token for a test card; the cardholder name chooses the payment's outcome. */
export async function cardToken(cardholderName: string, brand: CardBrand = 'visa'): Promise<string> {
  const card = TEST_CARDS[brand];
  const token = await sdk().cardToken.create({
    // The SDK's type omits `cardholder`, which the API accepts and the outcome depends on.
    body: {
      card_number: card.number,
      expiration_month: '11',
      expiration_year: '2030',
      security_code: card.securityCode,
      cardholder: { name: cardholderName, identification: { type: 'DNI', number: '12345678' } },
    } as Parameters<CardToken['create']>[0]['body'],
  });
  if (!token.id) throw new Error('no card token id');
  return token.id;
}

export function paymentBody(token: string, extra: Record<string, unknown> = {}) {
  return {
    transaction_amount: 1000,
    token,
    installments: 1,
    payment_method_id: 'visa',
    description: 'Programa Finanzas en orden',
    external_reference: 'order-1',
    payer: { email: 'ana@example.com', identification: { type: 'DNI', number: '12345678' } },
    ...extra,
  };
}

/** A parsed JSON body: tests read it loosely and let the assertions do the checking. */
// biome-ignore lint/suspicious/noExplicitAny: test-only view of untyped response bodies
export type AnyJson = any;

export async function api(url: string, init: RequestInit & { json?: unknown } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${ACCESS_TOKEN}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.headers ?? {}),
    },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML page): keep the text.
  }
  return { status: response.status, headers: response.headers, body: body as AnyJson };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  body: AnyJson;
}

/** A tiny HTTP server standing in for our API's webhook endpoint. */
export async function startWebhookReceiver(answer: (hit: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  let hits = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits += 1;
      const url = new URL(request.url ?? '/', 'http://localhost');
      received.push({
        headers: request.headers,
        query: url.searchParams,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.statusCode = answer(hits);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/mercadopago?source=test`,
    received,
    async waitFor(predicate: (hooks: ReceivedWebhook[]) => boolean, timeoutMs = 5000): Promise<void> {
      const start = Date.now();
      while (!predicate(received)) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`webhooks not received; got ${JSON.stringify(received.map((r) => r.body))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
