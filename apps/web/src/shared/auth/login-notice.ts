import { readItem, removeItem, writeItem } from '../../lib/storage';

/**
 * A notice for the next login screen when a session ends on purpose (an account deleted): the
 * session's end sends every protected page to /login at once, with its own navigation state, so
 * the notice waits in sessionStorage and the login page shows it once.
 */
const key = 'alcancia-login-notice';

export function leaveLoginNotice(text: string): void {
  writeItem(key, text, 'session');
}

export function peekLoginNotice(): string | null {
  return readItem(key, 'session');
}

export function clearLoginNotice(): void {
  removeItem(key, 'session');
}
