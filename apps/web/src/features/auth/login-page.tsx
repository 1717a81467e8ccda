import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { ApiErrorCode } from '../../lib/api-client';
import { asNavigationState, safeFollowingPage } from '../../lib/entry-params';
import { loginPath, registerPath } from '../../lib/paths';
import { readItem, removeItem } from '../../lib/storage';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { socialLogin } from '../../shared/auth/auth-api';
import { EmailField } from '../../shared/auth/auth-fields';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { type EmailRequestKind, EmailRequestModal } from '../../shared/auth/email-request-modal';
import { clearLoginNotice, peekLoginNotice } from '../../shared/auth/login-notice';
import { authMessages, codeOf, messageFor } from '../../shared/auth/messages';
import { loginWithPassword, startSession } from '../../shared/auth/session-actions';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/feedback';
import { PasswordField } from '../../ui/password-field';
import { AppHandoff } from './app-handoff';
import { SocialLogin, socialFollowingPageKey } from './social-login';

/** An operator's second step (issue 18): its own chunk, never loaded for a learner. */
const MfaStep = lazy(() => import('./mfa-step'));

/** Social codes are single use: one exchange per code, even when React mounts twice. */
const exchanges = new Map<string, Promise<void>>();

function exchangeSocialCode(code: string, state: string): Promise<void> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = socialLogin(code, state).then((credentials) => startSession(credentials, 'socialLogin'));
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** /login?code&state: the provider sent the user back; exchange the code and go on. */
function SocialReturn({ code, state }: { code: string; state: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    const followingPage = safeFollowingPage(readItem(socialFollowingPageKey, 'session')) ?? '/';
    exchangeSocialCode(code, state).then(
      () => {
        removeItem(socialFollowingPageKey, 'session');
        if (active) navigate(followingPage, { replace: true });
      },
      (error: unknown) => {
        if (active) {
          navigate(loginPath, {
            replace: true,
            state: { followingPage, error: messageFor('socialLogin', error) },
          });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, navigate]);
  return (
    <AuthScreen title="Iniciando sesión">
      <Spinner label="Estamos iniciando tu sesión…" />
      <p className="auth-centered">Estamos iniciando tu sesión…</p>
    </AuthScreen>
  );
}

export default function LoginPage() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const code = query.get('code');
  const oauthState = query.get('state');
  if (code && oauthState) return <SocialReturn code={code} state={oauthState} />;
  // a code without state is the app's hand-off (the specs' screen=loginPage deep link; decision 0353)
  if (code) return <AppHandoff code={code} />;
  return <LoginForm providerError={query.has('error') && query.has('state')} />;
}

function LoginForm({ providerError }: { providerError: boolean }) {
  usePageTitle('Iniciar sesión');
  const location = useLocation();
  const state = asNavigationState(location.state);
  const followingPage = safeFollowingPage(state.followingPage);
  const loggedIn = useIsLoggedIn();
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<{ text: string; code: ApiErrorCode | null } | null>(
    state.error
      ? { text: state.error, code: null }
      : providerError
        ? { text: authMessages.socialLogin.default, code: null }
        : null,
  );
  const [modal, setModal] = useState<EmailRequestKind | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  // a notice left by a session that ended on purpose (account deleted), shown once
  const [notice] = useState(() => state.notice ?? peekLoginNotice());
  useEffect(clearLoginNotice, []);
  const passwordRef = useRef<HTMLInputElement>(null);
  const carried = { followingPage: followingPage ?? undefined, entry: state.entry };

  if (loggedIn) return <Navigate to={followingPage ?? (mfaToken ? '/admin' : '/')} replace />;
  if (mfaToken) {
    return (
      <Suspense fallback={<Spinner />}>
        <MfaStep mfaToken={mfaToken} email={email} onRestart={() => setMfaToken(null)} />
      </Suspense>
    );
  }

  const canSubmit = email.trim() !== '' && password !== '' && !loading;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setLoading(true);
    setError(null);
    try {
      // On success the session changes and this page redirects to the followingPage.
      await loginWithPassword(email, password, 'login');
    } catch (failure) {
      setLoading(false);
      // an operator: her second factor comes next (session-actions.ts)
      const challenge = (failure as { mfaToken?: string } | null)?.mfaToken;
      if (challenge) {
        setMfaToken(challenge);
        return;
      }
      setError({ text: messageFor('login', failure), code: codeOf(failure) });
      requestAnimationFrame(() => passwordRef.current?.focus());
    }
  }

  return (
    <AuthScreen
      title="Iniciá sesión"
      subtitle="Qué bueno verte de nuevo. Seguí aprendiendo a manejar tu plata."
    >
      {notice && <Banner tone="success">{notice}</Banner>}
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={loading}>
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          ref={passwordRef}
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="form-links">
          <Button variant="link" onClick={() => setModal('forgotPassword')}>
            ¿Olvidaste tu contraseña?
          </Button>
          <Button variant="link" onClick={() => setModal('resendConfirmation')}>
            Reenviar código de validación
          </Button>
        </div>
        {error && (
          <Banner tone="danger">
            {error.text}
            {error.code === 'UNVERIFIED_ACCOUNT' && (
              <>
                {' '}
                <Button variant="link" onClick={() => setModal('resendConfirmation')}>
                  Reenviar el código
                </Button>
              </>
            )}
          </Banner>
        )}
        <Button type="submit" block disabled={!canSubmit}>
          {loading ? 'Ingresando…' : 'Ingresar'}
        </Button>
      </form>
      <SocialLogin followingPage={followingPage} />
      <div className="auth-switch">
        <p>¿Todavía no tenés cuenta?</p>
        <ButtonLink variant="secondary" block to={registerPath} state={carried}>
          Crear cuenta
        </ButtonLink>
      </div>
      <EmailRequestModal
        kind={modal ?? 'forgotPassword'}
        open={modal !== null}
        onClose={() => setModal(null)}
        initialEmail={email.trim()}
      />
    </AuthScreen>
  );
}
