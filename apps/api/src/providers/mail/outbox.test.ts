import net from 'node:net';
import { startSmtpCapture } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../../db/client';
import { MailDispatcher } from './mail-dispatcher';
import { backoffSeconds, claimDueMails, enqueueMail, leaseSeconds, retryForHours } from './outbox';

/**
 * The outbox's retry rules (issue 21): an SMTP outage of days delays mails and loses none, and a
 * server that accepts connections but never answers ends a send well inside the mail's lease.
 */

let handle: DbHandle;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const mail = (to: string) => ({ to, subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' });

async function row(to: string) {
  const { rows } = await handle.db.execute<{ status: string; attempts: number; last_error: string | null }>(
    sql`select status, attempts, last_error from mail_outbox where "to" = ${to}`,
  );
  return rows[0];
}

/** A port where nothing listens: every send fails at once with ECONNREFUSED. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('retries', () => {
  it('waits longer between tries, at most half an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(10)).toBe(1800);
    expect(backoffSeconds(500)).toBe(1800);
  });

  it('keeps retrying a mail past many failed tries while it is younger than two days', async () => {
    const to = 'young@example.com';
    await enqueueMail(handle.db, mail(to));
    const dispatcher = new MailDispatcher({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'Alcancía <hola@alcancia.local>',
      logger,
    });
    try {
      // Twelve tries (more than the 8 that used to give up after a quarter of an hour).
      for (let i = 0; i < 12; i++) {
        await handle.db.execute(sql`update mail_outbox set next_attempt_at = now() where "to" = ${to}`);
        await dispatcher.flush();
      }
    } finally {
      await dispatcher.close();
    }
    expect(await row(to)).toMatchObject({ status: 'pending', attempts: 12 });
    expect((await row(to))?.last_error).toMatch(/ECONNREFUSED/);
  });

  it(`gives a mail up (failed, for a person to see) once it is older than ${retryForHours} hours`, async () => {
    const to = 'old@example.com';
    await enqueueMail(handle.db, mail(to));
    await handle.db.execute(
      sql`update mail_outbox set created_at = now() - interval '49 hours' where "to" = ${to}`,
    );
    const dispatcher = new MailDispatcher({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'Alcancía <hola@alcancia.local>',
      logger,
    });
    try {
      await dispatcher.flush();
    } finally {
      await dispatcher.close();
    }
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('sends a pending mail once the server answers again', async () => {
    const received: string[] = [];
    const smtp = await startSmtpCapture(async (m) => {
      received.push(...m.to);
    });
    const dispatcher = new MailDispatcher({
      db: handle.db,
      smtpUrl: smtp.url,
      from: 'Alcancía <hola@alcancia.local>',
      logger,
    });
    try {
      await handle.db.execute(
        sql`update mail_outbox set next_attempt_at = now() where "to" = 'young@example.com'`,
      );
      await dispatcher.flush();
    } finally {
      await dispatcher.close();
      await smtp.close();
    }
    expect(received.filter((to) => to.includes('young@example.com'))).toHaveLength(1);
    expect(await row('young@example.com')).toMatchObject({ status: 'sent' });
  });
});

describe('a server that accepts connections and never answers', () => {
  it('ends the send inside the lease, so no other process sends the same mail meanwhile', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => {
      sockets.push(socket); // accepted, never greeted
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const to = 'hanging@example.com';
    const other = 'waiting@example.com';
    await enqueueMail(handle.db, mail(to));
    await enqueueMail(handle.db, mail(other));
    const dispatcher = new MailDispatcher({
      db: handle.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Alcancía <hola@alcancia.local>',
      logger,
    });
    const started = Date.now();
    let claimedElsewhere: Awaited<ReturnType<typeof claimDueMails>> = [];
    try {
      const flushing = dispatcher.flush();
      // While this process waits on the silent server, another process finds the other mail
      // due: a process leases one mail at a time, not a batch it may not reach in time.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      claimedElsewhere = await claimDueMails(handle.db, 5);
      await flushing;
    } finally {
      await dispatcher.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const seconds = (Date.now() - started) / 1000;
    // nodemailer's own defaults would wait 30 s for the greeting (and 10 minutes on a silent socket)
    expect(seconds).toBeLessThan(20);
    expect(seconds).toBeLessThan(leaseSeconds);
    expect(claimedElsewhere.map((m) => m.to)).toEqual([other]);
    const after = await row(to);
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after?.last_error).toMatch(/greeting/i);
  }, 60_000);
});
