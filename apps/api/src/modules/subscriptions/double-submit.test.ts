import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  eventually,
  newBuyer,
  seedTestPlans,
  settleWebhooks,
} from '../../../test/payments';

// Invoices are issued at once (the ARCA stand-in mounted in the app), so each round can count them.
const t = testAppForFile(
  () =>
    createPaymentsTestApp({
      ARCA_CUIT: '30712345678',
      ARCA_POINT_OF_SALE: '3',
      INVOICES_ISSUE_AT_ONCE: 'true',
      RATE_LIMIT_ENABLED: 'false',
    }),
  seedTestPlans,
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Submits of one checkout as a double tap or a client's retry sends them: `delays` ms after the first. */
async function tapped(
  delays: number[],
  submit: (index: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    delays.map(async (delay, index) => {
      await pause(delay);
      return submit(index);
    }),
  );
}

const subscribeOnce = (buyer: Buyer, token: string, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/mercadopago/suscription',
    headers: { ...buyer.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { subscriptionPlanName: 'Plan Básico', subscriptionPlanFrequency: 'monthly', cardToken: token },
  });

/** Charges the emulator made for her (approved then, whatever happened after: refunded counts too). */
const chargesAtProvider = (email: string) =>
  Object.values(t.emulator.control.state().payments).filter(
    (p) => p.payer.email === email && ['approved', 'refunded', 'charged_back'].includes(p.status),
  );

async function herMoney(userId: string) {
  const { rows } = await t.app.db.execute<{ grants: number; active: number; invoices: number }>(sql`
    select (select count(*)::int from entitlements e where e.user_id = ${userId} and e.kind = 'plan') as grants,
           (select count(*)::int from payment_orders o where o.user_id = ${userId} and o.status = 'active') as active,
           (select count(*)::int from fiscal_documents f join payments p on p.id = f.payment_id
              join payment_orders o on o.id = p.order_id
             where o.user_id = ${userId} and f.kind = 'invoice') as invoices`);
  return rows[0];
}

/** One card, several tokens (each tap tokenizes again): same digits, expiry and holder. */
const tokensOfOneCard = (count: number) => {
  const document = String(20_000_000 + Math.floor(Math.random() * 70_000_000));
  return Promise.all(
    Array.from({ length: count }, () => cardToken(t.emulator, 'APRO', document, { month: 11, year: 2031 })),
  );
};

describe('one charge per subscription checkout, however often it is sent', () => {
  it('five taps 0–90 ms apart, four rounds: one approved charge, one grant, one invoice; the other taps are told in Spanish', async () => {
    for (let round = 0; round < 4; round++) {
      const buyer = await newBuyer(t.app);
      const tokens = await tokensOfOneCard(5);
      const answers = await tapped([0, 25, 45, 70, 90], (i) => subscribeOnce(buyer, tokens[i] ?? ''));
      await settleWebhooks(t.emulator);

      const approved = answers.filter((a) => a.statusCode === 200);
      expect(approved, `round ${round}: ${answers.map((a) => a.body).join(' | ')}`).toHaveLength(1);
      expect(approved[0]?.json()).toMatchObject({ status: 'approved' });
      for (const other of answers.filter((a) => a.statusCode !== 200)) {
        expect(other.statusCode).toBe(409);
        expect(other.json().internalCode).toMatch(
          /^(UPGRADE_NOT_ALLOWED|SUBSCRIPTION_PAYMENT_PENDING|CHECKOUT_IN_PROGRESS)$/,
        );
        expect(other.json().message).toMatch(/^(Ya|Tenés)/);
      }
      expect(chargesAtProvider(buyer.email)).toHaveLength(1);
      await eventually(async () =>
        expect(await herMoney(buyer.userId)).toEqual({ grants: 1, active: 1, invoices: 1 }),
      );
    }
  });

  it('the same idempotency key answers the first submit’s outcome, in parallel and afterwards; one charge', async () => {
    const buyer = await newBuyer(t.app);
    const tokens = await tokensOfOneCard(4);
    const key = crypto.randomUUID();
    const answers = await tapped([0, 30, 60], (i) => subscribeOnce(buyer, tokens[i] ?? '', key));
    const later = await subscribeOnce(buyer, tokens[3] ?? '', key);
    await settleWebhooks(t.emulator);

    const first = answers[0];
    expect(first?.statusCode).toBe(200);
    expect(first?.json()).toMatchObject({ status: 'approved', isUpgradeSubscription: false });
    for (const again of [...answers.slice(1), later]) {
      expect(again.statusCode).toBe(first?.statusCode);
      expect(again.json()).toEqual(first?.json());
    }
    expect(chargesAtProvider(buyer.email)).toHaveLength(1);
    await eventually(async () =>
      expect(await herMoney(buyer.userId)).toEqual({ grants: 1, active: 1, invoices: 1 }),
    );

    // Without a key (or with a new one), a second checkout of what she has is told so, not charged.
    const again = await subscribeOnce(buyer, (await tokensOfOneCard(1))[0] ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      internalCode: 'UPGRADE_NOT_ALLOWED',
      message: 'Ya tenés una suscripción activa con este plan o uno superior.',
    });
    expect(chargesAtProvider(buyer.email)).toHaveLength(1);
  });

  it('refuses a malformed idempotency key in Spanish, before anything is charged', async () => {
    const buyer = await newBuyer(t.app);
    const res = await subscribeOnce(buyer, (await tokensOfOneCard(1))[0] ?? '', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ internalCode: 'INVALID_IDEMPOTENCY_KEY' });
    expect(chargesAtProvider(buyer.email)).toHaveLength(0);
  });
});
