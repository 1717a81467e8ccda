import { isValidPassword } from '@alcancia/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { track } from '../../lib/analytics';
import type { ApiErrorCode } from '../../lib/api-client';
import { loginPath } from '../../lib/paths';
import { clearCredentials, readCredentials } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { confirmPassword } from '../../shared/auth/auth-api';
import { CodeField, EmailField } from '../../shared/auth/auth-fields';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { EmailRequestModal } from '../../shared/auth/email-request-modal';
import { canSubmitRecover, isValidEmail } from '../../shared/auth/form-rules';
import { authTexts, codeOf, messageFor } from '../../shared/auth/messages';
import { PasswordChecklist } from '../../shared/auth/password-checklist';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';

/**
 * /recover?email&validationCode — the link of the recovery e-mail: two password fields with
 * validity boxes (red when invalid) and a submit. Without the parameters the e-mail and the code
 * are asked for too, so the 6-digit code of the e-mail also works.
 */
export default function RecoverPage() {
  usePageTitle('Nueva contraseña');
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const emailParam = query.get('email')?.trim() ?? '';
  const codeParam = query.get('validationCode')?.trim() ?? '';
  const askIdentity = !emailParam || !codeParam;

  const [email, setEmail] = useState(emailParam);
  const [code, setCode] = useState(codeParam);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<{ text: string; code: ApiErrorCode | null } | null>(null);
  const [done, setDone] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const checklistId = useId();

  const passwordInvalid = touched.password && password !== '' && !isValidPassword(password);
  const mismatch = touched.confirmation && confirmation !== '' && confirmation !== password;
  const identityOk = isValidEmail(email) && code.trim() !== '';
  const canSubmit = canSubmitRecover(password, confirmation) && identityOk && !loading;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setLoading(true);
    setError(null);
    try {
      await confirmPassword(email.trim().toLowerCase(), password, code.trim());
      track('password_resetted_successful');
      // The reset revokes every session: drop this browser's, now useless, credentials.
      if (readCredentials()) clearCredentials();
      setDone(true);
    } catch (failure) {
      track('password_resetted_error', { code: codeOf(failure) });
      setError({ text: messageFor('recoverPassword', failure), code: codeOf(failure) });
    } finally {
      setLoading(false);
    }
  }

  if (done) {
    return (
      <AuthScreen title="Contraseña actualizada">
        <div className="result result-success" role="status">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <p className="result-title">{authTexts.passwordReset}</p>
            <p>{authTexts.passwordResetNext}</p>
          </div>
        </div>
        <ButtonLink block to={loginPath} state={{ email: email.trim().toLowerCase() }}>
          Iniciar sesión
        </ButtonLink>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Creá una nueva contraseña"
      subtitle={
        askIdentity
          ? 'Escribí tu correo, el código que te enviamos y tu nueva contraseña.'
          : `Elegí una contraseña nueva para ${emailParam}.`
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={loading}>
        {askIdentity && (
          <>
            <EmailField
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <CodeField label="Código de recuperación" value={code} onChange={setCode} />
          </>
        )}
        {!askIdentity && (
          // lets password managers save the new password for the right account
          <input type="hidden" name="username" autoComplete="username" value={emailParam} />
        )}
        <PasswordField
          label="Nueva contraseña"
          name="password"
          autoComplete="new-password"
          maxLength={128}
          value={password}
          className={password !== '' && isValidPassword(password) ? 'field-valid' : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={passwordInvalid ? 'La contraseña todavía no cumple todos los requisitos.' : null}
          describedBy={checklistId}
        />
        <PasswordChecklist id={checklistId} password={password} />
        <PasswordField
          label="Repetí la nueva contraseña"
          toggleName="la repetición"
          name="confirmation"
          autoComplete="new-password"
          maxLength={128}
          value={confirmation}
          className={confirmation !== '' && confirmation === password ? 'field-valid' : undefined}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setError(null);
          }}
          onBlur={() => setTouched((t) => ({ ...t, confirmation: true }))}
          error={mismatch ? authTexts.passwordMismatch : null}
        />
        {error && (
          <Banner tone="danger">
            {error.text}
            {error.code === 'INVALID_VERIFICATION_CODE' && (
              <>
                {' '}
                <Button variant="link" onClick={() => setForgotOpen(true)}>
                  Pedir un enlace nuevo
                </Button>
              </>
            )}
          </Banner>
        )}
        <Button type="submit" block disabled={!canSubmit}>
          {loading ? 'Guardando…' : 'Guardar contraseña'}
        </Button>
      </form>
      <p className="auth-switch">
        <Link to={loginPath}>Volver a iniciar sesión</Link>
      </p>
      <EmailRequestModal
        kind="forgotPassword"
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        initialEmail={email.trim()}
      />
    </AuthScreen>
  );
}
