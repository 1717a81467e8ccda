import { invalidEmailMessage } from '@alcancia/contract/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { track } from '../../lib/analytics';
import { type ApiErrorCode, isMomentaryFailure } from '../../lib/api-client';
import { academyPath, loginPath } from '../../lib/paths';
import { forgetReturnPath, readReturnPath } from '../../lib/return-path';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { validateAccount } from '../../shared/auth/auth-api';
import { CodeField, EmailField } from '../../shared/auth/auth-fields';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { EmailRequestModal } from '../../shared/auth/email-request-modal';
import { isValidEmail } from '../../shared/auth/form-rules';
import { authTexts, codeOf, messageFor } from '../../shared/auth/messages';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/feedback';

type Outcome =
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; text: string; code: ApiErrorCode | null; retryable: boolean };

/** One validation per e-mail and code, even when React mounts the page twice. */
const validations = new Map<string, Promise<void>>();

function validateOnce(email: string, code: string): Promise<void> {
  const key = `${email}\n${code}`;
  let validation = validations.get(key);
  if (!validation) {
    validation = validateAccount(email, code).then(
      () => undefined,
      (error: unknown) => {
        validations.delete(key); // a later attempt (a retyped code, a retry) asks again
        throw error;
      },
    );
    validations.set(key, validation);
  }
  return validation;
}

/**
 * /validate?email&validationCode — the link of the validation e-mail: loading, then SUCCESS or
 * ERROR. Without the parameters it offers a form for the 6-digit code of the same e-mail.
 */
export default function ValidatePage() {
  usePageTitle('Validar cuenta');
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const emailParam = query.get('email')?.trim() ?? '';
  const codeParam = query.get('validationCode')?.trim() ?? '';
  const [submitted, setSubmitted] = useState<{ email: string; code: string } | null>(
    emailParam && codeParam ? { email: emailParam, code: codeParam } : null,
  );
  // What was last sent: writing the code by hand starts from it, nothing retyped.
  const [draft, setDraft] = useState({ email: emailParam, code: codeParam });

  if (!submitted) {
    return (
      <ValidateForm
        initialEmail={draft.email}
        initialCode={draft.code}
        onSubmit={(value) => {
          setDraft(value);
          setSubmitted(value);
        }}
      />
    );
  }
  return <ValidateResult email={submitted.email} code={submitted.code} onRetry={() => setSubmitted(null)} />;
}

function ValidateResult({ email, code, onRetry }: { email: string; code: string; onRetry(): void }) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'loading' });
  // A failure of the moment (no connection, too many attempts, the server) is asked again as is.
  const [attempt, setAttempt] = useState(0);
  const [resendOpen, setResendOpen] = useState(false);
  const loggedIn = useIsLoggedIn();
  // She registered from a course page (issue 30): the way on leads back there.
  const [returnPath] = useState(readReturnPath);
  const onward = {
    to: loggedIn ? (returnPath ?? '/') : loginPath,
    state: { email, followingPage: returnPath ?? undefined },
    onClick: forgetReturnPath,
    label: loggedIn
      ? returnPath?.startsWith(academyPath) === false
        ? 'Volver al curso'
        : 'Ir a la academia'
      : 'Iniciar sesión',
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Reintentar)
  useEffect(() => {
    let active = true;
    setOutcome({ status: 'loading' });
    validateOnce(email, code).then(
      () => {
        if (!active) return;
        track('account_validated');
        setOutcome({ status: 'success' });
      },
      (error: unknown) => {
        if (active)
          setOutcome({
            status: 'error',
            text: messageFor('validateAccount', error),
            code: codeOf(error),
            retryable: isMomentaryFailure(error),
          });
      },
    );
    return () => {
      active = false;
    };
  }, [email, code, attempt]);

  if (outcome.status === 'loading') {
    return (
      <AuthScreen title="Validando tu cuenta">
        <Spinner label="Estamos validando tu cuenta…" />
        <p className="auth-centered" aria-hidden="true">
          Estamos validando tu cuenta…
        </p>
      </AuthScreen>
    );
  }

  if (outcome.status === 'success') {
    return (
      <AuthScreen title="Cuenta validada">
        <div className="result result-success" role="status">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <p>{authTexts.validationSuccess}</p>
        </div>
        <ButtonLink block to={onward.to} state={onward.state} onClick={onward.onClick}>
          {onward.label}
        </ButtonLink>
      </AuthScreen>
    );
  }

  const alreadyConfirmed = outcome.code === 'USER_ALREADY_CONFIRMED';
  const momentary = outcome.retryable;
  return (
    <AuthScreen title={alreadyConfirmed ? 'Tu cuenta ya estaba validada' : 'No pudimos validar tu cuenta'}>
      <div className={`result ${alreadyConfirmed ? 'result-info' : 'result-error'}`} role="alert">
        <span className="result-icon" aria-hidden="true">
          {alreadyConfirmed ? 'i' : '!'}
        </span>
        <p>{outcome.text}</p>
      </div>
      <div className="stack">
        {alreadyConfirmed ? (
          <ButtonLink block to={onward.to} state={onward.state} onClick={onward.onClick}>
            {onward.label}
          </ButtonLink>
        ) : (
          <>
            {momentary && (
              <Button block onClick={() => setAttempt((n) => n + 1)}>
                Reintentar
              </Button>
            )}
            <Button variant={momentary ? 'secondary' : 'primary'} block onClick={() => setResendOpen(true)}>
              Pedir un código nuevo
            </Button>
            <Button variant="secondary" block onClick={onRetry}>
              Escribir el código a mano
            </Button>
          </>
        )}
      </div>
      <EmailRequestModal
        kind="resendConfirmation"
        open={resendOpen}
        onClose={() => setResendOpen(false)}
        initialEmail={email}
      />
    </AuthScreen>
  );
}

function ValidateForm({
  initialEmail,
  initialCode,
  onSubmit,
}: {
  initialEmail: string;
  initialCode: string;
  onSubmit(value: { email: string; code: string }): void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [resendOpen, setResendOpen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(invalidEmailMessage);
      return;
    }
    onSubmit({ email: email.trim().toLowerCase(), code: code.trim() });
  }

  return (
    <AuthScreen
      title="Validá tu cuenta"
      subtitle="Escribí tu correo y el código de 6 dígitos que te enviamos, o abrí el enlace del correo."
    >
      <form className="form" onSubmit={submit} noValidate>
        <EmailField
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          error={error}
        />
        <CodeField label="Código de validación" value={code} onChange={setCode} />
        <Button type="submit" block disabled={email.trim() === '' || code.trim() === ''}>
          Validar cuenta
        </Button>
      </form>
      <div className="form-links form-links-center">
        <Button variant="link" onClick={() => setResendOpen(true)}>
          No me llegó el código
        </Button>
      </div>
      <EmailRequestModal
        kind="resendConfirmation"
        open={resendOpen}
        onClose={() => setResendOpen(false)}
        initialEmail={email.trim()}
      />
    </AuthScreen>
  );
}
