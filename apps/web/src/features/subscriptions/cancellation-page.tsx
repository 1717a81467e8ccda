import type { GuestCancellationResponse } from '@alcancia/contract';
import { emailPattern, invalidEmailMessage } from '@alcancia/contract/rules';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { CodeField, EmailField } from '../../shared/auth/auth-fields';
import { PrivacyNotice } from '../../shared/legal/privacy-notice';
import { confirmGuestCancellation, requestGuestCancellation } from './guest-cancellation-api';
import '../../shared/purchases/withdrawals.css';
import { accountSubscriptionPath, withdrawalPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';

const fallbackError = 'No pudimos completar el pedido. Probá de nuevo en unos minutos.';
const messageOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : fallbackError);

type Step = 'identify' | 'code' | 'done';

/** The e-mail, the code mailed there, then the baja and its código de gestión. */
function GuestCancellationForm() {
  const [step, setStep] = useState<Step>('identify');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<GuestCancellationResponse | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const cleanEmail = email.trim().toLowerCase();
  const emailError = touched && !emailPattern.test(cleanEmail) ? invalidEmailMessage : null;

  function moveTo(next: Step) {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!emailPattern.test(cleanEmail) || sending) return;
    setSending(true);
    setError(null);
    try {
      setNotice((await requestGuestCancellation(cleanEmail)).message);
      moveTo('code');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      setResult(await confirmGuestCancellation(cleanEmail, code.trim()));
      moveTo('done');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  }

  if (step === 'done' && result) {
    return (
      <section className="withdrawal-card" aria-labelledby="cancellation-step-title">
        <h2 id="cancellation-step-title" ref={headingRef} tabIndex={-1}>
          Tu suscripción quedó dada de baja
        </h2>
        <div className="result result-success" role="status">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <p className="result-title">
              Tu código de gestión es <span className="revocation-code">{result.cancellationCode}</span>
            </p>
            <p>
              {result.planName
                ? `No te vamos a cobrar más el ${result.planName}. `
                : 'No te vamos a cobrar más. '}
              {result.accessUntil
                ? `Seguís teniendo acceso hasta el ${formatDate(result.accessUntil)}. `
                : ''}
              También te lo enviamos por correo.
            </p>
          </div>
        </div>
      </section>
    );
  }

  if (step === 'code') {
    return (
      <section className="withdrawal-card" aria-labelledby="cancellation-step-title">
        <h2 id="cancellation-step-title" ref={headingRef} tabIndex={-1}>
          Confirmá con el código del correo
        </h2>
        {notice && <Banner tone="info">{notice}</Banner>}
        <form className="form" onSubmit={onConfirm} noValidate aria-busy={sending}>
          <CodeField label="Código de confirmación" value={code} onChange={setCode} />
          <p className="form-hint">Al confirmar, la baja se hace en el momento y no te cobramos más.</p>
          {error && <Banner tone="danger">{error}</Banner>}
          <Button type="submit" block disabled={sending}>
            {sending ? 'Confirmando…' : 'Confirmar la baja'}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              setCode('');
              setError(null);
              moveTo('identify');
            }}
          >
            Cambiar el correo
          </Button>
        </form>
      </section>
    );
  }

  return (
    <section className="withdrawal-card" aria-labelledby="cancellation-step-title">
      <h2 id="cancellation-step-title" ref={headingRef} tabIndex={-1}>
        Con el correo de tu suscripción
      </h2>
      <p>Te enviamos ahí un código para confirmar que sos vos. No necesitás iniciar sesión.</p>
      <form className="form" onSubmit={onRequest} noValidate aria-busy={sending}>
        <EmailField
          label="Correo de la suscripción"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        {error && <Banner tone="danger">{error}</Banner>}
        <Button type="submit" block disabled={sending}>
          {sending ? 'Enviando…' : 'Enviarme el código'}
        </Button>
      </form>
      <PrivacyNotice />
    </section>
  );
}

/** /baja: the "botón de baja" (Disp. 954/2025), for members and visitors alike. */
export default function CancellationPage() {
  usePageTitle('Botón de baja');
  const loggedIn = useIsLoggedIn();
  return (
    <article className="withdrawal-page" aria-labelledby="cancellation-title">
      <h1 id="cancellation-title">Botón de baja</h1>
      <p>
        Podés dar de baja tu suscripción cuando quieras, sin explicar por qué y sin iniciar sesión. Dejamos de
        cobrarte en el momento y seguís teniendo acceso hasta el final del período que ya pagaste.
      </p>
      <ul className="withdrawal-rules">
        <li>
          Te pedimos el correo de tu suscripción y te enviamos ahí un código para confirmar que sos vos.
        </li>
        <li>
          Al confirmar, hacemos la baja y te enviamos por correo un código de gestión que la identifica.
        </li>
        <li>
          Si tu primer cobro fue hace 10 días corridos o menos, también podés arrepentirte y te devolvemos
          todo: <Link to={withdrawalPath}>Botón de arrepentimiento</Link>.
        </li>
      </ul>
      {loggedIn && (
        <p>
          Con tu sesión iniciada también podés hacerlo desde{' '}
          <Link to={accountSubscriptionPath}>Mi cuenta › Suscripción</Link>.
        </p>
      )}
      <GuestCancellationForm />
    </article>
  );
}
