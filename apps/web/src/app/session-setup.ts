import { installSessionHooks } from '../lib/api-client';
import { readCredentials, refreshSession } from '../lib/session';
import { endSession } from '../shared/auth/session-actions';

/** Every API request carries the stored access token; a 401 refreshes once; a dead session ends. */
export function setUpSession(): void {
  installSessionHooks({
    getAccessToken: () => readCredentials()?.accessToken ?? null,
    refresh: refreshSession,
    onSessionExpired: () => endSession('expired'),
  });
}
