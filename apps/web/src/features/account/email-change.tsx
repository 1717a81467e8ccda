import type { CurrentUser } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { accountKeys } from '../../shared/account/account-queries';
import { CodeField, EmailField } from '../../shared/auth/auth-fields';
import { isValidEmail } from '../../shared/auth/form-rules';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { confirmEmailChange, requestEmailChange } from './account-api';
import { accountErrorText } from './account-rules';

type Step = { name: 'shown' } | { name: 'address' } | { name: 'code'; email: string };

/**
 * Her e-mail, and "Cambiar e-mail": the new address gets a 6-digit code; typing it switches the
 * account to that address (her old one gets a notice).
 */
export function EmailChange({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [step, setStep] = useState<Step>({ name: 'shown' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const emailProblem = email.trim() && !isValidEmail(email) ? 'El formato del correo es inválido.' : null;

  async function sendCode(target: string) {
    setBusy(true);
    setError(null);
    try {
      await requestEmailChange(target);
      setStep({ name: 'code', email: target });
      setCode('');
      setNotice(`Te enviamos un código a ${target}. Revisá tu correo (y la carpeta de spam).`);
    } catch (failure) {
      setError(accountErrorText(failure, 'No pudimos enviar el código. Intentá nuevamente en unos minutos.'));
    } finally {
      setBusy(false);
    }
  }

  async function submitAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = email.trim().toLowerCase();
    if (!target || emailProblem || busy) return;
    await sendCode(target);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name !== 'code' || !code.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await confirmEmailChange(step.email, code.trim());
      queryClient.setQueryData(accountKeys.currentUser, updated);
      track('account_email_changed');
      setStep({ name: 'shown' });
      setEmail('');
      setNotice(`Listo, tu correo ahora es ${updated.email}. Le avisamos a tu correo anterior.`);
    } catch (failure) {
      setError(
        accountErrorText(failure, 'No pudimos cambiar tu correo. Intentá nuevamente en unos minutos.'),
      );
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setStep({ name: 'shown' });
    setEmail('');
    setCode('');
    setError(null);
    setNotice(null);
  }

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h3 id={headingId}>Correo electrónico</h3>
      <p className="account-value">
        <span className="account-email">{user.email}</span>
        {user.emailVerified ? (
          <span className="account-badge account-badge-ok">Validado</span>
        ) : (
          <span className="account-badge">Sin validar</span>
        )}
      </p>
      {notice && <Banner tone="success">{notice}</Banner>}
      {step.name === 'shown' && (
        <Button
          variant="secondary"
          onClick={() => {
            setNotice(null);
            setStep({ name: 'address' });
          }}
        >
          Cambiar e-mail
        </Button>
      )}
      {step.name === 'address' && (
        <form className="form account-form" onSubmit={submitAddress} noValidate aria-busy={busy}>
          <EmailField
            label="Correo nuevo"
            name="newEmail"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={emailProblem}
            hint="Te vamos a enviar un código a ese correo para confirmar que es tuyo."
            autoFocus
          />
          {error && <Banner tone="danger">{error}</Banner>}
          <div className="account-actions">
            <Button type="submit" disabled={!email.trim() || Boolean(emailProblem) || busy}>
              {busy ? 'Enviando…' : 'Enviarme un código'}
            </Button>
            <Button variant="secondary" onClick={cancel}>
              Cancelar
            </Button>
          </div>
        </form>
      )}
      {step.name === 'code' && (
        <form className="form account-form" onSubmit={submitCode} noValidate aria-busy={busy}>
          <CodeField label="Código que recibiste" value={code} onChange={setCode} />
          {error && <Banner tone="danger">{error}</Banner>}
          <div className="account-actions">
            <Button type="submit" disabled={!code.trim() || busy}>
              {busy ? 'Confirmando…' : 'Confirmar nuevo correo'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void sendCode(step.email)}>
              Reenviar código
            </Button>
            <Button variant="link" onClick={cancel}>
              Cancelar
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
