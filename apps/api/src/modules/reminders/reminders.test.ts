import { createECDH, randomBytes } from 'node:crypto';
import { reminderConsentTexts } from '@alcancia/contract/reminders';
import {
  type RunningPushService,
  type RunningWhatsAppStandIn,
  startPushService,
  startWhatsAppStandIn,
  whatsAppSignature,
} from '@alcancia/sandbox';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, goodPassword, login, register, uniqueEmail } from '../../../test/accounts';
import { createTestDatabase, testConfig } from '../../../test/helpers';
import { eventually, freePort } from '../../../test/payments';
import { buildApp } from '../../app';
import { type DbHandle, openDatabase } from '../../db/client';
import {
  mailOutbox,
  pushSubscriptions,
  reminderConsents,
  reminderSends,
  reminderSettings,
} from '../../db/schema';

const WA = {
  accessToken: 'reminders-test-whatsapp-token',
  appSecret: 'reminders-test-whatsapp-app-secret',
  phoneNumberId: '987654321000',
  verifyToken: 'reminders-test-verify-token-0123',
};

/** Like a second process: another handle on the same database (the same PGlite, or a new pool). */
function sameDatabase(database: DbHandle): DbHandle {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite')
    return openDatabase({ kind: 'pglite-instance', client: client as PGlite });
  const url = (client as pg.Pool).options.connectionString ?? '';
  return openDatabase({ kind: 'pg', url, poolSize: 2 });
}

const t = {} as {
  app: FastifyInstance;
  /** a second app on the same database: another process */
  other: FastifyInstance;
  database: DbHandle;
  otherDatabase: DbHandle;
  standIn: RunningWhatsAppStandIn;
  push: RunningPushService;
  url: string;
};

beforeAll(async () => {
  const port = await freePort();
  t.url = `http://127.0.0.1:${port}`;
  t.standIn = await startWhatsAppStandIn({
    ...WA,
    webhookUrl: `${t.url}/api/reminders/whatsapp/webhook`,
    statusDelayMs: 5,
  });
  t.push = await startPushService();
  const env = {
    PUBLIC_URL: t.url,
    WHATSAPP_API_URL: t.standIn.url,
    WHATSAPP_ACCESS_TOKEN: WA.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_APP_SECRET: WA.appSecret,
    WHATSAPP_VERIFY_TOKEN: WA.verifyToken,
  };
  t.database = await createTestDatabase();
  t.otherDatabase = sameDatabase(t.database);
  // No schedules: the tests run the job's pass themselves, at the instants they choose.
  const build = (database: DbHandle) =>
    buildApp({ config: testConfig(env), database, logger: false, jobs: { schedules: false } });
  t.app = await build(t.database);
  t.other = await build(t.otherDatabase);
  await Promise.all([t.app.ready(), t.other.ready()]);
  await t.app.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t.other?.close();
  await t.app?.close();
  if (t.otherDatabase?.driver === 'pg') await t.otherDatabase.close();
  await t.database?.close();
  await t.standIn?.close();
  await t.push?.close();
});

interface Learner {
  userId: string;
  email: string;
  headers: { authorization: string };
}

async function learner(name = 'Ana Pérez'): Promise<Learner> {
  const email = uniqueEmail('rec');
  const reg = await register(t.app, { email, name });
  expect(reg.statusCode, reg.body).toBe(201);
  const credentials = (await login(t.app, email)).json();
  return { userId: credentials.userId, email, headers: bearer(credentials) };
}

const remindersUrl = '/api/users/me/reminders';
const settingsOf = (who: Learner) => t.app.inject({ method: 'GET', url: remindersUrl, headers: who.headers });
const choose = (who: Learner, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: remindersUrl, headers: who.headers, payload: body });
const everyDay = [1, 2, 3, 4, 5, 6, 7];

/** A unique phone per learner: +549 11 and 8 digits. */
let phoneCounter = 0;
const newPhone = () =>
  `+54911${String(40_000_000 + ((process.pid * 97 + ++phoneCounter) % 50_000_000)).padStart(8, '0')}`;

/** Confirms a WhatsApp number with the code the stand-in received, as she would. */
async function confirmPhone(who: Learner, phone: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: `${remindersUrl}/whatsapp/phone`,
    headers: who.headers,
    payload: { phone },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [message] = t.standIn.control
    .messages(phone)
    .filter((m) => m.template === 'alcancia_codigo_verificacion')
    .slice(-1);
  expect(message?.parameters[0]).toMatch(/^\d{6}$/);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${remindersUrl}/whatsapp/confirm`,
    headers: who.headers,
    payload: { code: message?.parameters[0] },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().whatsapp.phone).toBe(phone);
}

/** An instant in Argentina (UTC-3): 2026-12-<day> at <hour>:30. */
const argentina = (day: number, hour: number) => new Date(Date.UTC(2026, 11, day, hour + 3, 30));

const remindersTo = (phone: string) =>
  t.standIn.control.messages(phone).filter((m) => m.template === 'alcancia_recordatorio');
const sendsOf = (userId: string) =>
  t.app.db.select().from(reminderSends).where(eq(reminderSends.userId, userId));

describe('reminders: consent', () => {
  it('refuses settings without the exact consent text, bad hours or days, and stores nothing', async () => {
    const ana = await learner();
    const base = { channel: 'email', days: [1, 3], hour: 9 };
    const cases: [Record<string, unknown>, number, string][] = [
      [base, 422, 'REMINDER_CONSENT_REQUIRED'],
      [{ ...base, consentText: 'Acepto' }, 422, 'REMINDER_CONSENT_REQUIRED'],
      [{ ...base, consentText: reminderConsentTexts.whatsapp }, 422, 'REMINDER_CONSENT_REQUIRED'],
      [{ ...base, hour: 24, consentText: reminderConsentTexts.email }, 400, 'REMINDER_HOUR_INVALID'],
      [{ ...base, hour: -1, consentText: reminderConsentTexts.email }, 400, 'REMINDER_HOUR_INVALID'],
      [{ ...base, hour: 9.5, consentText: reminderConsentTexts.email }, 400, 'REMINDER_HOUR_INVALID'],
      [{ ...base, days: [], consentText: reminderConsentTexts.email }, 400, 'REMINDER_DAYS_INVALID'],
      [{ ...base, days: [0, 8], consentText: reminderConsentTexts.email }, 400, 'REMINDER_DAYS_INVALID'],
      [
        { ...base, quietStart: 22, quietEnd: 10, consentText: reminderConsentTexts.email },
        422,
        'REMINDER_QUIET_HOURS',
      ],
      [{ ...base, quietStart: 22, consentText: reminderConsentTexts.email }, 400, 'REMINDER_HOUR_INVALID'],
    ];
    for (const [body, status, code] of cases) {
      const res = await choose(ana, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().internalCode).toBe(code);
      expect(res.json().message).toMatch(/[a-záéíóúñ]/);
    }
    const settings = (await settingsOf(ana)).json();
    expect(settings.channel).toBeNull();
    expect(settings.consents).toEqual([]);
  });

  it('records an opt-in with its time and the exact text, once per channel; the history is append-only', async () => {
    const ana = await learner();
    const before = Date.now();
    const res = await choose(ana, {
      channel: 'email',
      days: [5, 1, 1],
      hour: 9,
      quietStart: 22,
      quietEnd: 7,
      consentText: reminderConsentTexts.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ channel: 'email', days: [1, 5], hour: 9, quietStart: 22, quietEnd: 7 });
    expect(body.consents).toHaveLength(1);
    expect(body.consents[0]).toMatchObject({
      channel: 'email',
      action: 'opt_in',
      text: reminderConsentTexts.email,
      source: 'mi_cuenta',
    });
    expect(new Date(body.consents[0].at).getTime()).toBeGreaterThanOrEqual(before - 5000);
    // changing the hour is not a new opt-in
    const again = await choose(ana, {
      channel: 'email',
      days: [1],
      hour: 10,
      consentText: reminderConsentTexts.email,
    });
    expect(again.json().consents).toHaveLength(1);
    // the table refuses to change what she agreed to
    await expect(
      t.app.db
        .update(reminderConsents)
        .set({ text: 'otro texto' })
        .where(eq(reminderConsents.userId, ana.userId)),
    ).rejects.toThrow();
  });

  it('sends nothing to a person whose settings carry no recorded consent', async () => {
    const ana = await learner();
    // a channel written without the opt-in (as a bug or a hand edit would): the job must refuse it
    await t.app.db
      .insert(reminderSettings)
      .values({ userId: ana.userId, channel: 'email', days: everyDay, hour: 8 });
    const result = await t.app.reminders.run(argentina(1, 8));
    expect(await sendsOf(ana.userId)).toEqual([]);
    expect(result.claimed).toBe(0);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, ana.email));
    expect(mails.filter((m) => m.subject.includes('Alcancía') && m.text.includes('recordatorios'))).toEqual(
      [],
    );
  });
});

describe('reminders: WhatsApp number', () => {
  it('accepts only an Argentine mobile, and WhatsApp only once it is confirmed by the code', async () => {
    const ana = await learner();
    for (const phone of ['+59899123456', '011 4555-1234', '+541123456789', '+1 415 555 0100']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${remindersUrl}/whatsapp/phone`,
        headers: ana.headers,
        payload: { phone },
      });
      expect(res.statusCode, phone).toBe(422);
      expect(res.json().internalCode).toBe('REMINDER_PHONE_NOT_ARGENTINE');
    }
    const refused = await choose(ana, {
      channel: 'whatsapp',
      days: everyDay,
      hour: 9,
      consentText: reminderConsentTexts.whatsapp,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().internalCode).toBe('REMINDER_PHONE_NOT_CONFIRMED');

    const phone = newPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: `${remindersUrl}/whatsapp/phone`,
      headers: ana.headers,
      payload: { phone: `${phone.slice(0, 5)} ${phone.slice(5)}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().whatsapp).toMatchObject({ phone: null, pendingPhone: phone });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${remindersUrl}/whatsapp/confirm`,
      headers: ana.headers,
      payload: { code: '000000x' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().internalCode).toBe('REMINDER_CODE_INVALID');
    // still not confirmed: WhatsApp is refused
    expect(
      (
        await choose(ana, {
          channel: 'whatsapp',
          days: everyDay,
          hour: 9,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(409);
    await confirmPhone(ana, phone);
    const ok = await choose(ana, {
      channel: 'whatsapp',
      days: everyDay,
      hour: 9,
      consentText: reminderConsentTexts.whatsapp,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().consents[0]).toMatchObject({
      channel: 'whatsapp',
      action: 'opt_in',
      text: reminderConsentTexts.whatsapp,
    });
  });

  it('an unknown template is refused by the stand-in as the Cloud API does', async () => {
    const res = await fetch(`${t.standIn.url}/v23.0/${WA.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${WA.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: '5491100000000',
        type: 'template',
        template: { name: 'no_such', language: { code: 'es_AR' } },
      }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(132001);
  });
});

describe('reminders: sending once', () => {
  it('two processes racing send one WhatsApp reminder per day, and the statuses come back signed', async () => {
    const ana = await learner('Ana Pérez');
    const phone = newPhone();
    await confirmPhone(ana, phone);
    expect(
      (
        await choose(ana, {
          channel: 'whatsapp',
          days: everyDay,
          hour: 10,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(200);
    const at = argentina(2, 10);
    const results = await Promise.all([
      t.app.reminders.run(at),
      t.other.reminders.run(at),
      t.app.reminders.run(at),
      t.other.reminders.run(at),
    ]);
    // (other learners of this file may be due too: the sums are at least hers)
    expect(results.reduce((sum, r) => sum + r.claimed, 0)).toBeGreaterThanOrEqual(1);
    expect(remindersTo(phone)).toHaveLength(1);
    // later the same day, again: nothing more
    await Promise.all([t.app.reminders.run(argentina(2, 11)), t.other.reminders.run(argentina(2, 12))]);
    const messages = remindersTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.parameters[0]).toBe('Ana');
    expect(messages[0]?.parameters[1]).toMatch(/clase|meta/);
    const sends = await sendsOf(ana.userId);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      day: '2026-12-02',
      channel: 'whatsapp',
      status: 'sent',
      providerMessageId: messages[0]?.id,
    });
    // the stand-in's status webhooks (sent, delivered, read) reach the API, signed
    await t.standIn.control.settle();
    await eventually(async () => expect((await sendsOf(ana.userId))[0]?.deliveryStatus).toBe('read'), 5000);
    // the next day is another reminder
    await t.other.reminders.run(argentina(3, 10));
    expect(remindersTo(phone)).toHaveLength(2);
  });

  it('an e-mail reminder is queued once, in the claim’s transaction, however many processes race', async () => {
    const bea = await learner('Bea Gómez');
    expect(
      (
        await choose(bea, {
          channel: 'email',
          days: everyDay,
          hour: 7,
          consentText: reminderConsentTexts.email,
        })
      ).statusCode,
    ).toBe(200);
    const at = argentina(4, 7);
    await Promise.all([t.app.reminders.run(at), t.other.reminders.run(at), t.other.reminders.run(at)]);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, bea.email), sql`${mailOutbox.text} like '%recordatorios%'`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/mi-cuenta/recordatorios');
    expect(await sendsOf(bea.userId)).toHaveLength(1);
  });

  it('never in quiet hours, never on a day or before the hour she did not choose', async () => {
    const cris = await learner('Cris');
    const phone = newPhone();
    await confirmPhone(cris, phone);
    // 21 h, quiet from 22 to 8; on Wednesdays (3) only
    const res = await choose(cris, {
      channel: 'whatsapp',
      days: [3],
      hour: 21,
      quietStart: 22,
      quietEnd: 8,
      consentText: reminderConsentTexts.whatsapp,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.reminders.run(argentina(9, 20)); // Wednesday, before the hour
    await t.app.reminders.run(argentina(9, 22)); // Wednesday, within the catch-up window but quiet
    await t.app.reminders.run(argentina(9, 23)); // quiet
    await t.app.reminders.run(argentina(10, 21)); // Thursday: not a chosen day
    expect(remindersTo(phone)).toHaveLength(0);
    expect(await sendsOf(cris.userId)).toHaveLength(0);
    await t.app.reminders.run(argentina(9, 21)); // Wednesday 21:30: due
    expect(remindersTo(phone)).toHaveLength(1);
  });
});

describe('reminders: stopping', () => {
  it('from Mi cuenta: an opt-out is recorded and nothing more is sent', async () => {
    const dana = await learner();
    expect(
      (
        await choose(dana, {
          channel: 'email',
          days: everyDay,
          hour: 12,
          consentText: reminderConsentTexts.email,
        })
      ).statusCode,
    ).toBe(200);
    const stop = await t.app.inject({ method: 'DELETE', url: remindersUrl, headers: dana.headers });
    expect(stop.statusCode).toBe(200);
    expect(stop.json().channel).toBeNull();
    expect(stop.json().consents[0]).toMatchObject({
      channel: 'email',
      action: 'opt_out',
      source: 'mi_cuenta',
    });
    await t.app.reminders.run(argentina(5, 12));
    expect(await sendsOf(dana.userId)).toHaveLength(0);
  });

  it('a pending reminder is taken back when she stops before it goes out', async () => {
    const eva = await learner();
    const phone = newPhone();
    await confirmPhone(eva, phone);
    expect(
      (
        await choose(eva, {
          channel: 'whatsapp',
          days: everyDay,
          hour: 13,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(200);
    // a process claimed it and died before sending: the row waits, pending
    await t.app.db.insert(reminderSends).values({
      userId: eva.userId,
      day: '2026-12-06',
      channel: 'whatsapp',
      title: 't',
      body: 'b',
      url: '/academy',
    });
    await t.app.inject({ method: 'DELETE', url: remindersUrl, headers: eva.headers });
    await t.app.reminders.run(argentina(6, 15));
    expect(remindersTo(phone)).toHaveLength(0);
    expect((await sendsOf(eva.userId))[0]?.status).toBe('cancelled');
  });

  it('answering "Bajá" on WhatsApp stops WhatsApp reminders and records the opt-out', async () => {
    const flor = await learner();
    const phone = newPhone();
    await confirmPhone(flor, phone);
    expect(
      (
        await choose(flor, {
          channel: 'whatsapp',
          days: everyDay,
          hour: 14,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(200);
    const delivery = await t.standIn.control.inbound(phone, '  Bajá. ');
    expect(delivery?.status).toBe(200);
    const settings = (await settingsOf(flor)).json();
    expect(settings.channel).toBeNull();
    expect(settings.consents[0]).toMatchObject({
      channel: 'whatsapp',
      action: 'opt_out',
      source: 'whatsapp',
      text: 'Respondió "BAJA" por WhatsApp.',
    });
    // she is told, in the 24-hour window her message opened
    expect(
      t.standIn.control
        .messages(phone)
        .some((m) => m.type === 'text' && m.parameters[0]?.includes('no vas a recibir')),
    ).toBe(true);
    await t.app.reminders.run(argentina(7, 14));
    expect(remindersTo(phone)).toHaveLength(0);
  });
});

describe('reminders: the WhatsApp webhook', () => {
  const webhook = '/api/reminders/whatsapp/webhook';
  const inboundBody = (from: string, text: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                messages: [{ from, id: 'wamid.x', type: 'text', text: { body: text } }],
              },
            },
          ],
        },
      ],
    });

  it('refuses a bad or missing signature with 401 and acts on nothing', async () => {
    const gabi = await learner();
    const phone = newPhone();
    await confirmPhone(gabi, phone);
    expect(
      (
        await choose(gabi, {
          channel: 'whatsapp',
          days: everyDay,
          hour: 15,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(200);
    const body = inboundBody(phone.slice(1), 'BAJA');
    for (const signature of [
      undefined,
      'sha256=00',
      whatsAppSignature('another-app-secret-value', body),
      whatsAppSignature(WA.appSecret, `${body} `),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: webhook,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().internalCode).toBe('INVALID_SIGNATURE');
    }
    expect((await settingsOf(gabi)).json().channel).toBe('whatsapp');
    const signed = await t.app.inject({
      method: 'POST',
      url: webhook,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': whatsAppSignature(WA.appSecret, body),
      },
      payload: body,
    });
    expect(signed.statusCode).toBe(200);
    expect((await settingsOf(gabi)).json().channel).toBeNull();
  });

  it('answers Meta’s verification only with our verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${webhook}?hub.mode=subscribe&hub.verify_token=${WA.verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: `${webhook}?hub.mode=subscribe&hub.verify_token=wrong-token-0123456789&hub.challenge=1`,
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('reminders: push', () => {
  const subscribe = (who: Learner, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${remindersUrl}/push/subscriptions`,
      headers: who.headers,
      payload: body as object,
    });
  const otherKeys = () => ({
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });

  it('a subscription belongs to one account: another account posting it is refused', async () => {
    const ana = await learner();
    const bea = await learner();
    const mine = t.push.subscribe();
    expect((await subscribe(ana, mine)).statusCode).toBe(200);
    expect((await subscribe(ana, { ...mine, keys: otherKeys() })).statusCode).toBe(200); // hers again: refreshed
    const stolen = await subscribe(bea, mine);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().internalCode).toBe('PUSH_SUBSCRIPTION_TAKEN');
    // Bea cannot remove Ana's either
    await t.app.inject({
      method: 'DELETE',
      url: `${remindersUrl}/push/subscriptions`,
      headers: bea.headers,
      payload: { endpoint: mine.endpoint },
    });
    const rows = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, mine.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([ana.userId]);
    const fresh = t.push.subscribe();
    for (const bad of [
      { ...fresh, endpoint: 'https://evil.example/steal' },
      { ...fresh, endpoint: fresh.endpoint.replace('https:', 'ftp:') },
      { ...fresh, keys: { p256dh: 'abc', auth: 'def' } },
    ]) {
      const res = await subscribe(ana, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().internalCode).toBe('PUSH_SUBSCRIPTION_INVALID');
    }
  });

  it('push needs a subscribed browser; each of hers gets the reminder once, VAPID-signed and encrypted; a gone one is forgotten', async () => {
    const ana = await learner();
    const refused = await choose(ana, {
      channel: 'push',
      days: everyDay,
      hour: 16,
      consentText: reminderConsentTexts.push,
    });
    expect(refused.json().internalCode).toBe('REMINDER_PUSH_NOT_SUBSCRIBED');
    const live = t.push.subscribe();
    const gone = t.push.subscribe({ gone: true });
    expect((await subscribe(ana, live)).statusCode).toBe(200);
    expect((await subscribe(ana, gone)).statusCode).toBe(200);
    const settings = await choose(ana, {
      channel: 'push',
      days: everyDay,
      hour: 16,
      consentText: reminderConsentTexts.push,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const at = argentina(8, 16);
    await Promise.all([t.app.reminders.run(at), t.other.reminders.run(at), t.app.reminders.run(at)]);
    const idOf = (endpoint: string) => endpoint.split('/').pop();
    const pushes = t.push.received().filter((p) => p.subscriptionId === idOf(live.endpoint));
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(pushes[0]?.payload ?? '{}');
    expect(payload).toEqual({
      title: expect.any(String),
      body: expect.stringMatching(/clase|meta/),
      url: expect.stringMatching(/^\//),
    });
    // signed with the key the browser subscribed with, for this push service's origin
    expect(pushes[0]?.vapidKey).toBe(settings.json().push.publicKey);
    expect(pushes[0]?.claims.aud).toBe(t.push.url);
    expect(
      t.push
        .refused()
        .filter((r) => r.subscriptionId === idOf(gone.endpoint))
        .map((r) => r.status),
    ).toEqual([410]);
    const left = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ana.userId));
    expect(left.map((s) => s.endpoint)).toEqual([live.endpoint]);
    expect((await sendsOf(ana.userId))[0]?.status).toBe('sent');
  });
});

describe('reminders: her data', () => {
  it('are in her data export and go with her account', async () => {
    const ana = await learner();
    const phone = newPhone();
    await confirmPhone(ana, phone);
    expect(
      (
        await choose(ana, {
          channel: 'whatsapp',
          days: [2],
          hour: 18,
          consentText: reminderConsentTexts.whatsapp,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${remindersUrl}/push/subscriptions`,
          headers: ana.headers,
          payload: t.push.subscribe(),
        })
      ).statusCode,
    ).toBe(200);
    await t.app.reminders.run(argentina(1, 18)); // Tuesday 1 December
    const exported = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: ana.headers });
    expect(exported.statusCode).toBe(200);
    const [mine] = exported.json().extras.reminders;
    expect(mine).toMatchObject({ channel: 'whatsapp', days: [2], hour: 18, whatsappPhone: phone });
    expect(mine.consents[0]).toMatchObject({ action: 'opt_in', text: reminderConsentTexts.whatsapp });
    expect(mine.pushSubscriptions).toEqual([
      { endpointHost: new URL(t.push.url).host, createdAt: expect.any(String) },
    ]);
    expect(mine.sent).toEqual([{ day: '2026-12-01', channel: 'whatsapp', status: 'sent' }]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ana.headers,
      payload: { password: goodPassword },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const table of [reminderSettings, reminderConsents, reminderSends, pushSubscriptions]) {
      const rows = await t.app.db.select().from(table).where(eq(table.userId, ana.userId));
      expect(rows).toEqual([]);
    }
  });
});
