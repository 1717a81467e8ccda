import type { FaultSpec } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/payments/reconcile-orders';
import { testAppForFile } from '../helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  type PaymentsTestApp,
  seedTestPlans,
  settleWebhooks,
  storedSubscription,
  subscribe,
} from '../payments';
import { payProgram, purchasesOf, seedTestProgramCatalog } from '../programs';
import { report } from './report';

/**
 * Fault: Mercado Pago answering 500, 429, slowly, or not in time (issue 21). The real app and the
 * real SDK, with its production retry policy (MERCADOPAGO_MAX_RETRIES=2, the default), against the
 * emulator with faults armed through its control API (`POST /_control/faults`). For each case: the
 * buyer's answer, the requests the provider saw and their X-Idempotency-Key, the payments it holds
 * for the order, and what was granted.
 */

const TIMEOUT_MS = 300;
const t = testAppForFile(
  () =>
    createPaymentsTestApp({
      RATE_LIMIT_ENABLED: 'false',
      MERCADOPAGO_MAX_RETRIES: '2',
      MERCADOPAGO_TIMEOUT_MS: String(TIMEOUT_MS),
    }),
  async (app) => {
    await seedTestProgramCatalog(app);
    await seedTestPlans(app);
  },
) as PaymentsTestApp;

const PROGRAM = 'prog-una-cuota';
const providerError = {
  internalCode: 'PAYMENT_PROVIDER_ERROR',
  message: 'No pudimos comunicarnos con el medio de pago. Probá de nuevo en unos minutos.',
};
const pendingMessage = 'Tenés un pago de este programa en proceso. Te avisamos apenas se acredite.';

/** Arms a fault over the emulator's HTTP control API, as a developer would. */
async function arm(fault: FaultSpec): Promise<void> {
  const res = await fetch(`${t.emulator.url}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(res.status).toBe(201);
}

/** The order this buyer opened for the program, newest first. */
async function ordersFor(buyer: Buyer) {
  const { rows } = await t.app.db.execute<{ id: string; status: string; details: Record<string, unknown> }>(
    sql`select id, status, details from payment_orders where user_id = ${buyer.userId} order by created_at desc`,
  );
  return rows;
}

/** Payments the provider holds for an order (by its external reference). */
function providerPayments(orderId: string) {
  return Object.values(t.emulator.control.state().payments).filter((p) =>
    p.external_reference?.endsWith(`:${orderId}`),
  );
}

/** Card-payment creations the provider saw since `since` (index into its request log). */
function paymentCreations(since: number) {
  return t.emulator.control
    .requests()
    .slice(since)
    .filter((r) => r.method === 'POST' && r.path === '/v1/payments');
}

const figures: Record<string, unknown>[] = [];
afterAll(() => {
  report('payment provider faults', figures);
});

/** One program checkout under the armed fault: answer, duration, provider requests and payments. */
async function checkout(name: string, buyer: Buyer, cardholder = 'APRO') {
  const since = t.emulator.control.requests().length;
  const started = Date.now();
  const res = await payProgram(t.app, buyer.headers, {
    programId: PROGRAM,
    cardTokenId: await cardToken(t.emulator, cardholder),
  });
  const ms = Date.now() - started;
  // a request the SDK gave up on is logged when the emulator finally answers it
  await new Promise((resolve) => setTimeout(resolve, 50));
  const creations = paymentCreations(since);
  const [order] = await ordersFor(buyer);
  const result = {
    case: name,
    status: res.statusCode,
    ms,
    providerRequests: creations.length,
    idempotencyKeys: new Set(creations.map((r) => r.idempotencyKey)).size,
    providerPayments: order ? providerPayments(order.id).length : 0,
  };
  figures.push(result);
  return { res, ms, creations, order, result };
}

const owns = async (buyer: Buyer) =>
  ((await purchasesOf(t.app, buyer.headers)).programs ?? []).includes(PROGRAM);

describe('the payment provider failing during a card checkout', () => {
  it('a 500 once: the SDK retries with the same idempotency key, she pays once', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ status: 500, method: 'POST', path: '/v1/payments', times: 1 });
    const { res, creations, order } = await checkout('500 once', buyer);
    expect(res.statusCode).toBe(200);
    expect(creations.map((r) => r.status)).toEqual([500, 201]);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(providerPayments(order?.id ?? '')).toHaveLength(1);
    expect(await owns(buyer)).toBe(true);
  });

  it('429 on every try: a Spanish message, nothing charged, nothing granted, she can pay right after', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ status: 429, retryAfterSeconds: 0, method: 'POST', path: '/v1/payments', times: 3 });
    const { res, creations, order } = await checkout('429 every try', buyer);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(providerError);
    expect(creations.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(providerPayments(order?.id ?? '')).toHaveLength(0);
    expect(order?.status).toBe('error');
    expect(await owns(buyer)).toBe(false);

    // A 429 is a refusal to process: nothing can be in flight, so paying again is allowed at once.
    const again = await checkout('429: paying again', buyer);
    expect(again.res.statusCode).toBe(200);
    expect(await owns(buyer)).toBe(true);
  });

  it('500 on every try before processing: a Spanish message, nothing charged or granted, no second charge meanwhile', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ status: 500, method: 'POST', path: '/v1/payments', times: 3 });
    const { res, creations, order } = await checkout('500 every try (not processed)', buyer);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(providerError);
    expect(creations.map((r) => r.status)).toEqual([500, 500, 500]);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(providerPayments(order?.id ?? '')).toHaveLength(0);
    expect(await owns(buyer)).toBe(false);
    // The provider's 5xx does not say whether it charged: the order waits for its word.
    expect(order?.details.outcomeUnknown).toBe(true);
    const retry = await payProgram(t.app, buyer.headers, {
      programId: PROGRAM,
      cardTokenId: await cardToken(t.emulator),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ internalCode: 'PROGRAM_PAYMENT_PENDING', message: pendingMessage });
  });

  it('500 on every try after charging, notifications lost: paying again cannot charge twice; reconciliation grants it', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ status: 500, when: 'after', method: 'POST', path: '/v1/payments', times: 3 });
    // The notification's re-fetch fails too (every retry of every delivery): it never lands.
    await arm({ status: 429, retryAfterSeconds: 0, method: 'GET', path: '/v1/payments/', times: 30 });
    const { res, creations, order } = await checkout('500 every try (charged), notification lost', buyer);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(providerError);
    expect(creations).toHaveLength(3);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    // one payment however many tries: the retries replayed it by its key
    expect(providerPayments(order?.id ?? '')).toHaveLength(1);
    await settleWebhooks(t.emulator);
    expect(await owns(buyer)).toBe(false);
    expect(order?.details.outcomeUnknown).toBe(true);
    // She tries again at once: refused before charging, since the first charge may exist (it does).
    const retry = await payProgram(t.app, buyer.headers, {
      programId: PROGRAM,
      cardTokenId: await cardToken(t.emulator),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ internalCode: 'PROGRAM_PAYMENT_PENDING', message: pendingMessage });
    const approvedForHer = () =>
      Object.values(t.emulator.control.state().payments).filter(
        (p) => p.payer?.email === buyer.email && p.status === 'approved',
      );
    expect(approvedForHer()).toHaveLength(1);
    // The provider answers again: the reconciliation job finds the charge and grants it, once.
    t.emulator.control.clearFaults();
    const reconciled = await reconcileOrders(t.app, { minAgeMs: 0 });
    expect(reconciled.failed).toBe(0);
    expect(await owns(buyer)).toBe(true);
    expect(approvedForHer()).toHaveLength(1);
    const [paid] = await ordersFor(buyer);
    expect(paid?.status).toBe('paid');
  });

  it('no answer in time on every try: a Spanish message; the charge that did happen is granted once, by its notification', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ delayMs: TIMEOUT_MS + 400, method: 'POST', path: '/v1/payments', times: 3 });
    const { res, ms, order } = await checkout('timeout every try', buyer);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(providerError);
    expect(ms).toBeGreaterThanOrEqual(3 * TIMEOUT_MS);
    // the provider answers each try after the SDK gave up on it
    const tries = await eventually(async () => {
      const answered = t.emulator.control
        .requests()
        .filter((r) => r.path === '/v1/payments' && r.clientGone && r.status !== null);
      expect(answered.length).toBeGreaterThanOrEqual(3);
      return answered.slice(-3);
    });
    expect(new Set(tries.map((r) => r.idempotencyKey)).size).toBe(1);
    figures.push({ case: 'timeout every try: tries the provider answered too late', tries: tries.length });
    expect(providerPayments(order?.id ?? '')).toHaveLength(1);
    // Its notification came while the SDK was still retrying, or waits for the order (outcomeUnknown).
    expect(order?.status === 'paid' || order?.details.outcomeUnknown === true).toBe(true);
    await settleWebhooks(t.emulator);
    await eventually(async () => expect(await owns(buyer)).toBe(true));
    const [paid] = await ordersFor(buyer);
    expect(paid?.status).toBe('paid');
  });

  it('no answer in time once: the retry with the same key gets the payment made meanwhile', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ delayMs: TIMEOUT_MS + 200, method: 'POST', path: '/v1/payments', times: 1 });
    const { res, order } = await checkout('timeout once', buyer);
    expect(res.statusCode).toBe(200);
    expect(providerPayments(order?.id ?? '')).toHaveLength(1);
    expect(await owns(buyer)).toBe(true);
  });

  it('a slow answer within the timeout: she pays, once, just later', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ delayMs: TIMEOUT_MS - 150, method: 'POST', path: '/v1/payments', times: 1 });
    const { res, ms, creations, order } = await checkout('slow (within the timeout)', buyer);
    expect(res.statusCode).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 150);
    expect(creations).toHaveLength(1);
    expect(providerPayments(order?.id ?? '')).toHaveLength(1);
    expect(await owns(buyer)).toBe(true);
  });

  it('a subscription checkout with 503 on every try: a Spanish message and no subscription', async () => {
    const buyer = await newBuyer(t.app);
    await arm({ status: 503, method: 'POST', path: '/preapproval', times: 3 });
    const since = t.emulator.control.requests().length;
    const started = Date.now();
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator),
    });
    const creations = t.emulator.control
      .requests()
      .slice(since)
      .filter((r) => r.method === 'POST' && r.path.startsWith('/preapproval'));
    figures.push({
      case: 'subscription, 503 every try',
      status: res.statusCode,
      ms: Date.now() - started,
      providerRequests: creations.length,
      idempotencyKeys: new Set(creations.map((r) => r.idempotencyKey)).size,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(providerError);
    expect(creations.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    expect((await storedSubscription(t.app, buyer.userId))?.endDate ?? null).toBeNull();
  });
});
