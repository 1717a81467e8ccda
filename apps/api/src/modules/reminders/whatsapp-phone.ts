import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ReminderSettings } from '@alcancia/contract/reminders';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reminderSettings } from '../../db/schema';
import { AppError } from '../../errors';
import { argentineMobile } from './reminder-rules';
import {
  getReminderSettings,
  hasConsent,
  lockSettings,
  optOutTexts,
  recordOptOut,
} from './reminder-settings';

/** The approved authentication template that carries the code ({{1}}). */
export const codeTemplate = { name: 'alcancia_codigo_verificacion', language: 'es_AR' } as const;
const codeMinutes = 10;
const maxAttempts = 5;

const codeHash = (userId: string, phone: string, code: string) =>
  createHash('sha256').update(`reminders-phone:${userId}:${phone}:${code}`).digest('hex');

/**
 * Sends a 6-digit code by WhatsApp (an approved template) to the Argentine mobile she typed; the
 * number waits, unconfirmed, until she types the code back. A new request replaces the last one.
 */
export async function requestWhatsAppCode(
  app: FastifyInstance,
  userId: string,
  input: string,
): Promise<ReminderSettings> {
  const phone = argentineMobile(input);
  if (!phone) throw AppError.of('REMINDER_PHONE_NOT_ARGENTINE');
  if (!app.reminders.whatsapp.enabled) throw AppError.of('REMINDER_CHANNEL_UNAVAILABLE');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.db.transaction(async (tx) => {
    await lockSettings(tx, userId);
    await tx
      .update(reminderSettings)
      .set({
        pendingPhone: phone,
        pendingCodeHash: codeHash(userId, phone, code),
        pendingCodeExpiresAt: sql`now() + make_interval(mins => ${codeMinutes})`,
        pendingCodeAttempts: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(reminderSettings.userId, userId));
  });
  try {
    await app.reminders.whatsapp.sendTemplate({
      to: phone,
      template: codeTemplate.name,
      language: codeTemplate.language,
      parameters: [code],
    });
  } catch (error) {
    app.log.warn({ err: error }, 'WhatsApp confirmation code not sent');
    await app.db
      .update(reminderSettings)
      .set({ pendingPhone: null, pendingCodeHash: null, pendingCodeExpiresAt: null })
      .where(eq(reminderSettings.userId, userId));
    throw AppError.of('REMINDER_SEND_FAILED');
  }
  return getReminderSettings(app, userId);
}

/**
 * Confirms the waiting number with its code (10 minutes, 5 tries). A confirmed number replaces the
 * last one; if WhatsApp reminders were on for another number they stop (an opt-out is recorded):
 * her consent was for that number.
 */
export async function confirmWhatsAppCode(
  app: FastifyInstance,
  userId: string,
  code: string,
): Promise<ReminderSettings> {
  const outcome = await app.db.transaction(async (tx) => {
    const row = await lockSettings(tx, userId);
    const live =
      row.pendingPhone &&
      row.pendingCodeHash &&
      row.pendingCodeExpiresAt &&
      row.pendingCodeExpiresAt > new Date() &&
      row.pendingCodeAttempts < maxAttempts;
    if (!live || !row.pendingPhone || !row.pendingCodeHash) return 'invalid' as const;
    const expected = Buffer.from(row.pendingCodeHash, 'hex');
    const given = Buffer.from(codeHash(userId, row.pendingPhone, code.trim()), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await tx
        .update(reminderSettings)
        .set({ pendingCodeAttempts: row.pendingCodeAttempts + 1 })
        .where(eq(reminderSettings.userId, userId));
      return 'invalid' as const;
    }
    const changed = row.whatsappPhone !== null && row.whatsappPhone !== row.pendingPhone;
    if (changed && row.channel === 'whatsapp' && (await hasConsent(tx, userId, 'whatsapp'))) {
      await recordOptOut(tx, userId, 'whatsapp', optOutTexts.changedPhone, 'mi_cuenta', row.whatsappPhone);
    }
    await tx
      .update(reminderSettings)
      .set({
        whatsappPhone: row.pendingPhone,
        whatsappConfirmedAt: sql`now()`,
        pendingPhone: null,
        pendingCodeHash: null,
        pendingCodeExpiresAt: null,
        pendingCodeAttempts: 0,
        ...(changed && row.channel === 'whatsapp' ? { channel: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(reminderSettings.userId, userId));
    return 'confirmed' as const;
  });
  if (outcome === 'invalid') throw AppError.of('REMINDER_CODE_INVALID');
  return getReminderSettings(app, userId);
}
