import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AccountPayment, Credentials } from '@alcancia/contract';
import { type RunningMercadoPagoEmulator, startMercadoPagoEmulator } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { courses, packItems, users } from '../../src/db/schema';
import { argentinaDate } from '../../src/lib/argentina-date';
import { seedDemoSubscriptions } from '../../src/modules/subscriptions/seed-demo-subscriptions';
import { bearer, login, register, uniqueEmail } from '../accounts';
import { dayOffset } from '../catalog-fixture';
import { createGuestPreference, guestPayload } from '../guest-memberships';
import { operatorSession } from '../operators';
import { payOnCheckoutPage } from '../payments';

/**
 * The world of the money model-based test: the real app (on the database it is given) listening on
 * loopback, the standalone Mercado Pago emulator (webhooks are real HTTP), the ARCA stand-in mounted
 * in the app with invoices issued at once (INVOICES_ISSUE_AT_ONCE), a support operator, and the
 * demo plans, codes and the test programs. `observe` reads what a person has from all three.
 */
export interface World {
  app: FastifyInstance;
  emulator: RunningMercadoPagoEmulator;
  operatorHeaders: { authorization: string };
  close(): Promise<void>;
}

export const ARCA_POINT_OF_SALE = 3;

// What test/payments.ts and test/helpers.ts give the vitest files, here without vitest: the long
// run (cli.ts) is a plain script.
const MP = {
  accessToken: 'TEST-money-model-access-token',
  publicKey: 'TEST-money-model-public-key',
  webhookSecret: 'money-model-webhook-secret-0123456789',
};

async function freePort(): Promise<number> {
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

async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
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

/** A program sold in one payment and a pack with one program inside (as test/programs.ts seeds them). */
async function seedProducts(app: FastifyInstance): Promise<void> {
  const onSale = {
    description: 'Para el modelo de cobros',
    longDescription: 'Primer párrafo.',
    maxInstallments: 1,
    saleableStartDate: dayOffset(-10),
    saleableEndDate: dayOffset(10),
  };
  await app.db.insert(courses).values([
    {
      ...onSale,
      id: 'prog-una-cuota',
      kind: 'PROGRAM',
      name: 'Programa Una Cuota',
      priceCentavos: 1_000_000,
      regularPriceCentavos: 1_000_000,
    },
    {
      ...onSale,
      id: 'prog-en-pack',
      kind: 'PROGRAM',
      name: 'Programa En Pack',
      priceCentavos: 1_000_000,
      regularPriceCentavos: 1_000_000,
    },
    {
      ...onSale,
      id: 'pack-combo',
      kind: 'PACK',
      name: 'Pack Combo',
      priceCentavos: 8_000_000,
      regularPriceCentavos: 9_000_000,
    },
  ]);
  await app.db.insert(packItems).values([{ packId: 'pack-combo', itemId: 'prog-en-pack', position: 1 }]);
}

export async function startWorld(database: DbHandle): Promise<World> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const emulator = await startMercadoPagoEmulator({
      ...MP,
      notificationUrl: `${url}/api/payments/webhooks/mercadopago`,
    });
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        JWT_SECRET: 'money-model-secret-that-is-long-enough-0123',
        PUBLIC_URL: url,
        MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
        MERCADOPAGO_PUBLIC_KEY: MP.publicKey,
        MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
        MERCADOPAGO_BASE_URL: emulator.url,
        MERCADOPAGO_MAX_RETRIES: '0',
        RATE_LIMIT_ENABLED: 'false',
        ARCA_CUIT: '30712345678',
        ARCA_POINT_OF_SALE: String(ARCA_POINT_OF_SALE),
        INVOICES_ISSUE_AT_ONCE: 'true',
      }),
      database,
      logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    });
    await app.ready();
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      await emulator.close();
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      throw error;
    }
    await seedDemoSubscriptions(app.db);
    await seedProducts(app);
    const support = await operatorSession(app, 'support');
    return {
      app,
      emulator,
      operatorHeaders: support.headers,
      close: async () => {
        await app.close();
        await emulator.close();
      },
    };
  }
}

/* ---------- persons and their cards ---------- */

export interface Card {
  number: string;
  month: number;
  year: number;
}

/** A Luhn-valid Visa number of the emulator's BIN 450995 with random digits: a card of her own. */
export function newVisaNumber(random: () => number): string {
  let body = '450995';
  while (body.length < 15) body += String(Math.floor(random() * 10));
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export interface Person {
  label: string;
  userId: string;
  email: string;
  headers: { authorization: string };
  card: Card;
}

/** A registered, verified, logged-in learner with a card of her own. */
export async function newPerson(world: World, label: string, card: Card): Promise<Person> {
  const email = uniqueEmail(`modelo-${label}`);
  const reg = await register(world.app, { email, telephone: '1123456789' });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  await world.app.db.execute(sql`update ${users} set email_verified_at = now() where id = (
    select id from ${users} where email = ${email})`);
  const credentials = (await login(world.app, email)).json() as Credentials;
  return { label, userId: credentials.userId, email, headers: bearer(credentials), card };
}

/** A single-use token of `card` (the cardholder name APRO: approved), as MercadoPago.js makes it. */
export async function tokenOf(world: World, card: Card, document = '30111222'): Promise<string> {
  const response = await fetch(`${world.emulator.url}/v1/card_tokens?public_key=${MP.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: card.number,
      expiration_month: card.month,
      expiration_year: card.year,
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'DNI', number: document } },
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`no card token: ${JSON.stringify(body)}`);
  return body.id;
}

/* ---------- what the API is asked ---------- */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}
const answer = (res: { statusCode: number; body: string }): Answer => {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    body = { raw: res.body.slice(0, 200) };
  }
  return { status: res.statusCode, body };
};

/**
 * `copies` of one request at once: a double tap, a client's retry. A checkout's copies carry one
 * Idempotency-Key, as the web sends one per checkout attempt (two different checkouts of one round
 * are two tabs: two keys).
 */
export async function atOnce(
  times: number | { copies: number; gapMs?: number },
  send: (copy: number) => Promise<Answer>,
): Promise<Answer[]> {
  // between one copy and the next: 0 (the same instant) or a tap apart (30–90 ms)
  const { copies, gapMs = 0 } = typeof times === 'number' ? { copies: times } : times;
  return Promise.all(
    Array.from({ length: copies }, async (_, i) => {
      if (i > 0 && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, i * gapMs));
      return send(i);
    }),
  );
}

export function subscribeCard(
  world: World,
  person: Person,
  body: {
    subscriptionPlanName: string;
    subscriptionPlanFrequency: string;
    cardToken: string;
    promoCode?: string;
    expectsFreeTrial?: boolean;
  },
  idempotencyKey: string,
): Promise<Answer> {
  return world.app
    .inject({
      method: 'POST',
      url: '/api/users/mercadopago/suscription',
      headers: { ...person.headers, 'idempotency-key': idempotencyKey },
      payload: body,
    })
    .then(answer);
}

export function payProduct(
  world: World,
  person: Person,
  programId: string,
  cardTokenId: string,
  idempotencyKey: string,
): Promise<Answer> {
  return world.app
    .inject({
      method: 'POST',
      url: '/api/users/mercadopago/payment/program',
      headers: { ...person.headers, 'idempotency-key': idempotencyKey },
      payload: {
        programId,
        cardDetails: {
          identification: { type: 'DNI', number: '30111222' },
          issuerId: '310',
          paymentMethodId: 'visa',
          cardTokenId,
        },
        installments: 1,
      },
    })
    .then(answer);
}

/** A guest membership: `copies` checkouts opened at once, the last one paid on the emulator's page. */
export async function buyGuestTier(
  world: World,
  person: Person,
  tier: string,
  copies: number,
): Promise<Answer[]> {
  const opened = await atOnce(copies, async () =>
    answer(await createGuestPreference(world.app, guestPayload(tier, { email: person.email }))),
  );
  const last = opened.filter((a) => a.status === 200).at(-1);
  if (!last) return opened;
  const prefId = new URL(String(last.body.init_point)).searchParams.get('pref_id') ?? '';
  const paid = await payOnCheckoutPage(world.emulator, prefId, person.email);
  return [...opened, { status: paid.status, body: { paidPreference: prefId } }];
}

export async function usePromoCode(world: World, person: Person, promoCode: string): Promise<Answer> {
  return answer(
    await world.app.inject({
      method: 'POST',
      url: '/api/users/subscriptions/usePromoCode',
      headers: person.headers,
      payload: { promoCode },
    }),
  );
}

export async function cancelSubscription(world: World, person: Person): Promise<Answer> {
  return answer(
    await world.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: person.headers,
    }),
  );
}

export async function reactivateSubscription(
  world: World,
  person: Person,
  cardToken: string,
): Promise<Answer> {
  return answer(
    await world.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/reactivate',
      headers: person.headers,
      payload: { cardToken },
    }),
  );
}

export async function operatorRefund(
  world: World,
  paymentId: string,
  payload: { amount?: number; endAccess?: boolean; idempotencyKey: string },
): Promise<Answer> {
  return answer(
    await world.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refunds`,
      headers: world.operatorHeaders,
      payload: { ...payload, reason: 'Prueba del modelo de cobros' },
    }),
  );
}

export async function withdraw(world: World, person: Person, paymentId: string): Promise<Answer> {
  return answer(
    await world.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: person.headers,
      payload: { paymentId },
    }),
  );
}

export async function listedPayments(world: World, person: Person): Promise<AccountPayment[]> {
  const res = await world.app.inject({
    method: 'GET',
    url: '/api/users/me/payments',
    headers: person.headers,
  });
  if (res.statusCode !== 200) throw new Error(`GET /me/payments: ${res.statusCode} ${res.body}`);
  return (res.json() as { payments: AccountPayment[] }).payments;
}

/** The provider's agreements of hers that it would charge (authorized), newest first. */
export function chargeableAgreements(world: World, person: Person): string[] {
  return Object.values(world.emulator.control.state().preapprovals)
    .map((p) => p.resource)
    .filter((p) => p.payer_email?.toLowerCase() === person.email.toLowerCase() && p.status === 'authorized')
    .sort((a, b) => String(b.date_created).localeCompare(String(a.date_created)))
    .map((p) => String(p.id));
}

/** A renewal: the provider charges her agreement once; its notification arrives `copies` times. */
export async function renew(world: World, person: Person, copies: number): Promise<Answer> {
  const [agreement] = chargeableAgreements(world, person);
  if (!agreement) return { status: 0, body: { nothing: 'no authorized agreement' } };
  const charge = world.emulator.control.chargePreapproval(agreement, 'approved');
  if (copies > 1) await world.emulator.control.replayPaymentNotification(charge.payment.id, copies - 1);
  return { status: 200, body: { agreement, payment: charge.payment.id } };
}

/** Every notification the emulator started has reached the app, and the due fiscal documents are issued. */
export async function settle(world: World): Promise<void> {
  await eventually(async () => {
    const pending = world.emulator.control.deliveries().filter((d) => !d.delivered && d.attempts < 3);
    if (pending.length > 0) throw new Error(`${pending.length} webhooks still in flight`);
  }, 15_000);
  await world.app.invoicing.runDue();
  await world.app.invoicing.runDue();
}

/* ---------- what she has, from the provider, our tables and Mi cuenta ---------- */

export interface ProviderCharge {
  id: string;
  status: string;
  amountCentavos: number;
  refundedCentavos: number;
  refunds: number;
  approvedOn: string;
  externalReference: string | null;
  operationType: string;
  createdAt: string;
}

export interface OurPayment {
  id: number;
  providerPaymentId: string;
  orderId: string;
  kind: 'subscription' | 'program' | 'guest_tier';
  itemId: string;
  frequency: string | null;
  orderStatus: string;
  status: string;
  amountCentavos: number;
  refundedCentavos: number;
  approvedAt: string | null;
  grantedAt: string | null;
}

export interface OurRefund {
  id: number;
  paymentId: number;
  status: string;
  amountCentavos: number;
  reason: string;
}

export interface Grant {
  id: number;
  kind: string;
  orderId: string | null;
  paymentId: number | null;
  productId: string | null;
  startsOn: string;
  endsOn: string | null;
  state: string;
  /** card, guest_purchase, promo_code, operator, program_purchase, legacy */
  source: string;
}

export interface TrialOrder {
  orderId: string;
  planId: string;
  frequency: string | null;
  status: string;
  cardLastFour: string | null;
  createdAt: string;
}

export interface Observation {
  today: string;
  person: Person;
  providerCharges: ProviderCharge[];
  ours: OurPayment[];
  refunds: OurRefund[];
  grants: Grant[];
  owned: { productId: string; rows: number }[];
  listed: AccountPayment[];
  trialOrders: TrialOrder[];
  freeCodeRedemptions: number;
  withdrawnPaymentIds: number[];
}

const centavos = (pesos: number) => Math.round(pesos * 100);
type PaymentResource = ReturnType<RunningMercadoPagoEmulator['control']['state']>['payments'][string];

function chargeOf(p: PaymentResource): ProviderCharge {
  const refunds = p.refunds ?? [];
  return {
    id: String(p.id),
    status: p.status,
    amountCentavos: centavos(p.transaction_amount),
    refundedCentavos: centavos(p.transaction_amount_refunded),
    refunds: refunds.length,
    approvedOn: argentinaDate(new Date(p.date_approved ?? p.date_created)),
    externalReference: p.external_reference,
    operationType: p.operation_type,
    createdAt: p.date_created,
  };
}

export async function observe(world: World, person: Person): Promise<Observation> {
  const db = world.app.db;
  const { rows: ours } = await db.execute<OurPayment & Record<string, unknown>>(sql`
    select p.id::int as "id", p.provider_payment_id as "providerPaymentId", p.order_id as "orderId",
           o.kind, o.item_id as "itemId", o.frequency, o.status as "orderStatus", p.status,
           p.amount_centavos as "amountCentavos", p.refunded_centavos as "refundedCentavos",
           p.approved_at::text as "approvedAt", p.granted_at::text as "grantedAt"
      from payments p join payment_orders o on o.id = p.order_id
     where o.user_id = ${person.userId} or lower(o.payer_email) = lower(${person.email})
     order by p.id`);
  const orderIds = new Set(
    (
      await db.execute<{ id: string }>(sql`select id from payment_orders
        where user_id = ${person.userId} or lower(payer_email) = lower(${person.email})`)
    ).rows.map((r) => r.id),
  );
  const providerCharges = Object.values(world.emulator.control.state().payments)
    .filter((p) => {
      const orderId = p.external_reference?.split(':')[1];
      return (
        p.payer?.email?.toLowerCase() === person.email.toLowerCase() ||
        (orderId !== undefined && orderIds.has(orderId))
      );
    })
    .filter((p) => p.date_approved !== null)
    .map(chargeOf);
  const { rows: refunds } = await db.execute<OurRefund & Record<string, unknown>>(sql`
    select r.id::int as "id", r.payment_id::int as "paymentId", r.status, r.amount_centavos as "amountCentavos", r.reason
      from payment_refunds r join payments p on p.id = r.payment_id join payment_orders o on o.id = p.order_id
     where o.user_id = ${person.userId} or lower(o.payer_email) = lower(${person.email})`);
  const { rows: grants } = await db.execute<Grant & Record<string, unknown>>(sql`
    select id::int as "id", kind, order_id as "orderId", payment_id::int as "paymentId", product_id as "productId",
           starts_on::text as "startsOn", ends_on::text as "endsOn", state, source
      from entitlements where user_id = ${person.userId} order by id`);
  const { rows: owned } = await db.execute<{ productId: string; rows: number }>(sql`
    select product_id as "productId", count(*)::int as "rows" from user_purchases
     where user_id = ${person.userId} group by product_id`);
  const { rows: trialOrders } = await db.execute<TrialOrder & Record<string, unknown>>(sql`
    select id as "orderId", item_id as "planId", frequency, status, card_last_four as "cardLastFour",
           created_at::text as "createdAt"
      from payment_orders
     where user_id = ${person.userId} and kind = 'subscription'
       and details->'freeTrial' is not null and jsonb_typeof(details->'freeTrial') = 'object'
     order by created_at`);
  const { rows: codes } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from promo_code_redemptions where user_id = ${person.userId} and granted_until is not null`);
  const { rows: withdrawn } = await db.execute<{ paymentId: number }>(sql`
    select payment_id::int as "paymentId" from withdrawals where user_id = ${person.userId}`);
  return {
    today: argentinaDate(),
    person,
    providerCharges,
    ours,
    refunds,
    grants,
    owned,
    listed: await listedPayments(world, person),
    trialOrders,
    freeCodeRedemptions: codes[0]?.n ?? 0,
    withdrawnPaymentIds: withdrawn.map((w) => w.paymentId),
  };
}

/** Every fiscal document and ARCA's vouchers, for the numbering invariants (the whole database). */
export interface FiscalObservation {
  documents: {
    id: number;
    kind: string;
    paymentId: number;
    refundId: number | null;
    status: string;
    voucherType: number | null;
    pointOfSale: number | null;
    number: number | null;
  }[];
  arcaVouchers: Map<string, number[]>;
  approvedPayments: { id: number; amountCentavos: number }[];
  succeededRefunds: { id: number; paymentId: number }[];
}

export async function observeFiscal(world: World): Promise<FiscalObservation> {
  const db = world.app.db;
  const { rows: documents } = await db.execute<FiscalObservation['documents'][number]>(sql`
    select id::int as "id", kind, payment_id::int as "paymentId", refund_id::int as "refundId", status,
           voucher_type as "voucherType", point_of_sale as "pointOfSale", number
      from fiscal_documents order by id`);
  const { rows: approvedPayments } = await db.execute<{ id: number; amountCentavos: number }>(sql`
    select id::int as "id", amount_centavos as "amountCentavos" from payments where approved_at is not null`);
  const { rows: succeededRefunds } = await db.execute<{ id: number; paymentId: number }>(sql`
    select id::int as "id", payment_id::int as "paymentId" from payment_refunds where status = 'SUCCESS'`);
  const arcaVouchers = new Map<string, number[]>();
  const arca = world.app.arcaStandIn;
  if (arca) {
    for (const type of [6, 8, 11, 13]) {
      const numbers = arca.vouchers(ARCA_POINT_OF_SALE, type).map((v) => Number(v.CbteDesde));
      if (numbers.length > 0) arcaVouchers.set(`${ARCA_POINT_OF_SALE}/${type}`, numbers);
    }
  }
  return { documents, arcaVouchers, approvedPayments, succeededRefunds };
}

export const newIdempotencyKey = () => `modelo-${randomUUID()}`;
