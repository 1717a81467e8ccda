import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { storeChannel } from '../lib/channel';
import { asNavigationState, planEntry } from '../lib/entry-params';
import { credentialsFromCode } from '../shared/auth/auth-api';
import { startSession } from '../shared/auth/session-actions';
import { Spinner } from '../ui/feedback';

/** What the login page says when an e-mailed link no longer opens the session. */
export const expiredLinkMessage =
  'El enlace para entrar ya no es válido: sirve una sola vez y vence a las 24 horas. Iniciá sesión con tu contraseña o pedí un correo nuevo con "Olvidé mi contraseña".';

/** One restore per e-mailed code, even when React runs the effect twice. Resolves to success. */
const restores = new Map<string, Promise<boolean>>();

function restoreSession(email: string, code: string): Promise<boolean> {
  const key = `${email}\n${code}`;
  let restore = restores.get(key);
  if (!restore) {
    restore = credentialsFromCode(email, code).then(
      (credentials) => {
        startSession(credentials, 'verification_code', { email });
        return true;
      },
      (error: unknown) => {
        console.warn('No se pudo restaurar la sesión con el código del enlace.', error);
        return false;
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
    const passOn = (failedLink?: { email: string }) => {
      if (!active) return;
      // A link that no longer works: the login page (through the auth guard) says so, e-mail filled.
      const state = failedLink
        ? { ...asNavigationState(plan.state), email: failedLink.email, error: expiredLinkMessage }
        : plan.state;
      navigate(
        { pathname: location.pathname, search: plan.search, hash: location.hash },
        { replace: true, state },
      );
    };
    const restore = plan.restore;
    if (restore) {
      restoreSession(restore.email, restore.code).then((ok) => passOn(ok ? undefined : restore));
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
