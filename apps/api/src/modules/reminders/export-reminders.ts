import type { ReminderExport } from '@alcancia/contract/reminders';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions, reminderConsents, reminderSends, reminderSettings } from '../../db/schema';
import type { Tx } from '../../db/transaction';

/** Her reminders in her data export: settings, browsers (their service's host only), consents, what was sent. */
export async function exportReminders(db: Database, userId: string): Promise<ReminderExport> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const consents = await db
    .select()
    .from(reminderConsents)
    .where(eq(reminderConsents.userId, userId))
    .orderBy(desc(reminderConsents.id));
  const sent = await db
    .select()
    .from(reminderSends)
    .where(eq(reminderSends.userId, userId))
    .orderBy(desc(reminderSends.day));
  return {
    channel: row?.channel ?? null,
    days: row?.days ?? [],
    hour: row?.hour ?? 19,
    quietStart: row?.quietStart ?? null,
    quietEnd: row?.quietEnd ?? null,
    whatsappPhone: row?.whatsappConfirmedAt ? row.whatsappPhone : null,
    pushSubscriptions: subs.map((s) => ({
      endpointHost: safeHost(s.endpoint),
      createdAt: s.createdAt.toISOString(),
    })),
    consents: consents.map((c) => ({
      channel: c.channel,
      action: c.action,
      text: c.text,
      source: c.source,
      at: c.createdAt.toISOString(),
    })),
    sent: sent.map((s) => ({ day: s.day, channel: s.channel, status: s.status })),
  };
}

function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/** Her account is deleted: her reminders go with it, in the deletion's transaction (consents included). */
export async function deleteReminders(tx: Tx, userId: string): Promise<void> {
  await tx.delete(reminderSends).where(eq(reminderSends.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(reminderConsents).where(eq(reminderConsents.userId, userId));
  await tx.delete(reminderSettings).where(eq(reminderSettings.userId, userId));
}

/**
 * Her reminders as one of her data parts (account's her-data-parts.ts, decision 0323): in her data
 * export under `extras.reminders` (one object), erased with her account. Registered by app.ts.
 */
export const remindersHerData = {
  key: 'reminders',
  exportRows: async (db: Database, userId: string): Promise<unknown[]> => [await exportReminders(db, userId)],
  erase: deleteReminders,
};
