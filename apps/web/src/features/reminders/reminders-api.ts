import type {
  PushSubscriptionInput,
  ReminderChannel,
  ReminderSettings,
  UpdateReminderSettings,
} from '@alcancia/contract/reminders';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The calls of Mi cuenta › Recordatorios. */

export const remindersKey = ['account', 'reminders'] as const;
const base = '/users/me/reminders';

export function useReminderSettings() {
  return useQuery({
    queryKey: remindersKey,
    queryFn: ({ signal }) => apiRequest<ReminderSettings>(base, { signal }),
  });
}

export const saveReminders = (settings: UpdateReminderSettings) =>
  apiRequest<ReminderSettings>(base, { method: 'PUT', body: settings });

export const stopReminders = () => apiRequest<ReminderSettings>(base, { method: 'DELETE' });

export const requestWhatsAppCode = (phone: string) =>
  apiRequest<ReminderSettings>(`${base}/whatsapp/phone`, { method: 'POST', body: { phone } });

export const confirmWhatsAppCode = (code: string) =>
  apiRequest<ReminderSettings>(`${base}/whatsapp/confirm`, { method: 'POST', body: { code } });

export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  apiRequest<ReminderSettings>(`${base}/push/subscriptions`, { method: 'POST', body: subscription });

/** The Spanish text of a failure: the API's own message, or ours when there was no answer. */
export function reminderErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return 'No pudimos guardar el cambio. Revisá tu conexión e intentá nuevamente.';
}

/** Whether this browser can take push notifications at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks her permission (a click started it), subscribes this browser with the server's VAPID key
 * and sends the PushSubscription to her account. Resolves to the settings, or throws a Spanish error.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<ReminderSettings> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(
      'El navegador no tiene permiso para mostrar notificaciones. Podés habilitarlo en la configuración del sitio.',
    );
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('El navegador no pudo crear la suscripción.');
  return savePushSubscription({
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  });
}

export type { ReminderChannel, ReminderSettings };
