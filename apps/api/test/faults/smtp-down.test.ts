import { type ParsedMail, type SmtpCapture, startSmtpCapture } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../../src/background-jobs';
import { seedDemoSubscriptions } from '../../src/modules/subscriptions/seed-demo-subscriptions';
import { createMailService, type MailService } from '../../src/providers/mail/mail-service';
import { register, uniqueEmail } from '../accounts';
import { createGuestPreference, guestPayload } from '../guest-memberships';
import {
  createPaymentsTestApp,
  eventually,
  freePort,
  type PaymentsTestApp,
  settleWebhooks,
} from '../payments';
import { report } from './report';

/**
 * Fault: the SMTP server down while people register and buy (issue 21). A real SMTP server on a
 * fixed port is stopped, people register and buy guest memberships (each queues a mail in the
 * same transaction as the change), then the server starts again on the same port: every mail goes
 * out, exactly once, also with a second dispatcher (another API process) draining the same outbox.
 */

const REGISTRATIONS = 6;
const GUEST_PURCHASES = 2;

const received: ParsedMail[] = [];
let smtpPort = 0;
let smtp: SmtpCapture | null = null;
let t: PaymentsTestApp;
let secondProcess: MailService;

const startSmtp = async () => {
  smtp = await startSmtpCapture(
    async (mail) => {
      received.push(mail);
    },
    { port: smtpPort },
  );
};
const stopSmtp = async () => {
  await smtp?.close();
  smtp = null;
};

beforeAll(async () => {
  smtpPort = await freePort();
  await startSmtp();
  t = await createPaymentsTestApp({
    RATE_LIMIT_ENABLED: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  await seedDemoSubscriptions(t.app.db);
  // Another API process's dispatcher on the same outbox.
  secondProcess = await createMailService(t.app.config, t.app.db, t.app.log);
});
afterAll(async () => {
  await secondProcess?.close();
  await t?.close();
  await stopSmtp();
});

const outbox = async () => {
  const { rows } = await t.app.db.execute<{ status: string; n: number; attempts: number; errors: number }>(
    sql`select status, count(*)::int as n, sum(attempts)::int as attempts,
               count(last_error)::int as errors
          from mail_outbox group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r]));
};

const deliveredTo = (to: string) => received.filter((mail) => mail.to.includes(to.toLowerCase()));

/** A guest buys ORO on the emulator's Checkout Pro page; the webhook creates her account and mails her. */
async function guestPurchase(email: string) {
  const res = await createGuestPreference(t.app, guestPayload('ORO', { email }));
  expect(res.statusCode).toBe(200);
  const prefId = new URL((res.json() as { init_point: string }).init_point).searchParams.get('pref_id') ?? '';
  const paid = await fetch(`${t.emulator.url}/checkout/v1/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      pref_id: prefId,
      card: 'visa',
      cardholder_name: 'APRO',
      installments: '1',
      email,
    }),
  });
  expect(paid.status).toBe(303);
}

describe('SMTP down during registration and purchases', () => {
  it('queues every mail while it is down and sends each exactly once when it is back', {
    timeout: 60_000,
  }, async () => {
    // Up: a registration's mail goes out at once.
    const before = uniqueEmail('antes');
    expect((await register(t.app, { email: before })).statusCode).toBe(201);
    await eventually(async () => expect(deliveredTo(before)).toHaveLength(1));

    await stopSmtp();
    const downAt = Date.now();
    const registered: string[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const email = uniqueEmail('sinsmtp');
      const res = await register(t.app, { email });
      // The product keeps answering: the mail waits in the outbox, not in the request.
      expect(res.statusCode).toBe(201);
      registered.push(email);
    }
    const buyers: string[] = [];
    for (let i = 0; i < GUEST_PURCHASES; i++) {
      const email = uniqueEmail('invitada');
      await guestPurchase(email);
      buyers.push(email);
    }
    await settleWebhooks(t.emulator);
    const expected = REGISTRATIONS + GUEST_PURCHASES;
    // Both dispatchers tried and failed while it was down; nothing was lost or marked failed.
    await eventually(async () => {
      const box = await outbox();
      expect(box.pending?.n).toBe(expected);
      expect(box.pending?.errors).toBe(expected);
    }, 10_000);
    expect((await outbox()).failed).toBeUndefined();
    const downMs = Date.now() - downAt;
    const attemptsWhileDown = (await outbox()).pending?.attempts ?? 0;

    await startSmtp();
    const upAt = Date.now();
    const everyone = [...registered, ...buyers];
    // Retries go out on the `mail.drain` job (every minute, once across processes) when their
    // backoff (5 s after a first failure) has ended; here its run is queued every second instead
    // of waiting for the minute, while the other process drains too.
    let drainRuns = 0;
    for (;;) {
      if (everyone.every((email) => deliveredTo(email).length > 0)) break;
      if (Date.now() - upAt > 30_000) throw new Error(`mails not sent: ${JSON.stringify(await outbox())}`);
      if ((await t.app.jobs.send(backgroundJobs.mailDrain)) !== null) drainRuns++;
      secondProcess.kick();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const deliveredMs = Date.now() - upAt;
    // Drain again from both "processes": nothing is due, nothing goes twice.
    await Promise.all([t.app.mail.flush(), secondProcess.flush()]);
    const box2 = await outbox();
    expect(box2.pending).toBeUndefined();
    expect(box2.sent?.n).toBe(expected + 1);

    for (const email of registered) {
      expect(deliveredTo(email).map((mail) => mail.subject)).toEqual(['Validá tu cuenta de Alcancía']);
    }
    for (const email of buyers) {
      expect(deliveredTo(email).map((mail) => mail.subject)).toEqual([
        'Tu Membresía Oro de Alcancía está activa',
      ]);
    }
    expect(received).toHaveLength(expected + 1);
    report('smtp down', {
      mailsQueuedWhileDown: expected,
      registrations: REGISTRATIONS,
      guestPurchases: GUEST_PURCHASES,
      downMs,
      failedAttemptsWhileDown: attemptsWhileDown,
      deliveredAfterRestartMs: deliveredMs,
      drainJobRunsQueued: drainRuns,
      mailsSent: received.length,
      duplicates: received.length - (expected + 1),
    });
  });
});
