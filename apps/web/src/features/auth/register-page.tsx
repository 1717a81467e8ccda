import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { asNavigationState, safeFollowingPage } from '../../lib/entry-params';
import { loginPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { authTexts } from '../../shared/auth/messages';
import { RegisterForm } from '../../shared/auth/register-form';

/**
 * /register. No dialog opens with the page (decision 77): the Argentina-only note shows under the
 * country as soon as another country is chosen, and again on the identification before a purchase.
 */
export default function RegisterPage() {
  usePageTitle('Crear cuenta');
  const location = useLocation();
  const navigate = useNavigate();
  const state = asNavigationState(location.state);
  const followingPage = safeFollowingPage(state.followingPage);
  const carried = { followingPage: followingPage ?? undefined, entry: state.entry };
  const loggedIn = useIsLoggedIn();

  // Registering logs in too: the form's onLoggedIn and this redirect lead to the same page.
  if (loggedIn) return <Navigate to={followingPage ?? '/'} replace />;

  return (
    <AuthScreen title="Creá tu cuenta" subtitle="Sumate a la academia y empezá a ordenar tus finanzas.">
      <RegisterForm
        origin="organic"
        initialEmail={state.email ?? ''}
        countryNote="Por ahora, el contenido de Alcancía está disponible solo para Argentina."
        submitLabel="Crear cuenta"
        existingAccountLink={(email) => (
          <Link to={loginPath} state={{ ...carried, email }}>
            Iniciá sesión
          </Link>
        )}
        onLoggedIn={() => navigate(followingPage ?? '/', { replace: true })}
        onLoginFailed={(email) =>
          navigate(loginPath, {
            replace: true,
            state: { ...carried, email, notice: authTexts.registeredLoginFailed },
          })
        }
      />
      <p className="auth-switch">
        ¿Ya tenés cuenta?{' '}
        <Link to={loginPath} state={carried}>
          Iniciá sesión
        </Link>
      </p>
    </AuthScreen>
  );
}
