import {
  type ReminderChannel,
  type ReminderSettings,
  reminderConsentTexts,
  type UpdateReminderSettings,
} from '@alcancia/contract/reminders';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptions, reminderConsents, reminderSends, reminderSettings, users } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { inQuietHours } from './reminder-rules';

export type SettingsRow = typeof reminderSettings.$inferSelect;

/** How an opt-out is worded in her consent history, by where it happened. */
export const optOutTexts = {
  miCuenta: 'Desactivó los recordatorios desde Mi cuenta.',
  changedChannel: 'Eligió otro canal para los recordatorios desde Mi cuenta.',
  changedPhone:
    'Cambió su número de WhatsApp: los recordatorios por WhatsApp se detuvieron hasta que los vuelva a activar.',
  baja: 'Respondió "BAJA" por WhatsApp.',
} as const;

/** Her settings row, created with the defaults when missing, locked for this transaction. */
export async function lockSettings(tx: Tx, userId: string): Promise<SettingsRow> {
  await tx.insert(reminderSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, userId))
    .for('update');
  if (!row) throw AppError.unauthorized();
  return row;
}

/** Whether her latest word on this channel is an opt-in. */
export async function hasConsent(db: Db, userId: string, channel: ReminderChannel): Promise<boolean> {
  const [last] = await db
    .select({ action: reminderConsents.action })
    .from(reminderConsents)
    .where(and(eq(reminderConsents.userId, userId), eq(reminderConsents.channel, channel)))
    .orderBy(desc(reminderConsents.id))
    .limit(1);
  return last?.action === 'opt_in';
}

/** Appends an opt-out to her history and takes back a reminder not yet sent on that channel. */
export async function recordOptOut(
  tx: Tx,
  userId: string,
  channel: ReminderChannel,
  text: string,
  source: 'mi_cuenta' | 'whatsapp',
  phone: string | null,
): Promise<void> {
  await tx.insert(reminderConsents).values({ userId, channel, action: 'opt_out', text, source, phone });
  await tx
    .update(reminderSends)
    .set({ status: 'cancelled', lastError: 'opt-out' })
    .where(
      and(
        eq(reminderSends.userId, userId),
        eq(reminderSends.channel, channel),
        eq(reminderSends.status, 'pending'),
      ),
    );
}

/** Mi cuenta › Recordatorios: what she chose, what is available, her consent history. */
export async function getReminderSettings(app: FastifyInstance, userId: string): Promise<ReminderSettings> {
  const [row] = await app.db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  const [subs] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const consents = await app.db
    .select()
    .from(reminderConsents)
    .where(eq(reminderConsents.userId, userId))
    .orderBy(desc(reminderConsents.id))
    .limit(20);
  return {
    channel: row?.channel ?? null,
    days: row?.days ?? [],
    hour: row?.hour ?? 19,
    quietStart: row?.quietStart ?? null,
    quietEnd: row?.quietEnd ?? null,
    whatsapp: {
      phone: row?.whatsappConfirmedAt ? row.whatsappPhone : null,
      pendingPhone: row?.pendingPhone ?? null,
      available: app.reminders.whatsapp.enabled,
    },
    push: { publicKey: app.reminders.push.publicKey, subscriptions: subs?.count ?? 0 },
    consents: consents.map((c) => ({
      channel: c.channel,
      action: c.action,
      text: c.text,
      source: c.source,
      at: c.createdAt.toISOString(),
    })),
  };
}

const isHour = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 23;

/** The settings' own rules, before anything is read: hours, days, quiet hours, the consent text. */
function checkInput(input: UpdateReminderSettings) {
  if (!isHour(input.hour)) throw AppError.of('REMINDER_HOUR_INVALID');
  const quietStart = input.quietStart ?? null;
  const quietEnd = input.quietEnd ?? null;
  if ((quietStart === null) !== (quietEnd === null))
    throw AppError.of(
      'REMINDER_HOUR_INVALID',
      'Elegí el comienzo y el fin de las horas de silencio, entre 0 y 23.',
    );
  if (quietStart !== null && (!isHour(quietStart) || !isHour(quietEnd)))
    throw AppError.of(
      'REMINDER_HOUR_INVALID',
      'Las horas de silencio tienen que ser números enteros entre 0 y 23.',
    );
  const days = [...new Set(input.days)].sort();
  if (days.length === 0 || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
    throw AppError.of('REMINDER_DAYS_INVALID');
  const quiet = quietStart === quietEnd ? { quietStart: null, quietEnd: null } : { quietStart, quietEnd };
  if (inQuietHours(input.hour, quiet.quietStart, quiet.quietEnd)) throw AppError.of('REMINDER_QUIET_HOURS');
  if (!input.consentText || input.consentText !== reminderConsentTexts[input.channel])
    throw AppError.of('REMINDER_CONSENT_REQUIRED');
  return { days, hour: input.hour, ...quiet };
}

/**
 * Turns reminders on, or changes them: one channel, its days and hour, quiet hours. The consent
 * text she saw must come with it, word for word; a channel she was not opted in to gets an opt-in
 * row with that text, the channel she leaves an opt-out row. WhatsApp needs her confirmed number,
 * push a subscribed browser of hers. One transaction, her settings row locked.
 */
export async function updateReminderSettings(
  app: FastifyInstance,
  userId: string,
  input: UpdateReminderSettings,
): Promise<ReminderSettings> {
  const checked = checkInput(input);
  const { channel } = input;
  if (channel === 'whatsapp' && !app.reminders.whatsapp.enabled)
    throw AppError.of('REMINDER_CHANNEL_UNAVAILABLE');
  if (channel === 'push' && !app.reminders.push.publicKey) throw AppError.of('REMINDER_CHANNEL_UNAVAILABLE');
  await app.db.transaction(async (tx) => {
    const [user] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    if (!user || user.deletedAt) throw AppError.unauthorized();
    const row = await lockSettings(tx, userId);
    if (channel === 'whatsapp' && !(row.whatsappPhone && row.whatsappConfirmedAt))
      throw AppError.of('REMINDER_PHONE_NOT_CONFIRMED');
    if (channel === 'push') {
      const [sub] = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .limit(1);
      if (!sub) throw AppError.of('REMINDER_PUSH_NOT_SUBSCRIBED');
    }
    if (row.channel && row.channel !== channel && (await hasConsent(tx, userId, row.channel))) {
      await recordOptOut(
        tx,
        userId,
        row.channel,
        optOutTexts.changedChannel,
        'mi_cuenta',
        row.channel === 'whatsapp' ? row.whatsappPhone : null,
      );
    }
    if (!(row.channel === channel && (await hasConsent(tx, userId, channel)))) {
      await tx.insert(reminderConsents).values({
        userId,
        channel,
        action: 'opt_in',
        text: reminderConsentTexts[channel],
        source: 'mi_cuenta',
        phone: channel === 'whatsapp' ? row.whatsappPhone : null,
      });
    }
    await tx
      .update(reminderSettings)
      .set({ channel, ...checked, updatedAt: sql`now()` })
      .where(eq(reminderSettings.userId, userId));
  });
  return getReminderSettings(app, userId);
}

/** Stops every reminder from Mi cuenta: the channel goes, an opt-out is recorded. */
export async function stopReminders(app: FastifyInstance, userId: string): Promise<ReminderSettings> {
  await app.db.transaction(async (tx) => {
    const row = await lockSettings(tx, userId);
    if (row.channel) {
      await recordOptOut(
        tx,
        userId,
        row.channel,
        optOutTexts.miCuenta,
        'mi_cuenta',
        row.channel === 'whatsapp' ? row.whatsappPhone : null,
      );
      await tx
        .update(reminderSettings)
        .set({ channel: null, updatedAt: sql`now()` })
        .where(eq(reminderSettings.userId, userId));
    }
  });
  return getReminderSettings(app, userId);
}
