import type { Credentials } from '@alcancia/contract';
import { ApiError, apiRequest } from './api-client';
import { readItem, removeItem, writeItem } from './storage';

/**
 * The session is the credentials kept in local storage (spec: token, refreshToken, accessToken,
 * userId). Logged in means they exist. Every tab shares them, so a refresh is serialised across
 * tabs with the Web Locks API: the tab that gets the lock first rotates the refresh token, the
 * others find new tokens in storage and use them instead of rotating again (a second rotation with
 * the old token would be taken as reuse and revoke the whole session).
 */
export const credentialsKey = 'credentials';
const refreshLockName = 'alcancia-session-refresh';

export class NotLoggedInError extends Error {
  constructor() {
    super('User not logged in');
    this.name = 'NotLoggedInError';
  }
}

function parseCredentials(raw: string | null): Credentials | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof Credentials, unknown>> | null;
    if (
      value &&
      typeof value.accessToken === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.userId === 'string' &&
      value.accessToken &&
      value.refreshToken
    ) {
      return {
        token: typeof value.token === 'string' ? value.token : value.accessToken,
        accessToken: value.accessToken,
        refreshToken: value.refreshToken,
        userId: value.userId,
      };
    }
  } catch {
    // corrupt value: treated as logged out
  }
  return null;
}

/** The stored credentials, or null when logged out. */
export function readCredentials(): Credentials | null {
  return parseCredentials(readItem(credentialsKey));
}

/** The stored credentials; throws "User not logged in" when there are none. */
export function getCredentials(): Credentials {
  const credentials = readCredentials();
  if (!credentials) throw new NotLoggedInError();
  return credentials;
}

export function isLoggedIn(): boolean {
  return readCredentials() !== null;
}

/* ---------- change notifications (this tab and the others) ---------- */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the credentials change here or in another tab. */
export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === credentialsKey || event.key === null) notify();
}

/** Raw stored value, a stable snapshot for useSyncExternalStore. */
export function sessionSnapshot(): string | null {
  return readItem(credentialsKey);
}

export function saveCredentials(credentials: Credentials): void {
  const value: Credentials = {
    token: credentials.token || credentials.accessToken,
    accessToken: credentials.accessToken,
    refreshToken: credentials.refreshToken,
    userId: credentials.userId,
  };
  writeItem(credentialsKey, JSON.stringify(value));
  notify();
}

export function clearCredentials(): void {
  removeItem(credentialsKey);
  notify();
}

/* ---------- refresh ---------- */

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(refreshLockName, { mode: 'exclusive' }, task) as Promise<T>;
  }
  return task();
}

/**
 * Gets new tokens with the refresh token. Resolves true when storage holds usable tokens newer than
 * the ones seen at the call (refreshed here or by another tab), false when the session is over.
 * Throws on transient failures (no network, 429, 5xx): the session is kept.
 */
export async function refreshSession(): Promise<boolean> {
  const seen = readCredentials();
  if (!seen) return false;
  return withRefreshLock(async () => {
    // Re-read after waiting for the lock: another tab may have rotated or ended the session.
    const current = readCredentials();
    if (!current) return false;
    if (current.refreshToken !== seen.refreshToken) return true;
    try {
      const fresh = await apiRequest<Credentials>('/users/refreshToken', {
        method: 'POST',
        body: { refreshToken: current.refreshToken },
        token: current.accessToken,
      });
      if (!fresh?.accessToken || !fresh.refreshToken) return false;
      saveCredentials({ ...fresh, userId: fresh.userId || current.userId });
      return true;
    } catch (error) {
      // The server refused the refresh token: the session is over. Anything else (no network,
      // 429, a server failure) is transient and keeps the session for the next attempt.
      if (error instanceof ApiError && isRefusal(error)) return false;
      throw error;
    }
  });
}

function isRefusal(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408;
}

/**
 * When an access token expires (ms since the epoch), read from its payload without verifying it
 * (only the server verifies); null when it cannot be read. The client uses it to choose, not to trust.
 */
export function accessTokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
