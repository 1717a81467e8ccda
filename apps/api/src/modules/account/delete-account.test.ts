import type { Credentials } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, goodPassword, latestMail, login, register } from '../../../test/accounts';
import { testAppForFile, testConfig } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { buildApp } from '../../app';
import { payments, users } from '../../db/schema';
import { issueCredentials } from '../auth/sessions';

const t = testAppForFile(createPaymentsTestApp, seedTestPlans);

const deleteAccount = (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me', headers, payload });
const count = async (table: string, userId: string) => {
  const { rows } = await t.app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return rows[0]?.n;
};

async function subscriberWithHistory(): Promise<Buyer & { preapprovalId: string }> {
  const buyer = await newBuyer(t.app);
  const res = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  await settleWebhooks(t.emulator);
  const [order] = await ordersOf(t.app, buyer.userId);
  const id = buyer.userId;
  await t.app.db.execute(sql`
    insert into social_identities (user_id, provider, subject) values (${id}, 'google', ${`sub-${id}`})`);
  await t.app.db.execute(sql`
    insert into free_trials (user_id, card_fingerprint, plan_id) values (${id}, ${`fp-${id}`}, 'oro')`);
  await t.app.inject({
    method: 'POST',
    url: '/api/users/analytic',
    headers: buyer.headers,
    payload: {
      event: 'pageView',
      source: 'web',
      deviceId: 'device-123456',
      timestamp: new Date().toISOString(),
    },
  });
  return { ...buyer, preapprovalId: order?.provider_preapproval_id as string };
}

async function socialAccount(): Promise<{ email: string; credentials: Credentials }> {
  const email = `social.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Sol', origin: 'social', emailVerifiedAt: new Date(), countryCode: 'AR' })
    .returning({ id: users.id });
  return { email, credentials: await issueCredentials(t.app, t.app.db, row?.id as string) };
}

async function mailedCode(to: string): Promise<string> {
  await t.app.mail.flush();
  const code = /\b(\d{6})\b/.exec((await latestMail(t.app, to))?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe('DELETE /api/users/me', () => {
  it('cancels the renewal at the provider, ends every session, erases her data and keeps payments anonymised', async () => {
    const buyer = await subscriberWithHistory();
    const id = buyer.userId;
    const otherSession = (await login(t.app, buyer.email)).json() as Credentials;
    // the onboarding's answers (issue 30)
    const answered = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: buyer.headers,
      payload: { learningGoals: ['START_INVESTING'], knowledgeLevel: 'SOME' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const res = await deleteAccount(buyer.headers, { password: goodPassword });
    expect(res.statusCode, res.body).toBe(204);

    // the provider will not charge again
    expect(t.emulator.control.state().preapprovals[buyer.preapprovalId]?.resource.status).toBe('cancelled');
    const [order] = await ordersOf(t.app, id);
    expect(order?.status).toBe('cancelled');

    // she cannot get in: not with her e-mail, not with any token she had
    const relogin = await login(t.app, buyer.email);
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().internalCode).toBe('INVALID_CREDENTIALS');
    for (const credentials of [buyer.credentials, otherSession]) {
      for (const url of [
        '/api/users',
        '/api/users/me/export',
        '/api/users/me/subscription',
        '/api/users/me/security',
      ]) {
        const call = await t.app.inject({ method: 'GET', url, headers: bearer(credentials) });
        expect(call.statusCode, url).toBe(401);
      }
      const renewed = await t.app.inject({
        method: 'POST',
        url: '/api/users/refreshToken',
        payload: { refreshToken: credentials.refreshToken },
      });
      expect(renewed.statusCode).toBe(401);
    }

    // personal data erased or anonymised
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      email: `deleted-${id}@alcancia.invalid`,
      name: 'Cuenta eliminada',
      telephone: null,
      passwordHash: null,
      subscriptionEndDate: null,
      learningGoals: [],
      knowledgeLevel: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await count('social_identities', id)).toBe(0);
    expect(await count('verification_codes', id)).toBe(0);
    expect(await count('free_trials', id)).toBe(0);
    expect(await count('analytics_events', id)).toBe(0);
    const { rows: orphaned } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from free_trials where user_id is null and card_fingerprint = ${`fp-${id}`}`,
    );
    expect(orphaned[0]?.n).toBe(1);
    // payments stay for the accounts, without her address
    const { rows: emails } = await t.app.db.execute<{ payer_email: string }>(
      sql`select payer_email from payment_orders where user_id = ${id}`,
    );
    expect(emails).toEqual([{ payer_email: `deleted-${id}@alcancia.invalid` }]);
    const kept = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id as string));
    expect(kept.length).toBeGreaterThan(0);

    await t.app.mail.flush();
    expect((await latestMail(t.app, buyer.email))?.subject).toBe('Eliminamos tu cuenta de Alcancía');

    // the address is free again: she may come back with a new account
    expect((await register(t.app, { email: buyer.email })).statusCode).toBe(201);
  });

  it('erases progress and certificates', async () => {
    const buyer = await newBuyer(t.app);
    const id = buyer.userId;
    await t.app.db.execute(sql`
      insert into courses (id, kind, name) values ('curso-borrable', 'COURSE', 'Curso') on conflict do nothing`);
    await t.app.db.execute(sql`
      insert into course_progress (user_id, course_id) values (${id}, 'curso-borrable')`);
    await t.app.db.execute(sql`
      insert into certificates (id, user_id, course_id, learner_name, course_name, completed_on)
      values (${`D${Date.now()}`}, ${id}, 'curso-borrable', 'Ana Pérez', 'Curso', '2026-11-20')`);
    expect(await count('course_progress', id)).toBe(1);
    expect(await count('certificates', id)).toBe(1);
    expect((await deleteAccount(buyer.headers, { password: goodPassword })).statusCode).toBe(204);
    expect(await count('course_progress', id)).toBe(0);
    expect(await count('certificates', id)).toBe(0);
    expect(await count('section_progress', id)).toBe(0);
  });

  it('refuses a wrong password (WRONG_PASSWORD) and deletes nothing', async () => {
    const buyer = await newBuyer(t.app);
    const res = await deleteAccount(buyer.headers, { password: 'NoEsEsta1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().internalCode).toBe('WRONG_PASSWORD');
    expect((await login(t.app, buyer.email)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: buyer.headers })).statusCode,
    ).toBe(200);
  });

  it('deletes an account without a password with a code mailed to her', async () => {
    const { email, credentials } = await socialAccount();
    const security = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/security',
      headers: bearer(credentials),
    });
    expect(security.json()).toEqual({ hasPassword: false, socialProviders: [] });

    const withPassword = await deleteAccount(bearer(credentials), { password: 'Cualquiera1' });
    expect(withPassword.statusCode).toBe(409);
    expect(withPassword.json().internalCode).toBe('PASSWORD_NOT_SET');

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion-code',
      headers: bearer(credentials),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await mailedCode(email);
    expect((await latestMail(t.app, email))?.subject).toBe('Tu código para eliminar tu cuenta de Alcancía');

    const wrong = await deleteAccount(bearer(credentials), { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().internalCode).toBe('INVALID_VERIFICATION_CODE');

    expect((await deleteAccount(bearer(credentials), { code })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) })).statusCode,
    ).toBe(401);
  });

  it('asks accounts with a password for it, not for a code', async () => {
    const buyer = await newBuyer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion-code',
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('PASSWORD_REQUIRED');
    expect((await deleteAccount(buyer.headers, { code: '123456' })).json().internalCode).toBe(
      'PASSWORD_REQUIRED',
    );
  });

  it('is refused in a process started after the deletion, too', async () => {
    const buyer = await newBuyer(t.app);
    expect((await deleteAccount(buyer.headers, { password: goodPassword })).statusCode).toBe(204);
    const later = await buildApp({
      config: testConfig({ RATE_LIMIT_ENABLED: 'false' }),
      database: t.database,
      logger: false,
    });
    try {
      await later.ready();
      const res = await later.inject({ method: 'GET', url: '/api/users', headers: buyer.headers });
      expect(res.statusCode).toBe(401);
    } finally {
      await later.close();
    }
  }, 60_000);

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: goodPassword },
    });
    expect(res.statusCode).toBe(401);
  });
});
