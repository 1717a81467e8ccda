import type { PushSubscriptionInput, ReminderSettings } from '@alcancia/contract/reminders';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { getReminderSettings } from './reminder-settings';

/** The push services browsers use (Chrome and Edge on FCM, Firefox, Windows, Safari). */
const pushServiceHosts = [
  /^fcm\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

const base64urlBytes = (value: string) =>
  /^[\w-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : -1;

/**
 * A subscription the API will POST to: the endpoint of a known push service over https (outside
 * production also a loopback address, for tests and a local push stand-in), a P-256 public key
 * (65 bytes) and a 16-byte auth secret. Anything else could make the server call arbitrary URLs.
 */
export function checkSubscription(input: PushSubscriptionInput, isProduction: boolean): void {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    throw AppError.of('PUSH_SUBSCRIPTION_INVALID');
  }
  const knownService = url.protocol === 'https:' && pushServiceHosts.some((host) => host.test(url.hostname));
  const loopback =
    !isProduction &&
    /^https?:$/.test(url.protocol) &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!(knownService || loopback) || url.username || url.password)
    throw AppError.of('PUSH_SUBSCRIPTION_INVALID');
  if (base64urlBytes(input.keys.p256dh) !== 65 || base64urlBytes(input.keys.auth) !== 16)
    throw AppError.of('PUSH_SUBSCRIPTION_INVALID');
}

/**
 * Keeps her browser's PushSubscription. An endpoint is one browser profile's: posted again by her
 * it is refreshed (new keys), posted by another account it is refused (PUSH_SUBSCRIPTION_TAKEN)
 * and stays with its owner until she removes it or the push service says it is gone (decision 0371).
 */
export async function subscribePush(
  app: FastifyInstance,
  userId: string,
  input: PushSubscriptionInput,
): Promise<ReminderSettings> {
  checkSubscription(input, app.config.isProduction);
  if (!app.reminders.push.publicKey) throw AppError.of('REMINDER_CHANNEL_UNAVAILABLE');
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const inserted = await app.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: pushSubscriptions.id });
  if (inserted.length === 0) {
    const updated = await app.db
      .update(pushSubscriptions)
      .set({ p256dh: values.p256dh, auth: values.auth })
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    if (updated.length === 0) throw AppError.of('PUSH_SUBSCRIPTION_TAKEN');
  }
  return getReminderSettings(app, userId);
}

/** Forgets one of her browsers (only hers: another account's endpoint is left alone). */
export async function unsubscribePush(
  app: FastifyInstance,
  userId: string,
  endpoint: string,
): Promise<ReminderSettings> {
  await app.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return getReminderSettings(app, userId);
}
