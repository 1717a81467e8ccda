import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { credentialsFromCode } from '../features/auth/auth-api';
import { startSession } from '../features/auth/session-actions';
import { storeChannel } from '../lib/channel';
import { planEntry } from '../lib/entry-params';
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
  const pending = planEntry(location.search, location.state);

  useEffect(() => {
    const plan = planEntry(location.search, location.state);
    if (!plan) return;
    let active = true;
    if (plan.channel) storeChannel(plan.channel);
    const passOn = () => {
      if (!active) return;
      navigate(
        { pathname: location.pathname, search: plan.search, hash: location.hash },
        { replace: true, state: plan.state },
      );
    };
    if (plan.restore) {
      restoreSession(plan.restore.email, plan.restore.code).then(passOn);
    } else {
      passOn();
    }
    return () => {
      active = false;
    };
  }, [location, navigate]);

  if (pending?.restore) return <Spinner label="Estamos iniciando tu sesión…" />;
  return pending ? null : children;
}
