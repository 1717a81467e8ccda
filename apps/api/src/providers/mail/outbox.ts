import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can run an insert: the database or an open transaction. */
type Executor = Pick<Database, 'insert'>;

/** Writes a mail to the outbox; call it inside the transaction of the change that causes it. */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  await executor.insert(mailOutbox).values(mail);
}

export interface ClaimedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

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
    attempts: number;
  }>(sql`
    update mail_outbox
       set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'
     where id in (
       select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, "to", subject, text, html, attempts`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db.execute(
    sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${id}`,
  );
}

const maxAttempts = 8;

export async function markFailedAttempt(db: Database, mail: ClaimedMail, error: string): Promise<void> {
  const backoffSeconds = Math.min(5 * 2 ** (mail.attempts - 1), 3600);
  await db.execute(sql`
    update mail_outbox
       set status = case when attempts >= ${maxAttempts} then 'failed' else 'pending' end,
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds}),
           last_error = ${error.slice(0, 500)}
     where id = ${mail.id}`);
}
