import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { credentialsFromCode } from '../features/auth/auth-api';
import { startSession } from '../features/auth/session-actions';
import { storeChannel, takeChannel } from '../lib/channel';
import { asNavigationState, hasSessionCode, readEntryParams, withoutSessionCode } from '../lib/entry-params';
import { Spinner } from '../ui/feedback';

/** One restore per e-mailed code, even when React runs the effect twice. */
const restores = new Map<string, Promise<void>>();

function restoreSession(email: string, code: string): Promise<void> {
  const key = `${email}\n${code}`;
  let restore = restores.get(key);
  if (!restore) {
    restore = credentialsFromCode(email, code).then(
      (credentials) => startSession(credentials, 'verification_code', { email }),
      (error: unknown) => {
        console.warn('No se pudo restaurar la sesión con el código del enlace.', error);
      },
    );
    restores.set(key, restore);
  }
  return restore;
}

/**
 * Runs before any page sees a URL:
 * - a `channel` parameter (in-app links; the first URL is handled in main.tsx) is stored and
 *   removed from the URL;
 * - entry parameters are passed on as router state (`state.entry`), after restoring the session
 *   when the URL carries an e-mailed login code (`verification_code` + `email`), which is then
 *   removed from the URL.
 * Pages render only once this is settled, so the auth guard sees the restored session.
 */
export function EntryGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = needsWork(location.search, location.state);
  const restoring = pending && hasSessionCode(readEntryParams(location.search));

  useEffect(() => {
    if (!needsWork(location.search, location.state)) return;
    let active = true;
    const state = asNavigationState(location.state);
    const channel = takeChannel(location.search);
    if (channel.channel) storeChannel(channel.channel);
    const params = state.entry === undefined ? readEntryParams(channel.search) : null;
    const passOn = () => {
      if (!active) return;
      const { verification_code: _used, ...entry } = params ?? {};
      navigate(
        { pathname: location.pathname, search: withoutSessionCode(channel.search), hash: location.hash },
        { replace: true, state: params ? { ...state, entry } : location.state },
      );
    };
    if (hasSessionCode(params)) {
      restoreSession(params.email, params.verification_code).then(passOn);
    } else {
      passOn();
    }
    return () => {
      active = false;
    };
  }, [location, navigate]);

  if (restoring) return <Spinner label="Estamos iniciando tu sesión…" />;
  return pending ? null : children;
}

/** True while the URL still has a channel, or entry parameters not yet passed on as state. */
function needsWork(search: string, rawState: unknown): boolean {
  const channel = takeChannel(search);
  if (channel.channel !== null) return true;
  return asNavigationState(rawState).entry === undefined && readEntryParams(channel.search) !== null;
}
