import type { Credentials } from '@alcancia/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, type ApiErrorCode, apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { startSession } from '../../shared/auth/session-actions';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

const messages: Partial<Record<ApiErrorCode, string>> & { default: string } = {
  INVALID_MFA_CODE: 'El código no es correcto o ya se usó. Ingresá el que muestra ahora tu aplicación.',
  TOO_MANY_REQUESTS: 'Hiciste demasiados intentos. Esperá unos minutos y volvé a intentarlo.',
  default: 'No pudimos verificar el código. Intentá nuevamente.',
};

/**
 * The operators' second step (issue 18): after the password, the 6 digits of the authenticator
 * app or a recovery code. Its own chunk (login-page.tsx loads it only when the API asks for it).
 */
export default function MfaStep({
  mfaToken,
  email,
  onRestart,
}: {
  mfaToken: string;
  email: string;
  onRestart(): void;
}) {
  usePageTitle('Verificación en dos pasos');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || loading) return;
    setLoading(true);
    setError(null);
    try {
      const credentials = await apiRequest<Credentials>('/users/login/mfa', {
        method: 'POST',
        body: { mfaToken, code: code.trim() },
        authenticated: false,
      });
      // the login page sees the session and goes on
      startSession(credentials, 'login', { email: email.trim().toLowerCase() });
    } catch (failure) {
      setLoading(false);
      if (failure instanceof ApiError && failure.internalCode === 'MFA_TOKEN_EXPIRED') {
        onRestart();
        return;
      }
      const known = failure instanceof ApiError ? messages[failure.internalCode] : undefined;
      setError(known ?? messages.default ?? '');
      setCode('');
      requestAnimationFrame(() => input.current?.focus());
    }
  }

  return (
    <AuthScreen
      title="Verificación en dos pasos"
      subtitle="Ingresá el código de 6 números que muestra tu aplicación de autenticación, o uno de tus códigos de recuperación."
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={loading}>
        <TextField
          ref={input}
          label="Código de verificación"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && <Banner tone="danger">{error}</Banner>}
        <Button type="submit" block disabled={!code.trim() || loading}>
          {loading ? 'Verificando…' : 'Verificar'}
        </Button>
        <Button variant="link" onClick={onRestart}>
          Volver a ingresar la contraseña
        </Button>
      </form>
    </AuthScreen>
  );
}
