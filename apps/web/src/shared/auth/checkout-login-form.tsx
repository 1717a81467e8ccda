import { type FormEvent, useState } from 'react';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { EmailField } from './auth-fields';
import { EmailRequestModal } from './email-request-modal';
import { messageFor } from './messages';
import { loginWithPassword } from './session-actions';

/**
 * The identification step's login form (before a subscription or a program checkout): when the
 * session starts (source 'checkout'), the page moves on to the checkout by itself.
 */
export function CheckoutLoginForm({
  initialEmail = '',
  notice,
}: {
  initialEmail?: string;
  notice?: string | null;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const canSubmit = email.trim() !== '' && password !== '' && !loading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setLoading(true);
    setError(null);
    try {
      // The session starts and the page moves on to the checkout.
      await loginWithPassword(email, password, 'checkout');
    } catch (failure) {
      setError(messageFor('login', failure));
      setLoading(false);
    }
  }

  return (
    <>
      {notice && <Banner tone="success">{notice}</Banner>}
      <form className="form" onSubmit={submit} noValidate aria-busy={loading}>
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <PasswordField
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <div className="form-links">
          <Button variant="link" onClick={() => setForgot(true)}>
            ¿Olvidaste tu contraseña?
          </Button>
        </div>
        {error && <Banner tone="danger">{error}</Banner>}
        <Button type="submit" block disabled={!canSubmit}>
          {loading ? 'Ingresando…' : 'Ingresar y continuar'}
        </Button>
      </form>
      <EmailRequestModal
        kind="forgotPassword"
        open={forgot}
        onClose={() => setForgot(false)}
        initialEmail={email.trim()}
      />
    </>
  );
}
