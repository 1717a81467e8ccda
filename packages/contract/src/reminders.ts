import { z } from 'zod';

/*
 * Reminders with consent (issue 44): in Mi cuenta › Recordatorios she chooses one channel (a push
 * notification in her browser, WhatsApp to the number she confirmed, or e-mail), the days and the
 * hour (Argentina), and quiet hours. Every opt-in carries the exact text she agreed to; every
 * opt-out is recorded too. She stops from Mi cuenta or by answering "BAJA" on WhatsApp.
 */

export const reminderChannels = ['push', 'whatsapp', 'email'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
export const reminderChannelSchema = z.enum(reminderChannels);

export const reminderChannelLabels: Record<ReminderChannel, string> = {
  push: 'Notificación en este navegador',
  whatsapp: 'WhatsApp',
  email: 'Correo electrónico',
};

/**
 * What she agrees to, word for word, per channel: the screen shows it beside the button and sends
 * it back; the API stores it only when it is exactly one of these (the version she saw).
 * WhatsApp's names the business and the kind of messages, as Meta asks of an opt-in.
 */
export const reminderConsentTexts: Record<ReminderChannel, string> = {
  push: 'Acepto que Alcancía me envíe recordatorios de estudio como notificaciones en este navegador, como máximo uno por día, en los días y la hora que elegí. Puedo desactivarlos cuando quiera desde Mi cuenta.',
  whatsapp:
    'Acepto que Alcancía Educación Financiera me envíe por WhatsApp recordatorios de estudio (la clase para seguir o mi meta de la semana), como máximo uno por día, en los días y la hora que elegí. Puedo dejar de recibirlos respondiendo BAJA o desde Mi cuenta.',
  email:
    'Acepto que Alcancía me envíe por correo electrónico recordatorios de estudio, como máximo uno por día, en los días y la hora que elegí. Puedo desactivarlos cuando quiera desde Mi cuenta.',
};

/** ISO weekdays: 1 = lunes … 7 = domingo. */
export const weekdayLabels = [
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
] as const;

/** An Argentine mobile number in E.164 as WhatsApp needs it: +54 9, area code and number (10 digits). */
export const argentineMobilePattern = /^\+549\d{10}$/;

/** Spaces, dashes, dots and parentheses out: what she types, as E.164 when it can be. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-.()]/g, '');
}

// any number: a fraction or a value outside 0–23 is answered REMINDER_HOUR_INVALID (Spanish) by the API
const hourSchema = z.number();

export const reminderConsentEntrySchema = z.object({
  channel: reminderChannelSchema,
  action: z.enum(['opt_in', 'opt_out']),
  text: z.string(),
  /** mi_cuenta or whatsapp (an answered BAJA) */
  source: z.string(),
  /** ISO timestamp */
  at: z.string(),
});
export type ReminderConsentEntry = z.infer<typeof reminderConsentEntrySchema>;

export const reminderSettingsSchema = z.object({
  /** the channel reminders go through; null: none */
  channel: reminderChannelSchema.nullable(),
  days: z.array(z.number().int().min(1).max(7)),
  hour: z.number().int().min(0).max(23),
  quietStart: z.number().int().min(0).max(23).nullable(),
  quietEnd: z.number().int().min(0).max(23).nullable(),
  whatsapp: z.object({
    /** the confirmed number, E.164 */
    phone: z.string().nullable(),
    /** a number waiting for its code */
    pendingPhone: z.string().nullable(),
    available: z.boolean(),
  }),
  push: z.object({
    /** the VAPID public key for PushManager.subscribe (base64url); null: push unavailable */
    publicKey: z.string().nullable(),
    /** how many of her browsers are subscribed */
    subscriptions: z.number().int(),
  }),
  /** her consent history, newest first (at most 20) */
  consents: z.array(reminderConsentEntrySchema),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** PUT /api/users/me/reminders: turn reminders on (or change them) with the text she agreed to. */
export const updateReminderSettingsSchema = z.object({
  channel: reminderChannelSchema,
  days: z.array(z.number()).max(7),
  /** 0–23, Argentina; outside it answers REMINDER_HOUR_INVALID */
  hour: hourSchema,
  quietStart: hourSchema.nullable().optional(),
  quietEnd: hourSchema.nullable().optional(),
  /** the consent text shown to her, exactly (`reminderConsentTexts[channel]`) */
  consentText: z.string().max(2000).optional(),
});
export type UpdateReminderSettings = z.infer<typeof updateReminderSettingsSchema>;

/** POST /api/users/me/reminders/whatsapp/phone: sends a code by WhatsApp to the number. */
export const requestWhatsAppCodeSchema = z.object({ phone: z.string().max(40) });
/** POST /api/users/me/reminders/whatsapp/confirm */
export const confirmWhatsAppCodeSchema = z.object({ code: z.string().max(20) });

/** POST/DELETE /api/users/me/reminders/push/subscriptions: the browser's PushSubscription (toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const removePushSubscriptionSchema = z.object({ endpoint: z.string().max(2000) });

/** What her data export carries of reminders. */
export const reminderExportSchema = z.object({
  channel: reminderChannelSchema.nullable(),
  days: z.array(z.number().int()),
  hour: z.number().int(),
  quietStart: z.number().int().nullable(),
  quietEnd: z.number().int().nullable(),
  whatsappPhone: z.string().nullable(),
  pushSubscriptions: z.array(z.object({ endpointHost: z.string(), createdAt: z.string() })),
  consents: z.array(reminderConsentEntrySchema),
  sent: z.array(z.object({ day: z.string(), channel: reminderChannelSchema, status: z.string() })),
});
export type ReminderExport = z.infer<typeof reminderExportSchema>;
