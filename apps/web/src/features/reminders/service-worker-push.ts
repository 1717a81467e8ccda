// Web Push handlers for the service worker (issue 44, reminders with consent).
// The service worker imports this and calls registerPushHandlers(self).
// The types below are the small part of ServiceWorkerGlobalScope these handlers use,
// declared here so the file typechecks under the DOM lib as well as the WebWorker lib
// (a real ServiceWorkerGlobalScope satisfies them structurally).

export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}

interface NotificationLike {
  readonly data: unknown;
  close(): void;
}

interface NotificationEventLike extends ExtendableEventLike {
  readonly notification: NotificationLike;
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

export interface PushScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(
      title: string,
      options?: { body?: string; data?: unknown; icon?: string; badge?: string; tag?: string; lang?: string },
    ): Promise<void>;
  };
  readonly clients: {
    matchAll(options?: {
      type?: 'window' | 'all';
      includeUncontrolled?: boolean;
    }): Promise<ReadonlyArray<unknown>>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const FALLBACK_TITLE = 'Alcancía';
const FALLBACK_BODY = 'Tenés una clase esperándote.';
const HOME_PATH = '/novedades';

/** Reads the push message: JSON {title, body, url}; anything else falls back to a neutral text. */
export function readPushPayload(data: PushEventLike['data']): PushPayload {
  if (!data) return { title: FALLBACK_TITLE, body: FALLBACK_BODY, url: HOME_PATH };
  let raw: unknown;
  try {
    raw = data.json();
  } catch {
    const text = safeText(data);
    return { title: FALLBACK_TITLE, body: text || FALLBACK_BODY, url: HOME_PATH };
  }
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const title = typeof obj.title === 'string' && obj.title.trim() ? obj.title.slice(0, 120) : FALLBACK_TITLE;
  const body = typeof obj.body === 'string' && obj.body.trim() ? obj.body.slice(0, 400) : FALLBACK_BODY;
  const url = typeof obj.url === 'string' && obj.url ? obj.url : HOME_PATH;
  return { title, body, url };
}

function safeText(data: { text(): string }): string {
  try {
    return data.text().slice(0, 400);
  } catch {
    return '';
  }
}

/**
 * Resolves the notification's target against the worker's origin. Only same-origin targets are
 * opened; anything else (another host, javascript:, data:) becomes the home page.
 */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url) return new URL(HOME_PATH, origin).href;
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin) return new URL(HOME_PATH, origin).href;
    return target.href;
  } catch {
    return new URL(HOME_PATH, origin).href;
  }
}

function isWindowClient(value: unknown): value is WindowClientLike {
  return (
    !!value &&
    typeof (value as WindowClientLike).focus === 'function' &&
    typeof (value as WindowClientLike).url === 'string'
  );
}

export function registerPushHandlers(self: PushScope): void {
  self.addEventListener('push', (event) => {
    const payload = readPushPayload(event.data);
    const url = sameOriginUrl(payload.url, self.location.origin);
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        data: { url },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'alcancia-recordatorio',
        lang: 'es-AR',
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = sameOriginUrl(data?.url, self.location.origin);
    event.waitUntil(
      (async () => {
        const windows = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
          isWindowClient,
        );
        const exact = windows.find((c) => c.url === url);
        if (exact) {
          await exact.focus();
          return;
        }
        const sameOrigin = windows.find((c) => {
          try {
            return new URL(c.url).origin === self.location.origin;
          } catch {
            return false;
          }
        });
        if (sameOrigin?.navigate) {
          await sameOrigin.navigate(url);
          await sameOrigin.focus();
          return;
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}
