import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Credentials } from '@alcancia/contract';
import {
  type RunningMercadoPagoEmulator,
  signatureHeader,
  startMercadoPagoEmulator,
  TEST_CARDS,
} from '@alcancia/sandbox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, providerPlans, subscriptionPlans, users } from '../src/db/schema';
import { bearer, login, register, uniqueEmail } from './accounts';
import { createGuestPreference, guestPayload } from './guest-memberships';
import { createTestApp, type TestApp } from './helpers';

/** Credentials shared by the standalone emulator and the app under test. */
export const MP = {
  accessToken: 'TEST-api-tests-access-token',
  publicKey: 'TEST-api-tests-public-key',
  webhookSecret: 'api-tests-webhook-secret-0123456789',
};

export interface PaymentsTestApp extends TestApp {
  emulator: RunningMercadoPagoEmulator;
  /** where the app listens: the emulator's webhooks reach it here */
  url: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real app with the real SDK against a standalone Mercado Pago emulator on port 0. The app
 * listens on loopback (webhooks are real HTTP from the emulator) and still answers `inject`.
 */
export async function createPaymentsTestApp(
  overrides: Record<string, string> = {},
): Promise<PaymentsTestApp> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const emulator = await startMercadoPagoEmulator({
      ...MP,
      notificationUrl: `${url}/api/payments/webhooks/mercadopago`,
    });
    const t = await createTestApp({
      PUBLIC_URL: url,
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_PUBLIC_KEY: MP.publicKey,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
      MERCADOPAGO_BASE_URL: emulator.url,
      MERCADOPAGO_MAX_RETRIES: '0',
      ...overrides,
    });
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await emulator.close();
      await t.close();
      // Someone took the port between the probe and the listen: try another one.
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    return {
      ...t,
      emulator,
      url,
      close: async () => {
        await emulator.close();
        await t.close();
      },
    };
  }
}

/**
 * Expiry dates for test cards: a new one on every token unless a test names one, so each call is
 * another card for the one-trial-per-card rule (decision 0100), with the Visa's digits kept. The
 * seeds' demo cards use 11/2030, which this never gives.
 */
let nextExpiry = 0;
function freshExpiry(): { month: number; year: number } {
  const index = nextExpiry++ % (12 * 19);
  return { month: (index % 12) + 1, year: 2031 + Math.floor(index / 12) };
}

/**
 * A Visa of its own for the one-trial-per-card rule (decision 0272: a card is its first six and
 * last four digits): a random BIN under the emulator's Visa prefix 4, random middle digits made
 * Luhn-valid, and the test Visa's last four (3704), which tests read back.
 */
export function freshVisaNumber(): string {
  const digits = ['4', ...Array.from({ length: 10 }, () => String(Math.floor(Math.random() * 10)))];
  const last = '3704';
  // d11 is the fifth digit from the right: not doubled by Luhn; it makes the sum a multiple of 10.
  let sum = 0;
  const others = [...digits, '0', ...last];
  for (let i = 0; i < 16; i++) {
    let digit = Number(others[15 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits.join('')}${(10 - (sum % 10)) % 10}${last}`;
}

/**
 * A card token from the emulator, as the browser gets it; the cardholder name picks the outcome.
 * Each call is another card (digits and expiry of its own, see freshVisaNumber) unless `expiry`
 * and `number` say otherwise; the document the buyer types does not tell cards apart.
 */
export async function cardToken(
  emulator: RunningMercadoPagoEmulator,
  cardholder = 'APRO',
  document = String(20_000_000 + Math.floor(Math.random() * 70_000_000)),
  expiry: { month: number; year: number } = freshExpiry(),
  number: string = freshVisaNumber(),
): Promise<string> {
  const card = TEST_CARDS.visa;
  const response = await fetch(`${emulator.url}/v1/card_tokens?public_key=${MP.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: number,
      expiration_month: expiry.month,
      expiration_year: expiry.year,
      security_code: card.securityCode,
      cardholder: { name: cardholder, identification: { type: 'DNI', number: document } },
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`no card token: ${JSON.stringify(body)}`);
  return body.id;
}

export interface Buyer {
  userId: string;
  email: string;
  credentials: Credentials;
  headers: { authorization: string };
}

/** A registered, logged-in user of the given country. */
export async function newBuyer(app: FastifyInstance, country = 'AR'): Promise<Buyer> {
  const email = uniqueEmail('compra');
  const reg = await register(app, { email, country, telephone: '1123456789' });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const credentials = (await login(app, email)).json() as Credentials;
  return { userId: credentials.userId, email, credentials, headers: bearer(credentials) };
}

/**
 * Test plans: Básico (weight 1; monthly, annual with a discount), Oro (weight 2, COMMUNITY;
 * monthly with a 7-day trial, annual), Platino (weight 3; monthly), Externo (another provider).
 */
export async function seedTestPlans(app: FastifyInstance): Promise<void> {
  const meta = (title: string, order: number) => ({
    title,
    benefits: [`Todo ${title}`],
    recommended: false,
    order,
  });
  await app.db.insert(subscriptionPlans).values([
    { id: 'basico', name: 'Plan Básico', weight: 1, displayMetadata: meta('Básico', 2) },
    {
      id: 'oro',
      name: 'Plan Oro',
      weight: 2,
      displayMetadata: meta('Oro', 1),
      privateServices: ['COMMUNITY'],
    },
    { id: 'platino', name: 'Plan Platino', weight: 3, displayMetadata: meta('Platino', 3) },
    { id: 'externo', name: 'Plan Externo', weight: 4, displayMetadata: meta('Externo', 4) },
  ]);
  await app.db.insert(providerPlans).values([
    { planId: 'basico', frequency: 'monthly', frequencyType: '1months', regularPriceCentavos: 1_000_000 },
    {
      planId: 'basico',
      frequency: 'annual',
      frequencyType: '12months',
      regularPriceCentavos: 12_000_000,
      discountPriceCentavos: 9_000_000,
    },
    {
      planId: 'oro',
      frequency: 'monthly',
      frequencyType: '1months',
      regularPriceCentavos: 2_000_000,
      freeTrial: { frequency: 7, frequencyType: 'days' },
    },
    { planId: 'oro', frequency: 'annual', frequencyType: '12months', regularPriceCentavos: 20_000_000 },
    { planId: 'platino', frequency: 'monthly', frequencyType: '1months', regularPriceCentavos: 3_000_000 },
    {
      planId: 'externo',
      frequency: 'monthly',
      frequencyType: '1months',
      regularPriceCentavos: 4_000_000,
      checkoutProvider: 'OTRO',
      checkoutUrl: 'https://pagos.example.com/externo',
    },
  ]);
}

export async function subscribe(
  app: FastifyInstance,
  buyer: Buyer,
  payload: {
    subscriptionPlanName: string;
    subscriptionPlanFrequency: string;
    cardToken: string;
    promoCode?: string;
  },
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/mercadopago/suscription',
    headers: buyer.headers,
    payload,
  });
}

/** users.subscription_end_date, plan and origin as stored. */
export async function storedSubscription(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select({
      endDate: users.subscriptionEndDate,
      planId: users.subscriptionPlanId,
      origin: users.lastServiceOrigin,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Rows of a table for one user's subscription orders (and their payments), for assertions. */
export async function ordersOf(app: FastifyInstance, userId: string) {
  const { rows } = await app.db.execute<{
    id: string;
    status: string;
    amount_centavos: number;
    provider_preapproval_id: string | null;
    refused_reason: string | null;
    upgrade_refund_status: string | null;
    payments: number;
  }>(sql`select o.id, o.status, o.amount_centavos, o.provider_preapproval_id, o.refused_reason,
                o.upgrade_refund_status, (select count(*)::int from payments p where p.order_id = o.id) as payments
           from payment_orders o where o.user_id = ${userId} order by o.created_at`);
  return rows;
}

/** Polls until `check` passes (webhooks are asynchronous), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Lets every webhook the emulator has started reach the app (deliveries are asynchronous). */
export async function settleWebhooks(emulator: RunningMercadoPagoEmulator, timeoutMs = 5000): Promise<void> {
  await eventually(async () => {
    const pending = emulator.control.deliveries().filter((d) => !d.delivered && d.attempts < 3);
    if (pending.length > 0) throw new Error(`${pending.length} webhooks still in flight`);
  }, timeoutMs);
}

/** A notification signed like Mercado Pago's (or with another secret, to be refused). */
export function signedNotification(
  url: string,
  topic: string,
  dataId: string,
  secret = MP.webhookSecret,
  ts = Math.floor(Date.now() / 1000),
) {
  const requestId = randomUUID();
  return fetch(`${url}/api/payments/webhooks/mercadopago?data.id=${dataId}&type=${topic}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': signatureHeader(secret, dataId, requestId, ts),
    },
    body: JSON.stringify({ type: topic, action: `${topic}.updated`, data: { id: dataId } }),
  });
}

/** A registered learner whose e-mail is verified (a checkout asks for it). */
export async function verifiedBuyer(app: FastifyInstance): Promise<Buyer> {
  const buyer = await newBuyer(app);
  await app.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, buyer.userId));
  return buyer;
}

/** Her card subscription to a plan, its first charge approved and heard: her active subscription order. */
export async function subscribeByCard(
  t: PaymentsTestApp,
  buyer: Buyer,
  plan: string,
  frequency: 'monthly' | 'annual',
) {
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: plan,
    subscriptionPlanFrequency: frequency,
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  if (res.statusCode !== 200)
    throw new Error(`subscription checkout answered ${res.statusCode}: ${res.body}`);
  await settleWebhooks(t.emulator);
  const [order] = await t.app.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, buyer.userId),
        eq(paymentOrders.kind, 'subscription'),
        eq(paymentOrders.status, 'active'),
      ),
    );
  if (!order) throw new Error(`no active subscription order after the checkout: ${res.body}`);
  return order;
}

/** The preference id a Checkout Pro page is opened with, from the checkout's answer. */
export const preferenceIdOf = (answer: { init_point: string }) =>
  new URL(answer.init_point).searchParams.get('pref_id') ?? '';

/**
 * Pays a Checkout Pro preference on the emulator's page as a buyer would (the cardholder name picks
 * the outcome). Answers the page's redirect (303; its location carries the payment_id).
 */
export function payOnCheckoutPage(
  emulator: { url: string },
  prefId: string,
  email: string,
  options: { cardholder?: string; installments?: number } = {},
): Promise<Response> {
  return fetch(`${emulator.url}/checkout/v1/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      pref_id: prefId,
      card: 'visa',
      cardholder_name: options.cardholder ?? 'APRO',
      installments: String(options.installments ?? 1),
      email,
    }),
  });
}

/** A guest membership bought on the Checkout Pro page with her e-mail (it lands in her account). */
export async function buyGuestTier(t: PaymentsTestApp, email: string, tier: 'ORO' | 'PLATINUM' | 'BLACK') {
  const res = await createGuestPreference(t.app, guestPayload(tier, { email }));
  if (res.statusCode !== 200) throw new Error(`guest checkout answered ${res.statusCode}: ${res.body}`);
  const prefId = preferenceIdOf(res.json() as { init_point: string });
  await payOnCheckoutPage(t.emulator, prefId, email);
  await settleWebhooks(t.emulator);
  const [order] = await t.app.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerPreferenceId, prefId));
  if (order?.status !== 'paid') throw new Error(`guest order not paid: ${order?.status}`);
  return order;
}
