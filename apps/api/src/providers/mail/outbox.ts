import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MailAttachment, mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice's PDF); none when absent. */
  attachments?: MailAttachment[];
}

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, 'insert'>;

/** Writes a mail to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  await executor.insert(mailOutbox).values(mail);
}

export interface ClaimedMail extends OutgoingMail {
  id: number;
  attachments: MailAttachment[];
  attempts: number;
}

/**
 * How long a claimed mail is leased to the process sending it. The SMTP transport's timeouts
 * (mail-dispatcher.ts: connection 10 s + greeting 10 s + socket idle 30 s) end a send well inside
 * it, so a mail is never sent by two processes because a slow server outlasted the lease.
 */
export const leaseSeconds = 120;

/**
 * Leases due mails: bumps their next attempt into the future so that a crash while sending only
 * delays them, and a second process (SKIP LOCKED) never sends the same mail twice at once.
 */
export async function claimDueMails(db: Database, limit: number): Promise<ClaimedMail[]> {
  const result = await db.execute<{
    id: string | number;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: MailAttachment[] | null;
    attempts: number;
  }>(sql`
    update mail_outbox
       set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, "to", subject, text, html, attachments, attempts`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), attachments: r.attachments ?? [] }));
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db.execute(
    sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${id}`,
  );
}

/**
 * A mail is retried for two days after it was written (backoff 5 s, doubling, at most every 30
 * minutes: about 100 tries), so an SMTP outage of a weekend's length delays mails and loses none;
 * after that it is `failed`, counted in /metrics (alcancia_mail_outbox_failed) for a person to see.
 */
export const retryForHours = 48;
const maxBackoffSeconds = 1800;

export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.min(Math.max(attempts - 1, 0), 20), maxBackoffSeconds);
}

export async function markFailedAttempt(db: Database, mail: ClaimedMail, error: string): Promise<void> {
  await db.execute(sql`
    update mail_outbox
       set status = case when created_at < now() - make_interval(hours => ${retryForHours})
                         then 'failed' else 'pending' end,
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(mail.attempts)}),
           last_error = ${error.slice(0, 500)}
     where id = ${mail.id}`);
}
