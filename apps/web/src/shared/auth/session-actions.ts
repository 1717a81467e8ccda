import type { Credentials, CurrentUser, LoginResponse } from '@alcancia/contract';
import { clearIdentity, identify, track } from '../../lib/analytics';
import { apiRequest } from '../../lib/api-client';
import { clearCredentials, readCredentials, saveCredentials } from '../../lib/session';

/**
 * What happens around a session: starting one (store credentials, identify, `logged_in`) and
 * ending one (revoke server-side, clear, `logged_out`, forget the identity). Kept out of the page
 * components so the shell, the checkout and the app's 401 handling share them.
 */

/** Where a login came from: the login page, the checkout, an auto-login after register, … */
export type LoginSource = 'login' | 'organic' | 'checkout' | 'socialLogin' | 'verification_code';

function isSubscribed(user: CurrentUser): boolean {
  if (!user.subscriptionEndDate) return false;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  return user.subscriptionEndDate.slice(0, 10) >= today;
}

/** Completes the identity with the current user; best effort, in the background. */
function enrichIdentity(): void {
  apiRequest<CurrentUser>('/users')
    .then((user) => {
      identify({ userId: user.id, name: user.name, email: user.email, isSubscribed: isSubscribed(user) });
    })
    .catch(() => undefined);
}

export function startSession(
  credentials: Credentials,
  source: LoginSource,
  known: { email?: string; name?: string } = {},
): void {
  saveCredentials(credentials);
  clearIdentity();
  identify({ userId: credentials.userId, email: known.email, name: known.name });
  track('logged_in', { source });
  enrichIdentity();
}

/**
 * Throws the API's `{ mfaRequired, mfaToken }` itself for an operator (issue 18): the login page
 * asks for her second factor; other forms show their usual error. (No error class here: this
 * module is in the entry chunk.)
 */
export async function loginWithPassword(email: string, password: string, source: LoginSource) {
  const answer = await apiRequest<LoginResponse>('/users/login', {
    method: 'POST',
    body: { email: email.trim(), password },
    authenticated: false,
  });
  if ('mfaToken' in answer) throw answer;
  startSession(answer, source, { email: email.trim().toLowerCase() });
  return answer;
}

let ending = false;

/**
 * Ends the session: revokes it on the server (fire and forget), clears the credentials, sends
 * `logged_out` and clears the identity. Navigation is up to the caller (the explicit logout goes
 * to /login; an expired session is caught by the auth guard, which keeps the page to return to).
 */
export function endSession(reason: 'logout' | 'expired' = 'logout'): void {
  const credentials = readCredentials();
  if (!credentials || ending) return;
  ending = true;
  try {
    if (reason === 'logout') {
      apiRequest('/users/logout', {
        method: 'POST',
        body: { refreshToken: credentials.refreshToken },
        token: credentials.accessToken,
        keepalive: true,
      }).catch(() => undefined);
    }
    clearCredentials();
    track('logged_out', { reason });
    clearIdentity();
  } finally {
    ending = false;
  }
}
