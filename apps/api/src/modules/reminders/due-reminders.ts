import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptions, reminderSends, reminderSettings, users } from '../../db/schema';
import { enqueueMail } from '../../providers/mail/outbox';
import { WhatsAppError } from '../../providers/whatsapp/whatsapp-client';
import { reminderMail } from './reminder-mail';
import { composeReminder } from './reminder-message';
import { argentinaClock, catchUpHours, inQuietHours, isDueHour } from './reminder-rules';
import { hasConsent } from './reminder-settings';

/** The approved template of a reminder: {{1}} her first name, {{2}} the day's text. */
export const reminderTemplate = { name: 'alcancia_recordatorio', language: 'es_AR' } as const;

const leaseSeconds = 120;
const maxAttempts = 5;

/** Monday of the Argentina week of `day` (YYYY-MM-DD). */
function weekStartOf(day: string, weekday: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - (weekday - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Claims today's reminder of every person whose day and hour came (Argentina), outside her quiet
 * hours, with a consent on record for her channel: one transaction per person, her settings row
 * locked, the (person, day) row inserted with ON CONFLICT DO NOTHING — so however many processes
 * run this at once, one claim wins and the others see it. An e-mail reminder is written to the mail
 * outbox in that same transaction; push and WhatsApp wait in reminder_sends for `dispatchReminders`.
 */
export async function claimDueReminders(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const clock = argentinaClock(now);
  const candidates = await app.db.execute<{ user_id: string }>(sql`
    select s.user_id from reminder_settings s join users u on u.id = s.user_id
     where s.channel is not null and u.deleted_at is null
       and ${clock.weekday} = any(s.days)
       and s.hour <= ${clock.hour} and ${clock.hour} < s.hour + ${catchUpHours}
       and not exists (select 1 from reminder_sends r where r.user_id = s.user_id and r.day = ${clock.day}::date)
     limit 500`);
  let claimed = 0;
  for (const { user_id: userId } of candidates.rows) {
    const won = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(reminderSettings)
        .where(eq(reminderSettings.userId, userId))
        .for('update');
      if (!row?.channel || !row.days.includes(clock.weekday) || !isDueHour(clock.hour, row.hour))
        return false;
      if (inQuietHours(clock.hour, row.quietStart, row.quietEnd)) return false;
      // never without a consent on record for this very channel
      if (!(await hasConsent(tx, userId, row.channel))) return false;
      if (row.channel === 'whatsapp' && !(row.whatsappPhone && row.whatsappConfirmedAt)) return false;
      if (row.channel === 'push') {
        const [sub] = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .limit(1);
        if (!sub) return false;
      }
      const message = await composeReminder(tx, userId, weekStartOf(clock.day, clock.weekday));
      const isMail = row.channel === 'email';
      const inserted = await tx
        .insert(reminderSends)
        .values({
          userId,
          day: clock.day,
          channel: row.channel,
          ...message,
          status: isMail ? 'sent' : 'pending',
          ...(isMail ? { sentAt: sql`now()`, attempts: 1 } : {}),
        })
        .onConflictDoNothing()
        .returning({ userId: reminderSends.userId });
      if (inserted.length === 0) return false;
      if (isMail) {
        const [user] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, userId));
        if (user) await enqueueMail(tx, reminderMail(user.email, user.name, message, app.config.publicUrl));
      }
      return true;
    });
    if (won) claimed++;
  }
  if (claimed > 0) app.mail.kick();
  return claimed;
}

type SendRow = typeof reminderSends.$inferSelect;

/** Leases due push and WhatsApp reminders (SKIP LOCKED, like mail_outbox): one process sends each. */
async function leaseDue(app: FastifyInstance, limit: number): Promise<SendRow[]> {
  const result = await app.db.execute<{ user_id: string; day: string }>(sql`
    update reminder_sends
       set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where (user_id, day) in (
       select user_id, day from reminder_sends
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit}
        for update skip locked)
     returning user_id, day::text as day`);
  const rows: SendRow[] = [];
  for (const key of result.rows) {
    const [row] = await app.db
      .select()
      .from(reminderSends)
      .where(and(eq(reminderSends.userId, key.user_id), eq(reminderSends.day, key.day)));
    if (row) rows.push(row);
  }
  return rows;
}

async function finish(
  app: FastifyInstance,
  row: SendRow,
  changes: Partial<typeof reminderSends.$inferInsert>,
) {
  await app.db
    .update(reminderSends)
    .set(changes)
    .where(and(eq(reminderSends.userId, row.userId), eq(reminderSends.day, row.day)));
}

async function retryOrFail(app: FastifyInstance, row: SendRow, error: string) {
  if (row.attempts >= maxAttempts)
    return finish(app, row, { status: 'failed', lastError: error.slice(0, 500) });
  const backoff = 60 * 2 ** (row.attempts - 1);
  return finish(app, row, {
    lastError: error.slice(0, 500),
    nextAttemptAt: new Date(Date.now() + backoff * 1000),
  });
}

/**
 * Sends what `claimDueReminders` left pending: checks her consent once more (she may have stopped
 * meanwhile: then it is cancelled), then pushes to each of her browsers or sends the WhatsApp
 * template. A failure is tried again with backoff, 5 times; a push subscription the service says is
 * gone is forgotten.
 */
export async function dispatchReminders(
  app: FastifyInstance,
  now: Date = new Date(),
  limit = 50,
): Promise<number> {
  const rows = await leaseDue(app, limit);
  let sent = 0;
  for (const row of rows) {
    const [settings] = await app.db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, row.userId));
    if (settings?.channel !== row.channel || !(await hasConsent(app.db, row.userId, row.channel))) {
      await finish(app, row, { status: 'cancelled', lastError: 'no consent' });
      continue;
    }
    // a retry never lands in her quiet hours: then the day's reminder is dropped
    if (inQuietHours(argentinaClock(now).hour, settings.quietStart, settings.quietEnd)) {
      await finish(app, row, { status: 'cancelled', lastError: 'quiet hours' });
      continue;
    }
    const payload = { title: row.title, body: row.body, url: row.url };
    if (row.channel === 'whatsapp') {
      const [user] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
      if (!settings.whatsappPhone || !settings.whatsappConfirmedAt) {
        await finish(app, row, { status: 'cancelled', lastError: 'no confirmed phone' });
        continue;
      }
      try {
        const id = await app.reminders.whatsapp.sendTemplate({
          to: settings.whatsappPhone,
          template: reminderTemplate.name,
          language: reminderTemplate.language,
          parameters: [firstName(user?.name), `${row.title}: ${row.body}`],
        });
        await finish(app, row, {
          status: 'sent',
          providerMessageId: id,
          sentAt: new Date(),
          lastError: null,
        });
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof WhatsAppError && !error.retriable)
          await finish(app, row, { status: 'failed', lastError: message.slice(0, 500) });
        else await retryOrFail(app, row, message);
      }
      continue;
    }
    // push: every browser of hers
    const subs = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    let delivered = 0;
    for (const sub of subs) {
      const outcome = await app.reminders.push.send(sub, payload);
      if (outcome === 'sent') delivered++;
      if (outcome === 'gone') await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    }
    if (delivered > 0) {
      await finish(app, row, { status: 'sent', sentAt: new Date(), lastError: null });
      sent++;
    } else if (subs.length === 0) {
      await finish(app, row, { status: 'cancelled', lastError: 'no push subscription' });
    } else {
      await retryOrFail(app, row, 'no push service took it');
    }
  }
  return sent;
}

function firstName(name: string | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first || 'Hola';
}

/** One pass of the job: claim what is due now, then send what waits. */
export async function runReminders(app: FastifyInstance, now: Date = new Date()) {
  const claimed = await claimDueReminders(app, now);
  const sent = await dispatchReminders(app, now);
  return { claimed, sent };
}
