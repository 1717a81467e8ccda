import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Mail, uniqueEmail } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { paymentOrders, verificationCodes } from '../../db/schema';

// Issue 28: the botón de baja works without an account — the subscription's e-mail, a code mailed
// there, then the cancellation and its código de gestión at once.
const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const preapprovalOf = (id: string) => t.emulator.control.state().preapprovals[id]?.resource;

async function mailsTo(to: string): Promise<Mail[]> {
  await t.app.mail.flush();
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json() as Mail[];
}
const codeMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.includes('confirmar la baja'));
const lastCode = async (email: string) =>
  /código de confirmación es: (\d{6})/.exec((await codeMails(email))[0]?.text ?? '')?.[1] ?? '';

const request = (email: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription-cancellations/request',
    payload: { email },
    remoteAddress: ip,
  });
const confirm = (email: string, code: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription-cancellations/confirm',
    payload: { email, code },
    remoteAddress: ip,
  });

/** A member with an active monthly card subscription (Plan Básico). */
async function subscriber() {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  expect(order?.status).toBe('active');
  return { buyer, order: order as NonNullable<typeof order> };
}

const liveCodes = (userId: string) =>
  t.app.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'cancel_subscription')));

describe('visitor botón de baja (POST /api/subscription-cancellations/*)', () => {
  it('answers the same to anyone, mails a code only to a subscriber, and the code cancels with a código de gestión mailed at once', async () => {
    const { buyer, order } = await subscriber();
    const member = await newBuyer(t.app); // registered, no subscription
    const stranger = uniqueEmail('nadie');

    const answers = [
      await request(stranger),
      await request(member.email),
      await request(buyer.email.toUpperCase()),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toEqual(answers[2]?.json());
    expect(answers[1]?.json()).toEqual(answers[2]?.json());
    expect(await mailsTo(stranger)).toHaveLength(0);
    expect(await codeMails(member.email)).toHaveLength(0);
    const code = await lastCode(buyer.email);
    expect(code).toMatch(/^\d{6}$/);

    // stored hashed, expiring in 30 minutes
    const [row] = await liveCodes(buyer.userId);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(28);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    // a second request moments later: the same answer, no second mail
    const again = await request(buyer.email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answers[2]?.json());
    expect(await codeMails(buyer.email)).toHaveLength(1);

    const done = await confirm(buyer.email, code);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json() as { cancellationCode: string; planName: string; accessUntil: string | null };
    expect(body.cancellationCode).toMatch(/^BAJA-[A-Z2-9]{10}$/);
    expect(body.planName).toBe('Plan Básico');
    expect(body.accessUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(preapprovalOf(order.provider_preapproval_id ?? '')?.status).toBe('cancelled');
    const [stored] = await t.app.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(stored?.status).toBe('cancelled');
    expect(stored?.cancellationCode).toBe(body.cancellationCode);
    const proof = (await mailsTo(buyer.email)).find((m) => m.subject === 'Cancelaste tu suscripción');
    expect(proof?.text).toContain(body.cancellationCode);

    // the code is spent
    expect((await confirm(buyer.email, code)).statusCode).toBe(400);
  });

  it('refuses wrong, foreign and expired codes alike; five wrong guesses kill the code', async () => {
    const { buyer } = await subscriber();
    const other = await subscriber();
    await request(buyer.email, '10.2.0.1');
    await request(other.buyer.email, '10.2.0.1');
    const code = await lastCode(buyer.email);
    const otherCode = await lastCode(other.buyer.email);

    const unknown = await confirm(uniqueEmail('nadie'), code, '10.2.0.1');
    const foreign = await confirm(buyer.email, otherCode === code ? '000000' : otherCode, '10.2.0.1');
    expect(unknown.statusCode).toBe(400);
    expect(foreign.statusCode).toBe(400);
    expect(unknown.json()).toEqual(foreign.json());
    expect(unknown.json()).toMatchObject({
      internalCode: 'INVALID_VERIFICATION_CODE',
      message: expect.stringMatching(/código/),
    });

    // four more wrong guesses (five in all): the right code no longer works
    for (let i = 0; i < 4; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect((await confirm(buyer.email, wrong, '10.2.0.1')).statusCode).toBe(400);
    }
    expect((await confirm(buyer.email, code, '10.2.0.1')).statusCode).toBe(400);
    expect((await ordersOf(t.app, buyer.userId))[0]?.status).toBe('active');

    // expired: the other subscriber's code, past its time
    await t.app.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verificationCodes.userId, other.buyer.userId));
    expect((await confirm(other.buyer.email, otherCode, '10.2.0.1')).statusCode).toBe(400);
    expect((await ordersOf(t.app, other.buyer.userId))[0]?.status).toBe('active');
  });

  it('a baja already made answers its código de gestión again, without a second cancellation', async () => {
    const { buyer } = await subscriber();
    await request(buyer.email, '10.3.0.1');
    const first = (await confirm(buyer.email, await lastCode(buyer.email), '10.3.0.1')).json() as {
      cancellationCode: string;
    };
    await t.app.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(verificationCodes.userId, buyer.userId));
    await request(buyer.email, '10.3.0.1');
    const second = await confirm(buyer.email, await lastCode(buyer.email), '10.3.0.1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ cancellationCode: first.cancellationCode });
    expect(
      (await mailsTo(buyer.email)).filter((m) => m.subject === 'Cancelaste tu suscripción'),
    ).toHaveLength(1);
  });

  it('is rate-limited per address and e-mail, in the Spanish error form', async () => {
    const email = uniqueEmail('limite');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(email, '10.4.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await request(email, '10.4.0.1');
    expect(limited.json()).toMatchObject({ internalCode: expect.any(String), message: expect.any(String) });

    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) guesses.push((await confirm(email, '123456', '10.4.0.2')).statusCode);
    expect(guesses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(guesses[10]).toBe(429);
  });

  it('refuses malformed bodies with a Spanish 400 and no token is needed or read', async () => {
    for (const payload of [
      {},
      { email: 'no-es-correo' },
      { email: 'a@b.co', code: '' },
      { email: 'x'.repeat(500) },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscription-cancellations/confirm',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ internalCode: expect.any(String), message: expect.any(String) });
    }
    const withBadToken = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-cancellations/request',
      headers: { authorization: 'Bearer nope' },
      payload: { email: uniqueEmail('token') },
      remoteAddress: '10.5.0.1',
    });
    expect(withBadToken.statusCode).toBe(200);
  });
});
