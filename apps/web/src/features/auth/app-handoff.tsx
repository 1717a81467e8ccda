import type { AppHandoffRedeemResponse } from '@alcancia/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api-client';
import { safeFollowingPage } from '../../lib/entry-params';
import { loginPath, newsPath } from '../../lib/paths';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { startSession } from '../../shared/auth/session-actions';
import { Spinner } from '../../ui/feedback';

/** The app's codes are single use: one trade per code, even when React mounts twice. */
const trades = new Map<string, Promise<string>>();

/** What the page says when the code is refused (expired, used, or its app session ended). */
export const handoffRefusedText = 'El enlace de la app venció o ya se usó. Volvé a abrirlo desde la app.';

export function tradeAppCode(code: string): Promise<string> {
  let trade = trades.get(code);
  if (!trade) {
    trade = apiRequest<AppHandoffRedeemResponse>('/users/app-handoff/redeem', {
      method: 'POST',
      body: { code },
      authenticated: false,
    }).then(({ next, ...credentials }) => {
      startSession(credentials, 'login');
      return safeFollowingPage(next) ?? newsPath;
    });
    trades.set(code, trade);
  }
  return trade;
}

/**
 * /login?code=… without `state` (issue 44, decision 0353): the app opened the web with a hand-off
 * code; trade it for a session and go where the app asked, or back to the login with the reason.
 */
export function AppHandoff({ code }: { code: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    tradeAppCode(code).then(
      (next) => {
        if (active) navigate(next, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        const text =
          error instanceof ApiError && error.internalCode === 'APP_HANDOFF_INVALID'
            ? handoffRefusedText
            : 'No pudimos abrir tu sesión desde la app. Ingresá con tu correo y contraseña.';
        navigate(loginPath, { replace: true, state: { error: text } });
      },
    );
    return () => {
      active = false;
    };
  }, [code, navigate]);
  return (
    <AuthScreen title="Iniciando sesión">
      <Spinner label="Estamos abriendo tu sesión de la app…" />
      <p className="auth-centered">Estamos abriendo tu sesión de la app…</p>
    </AuthScreen>
  );
}
