import type { WithdrawalResponse } from '@alcancia/contract';
import { emailPattern, invalidEmailMessage } from '@alcancia/contract/rules';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { CodeField, EmailField } from '../../shared/auth/auth-fields';
import { PrivacyNotice } from '../../shared/legal/privacy-notice';
import { refundStatusText } from '../../shared/purchases/payment-labels';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { confirmGuestWithdrawal, requestGuestWithdrawal } from './withdrawals-api';

const fallbackError = 'No pudimos completar el pedido. Probá de nuevo en unos minutos.';
const messageOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : fallbackError);

type Step = 'identify' | 'code' | 'done';

/**
 * Without a session (or with a purchase made under another e-mail): e-mail and operation number,
 * then the code mailed to the purchase's e-mail, then the revocation code.
 */
export function GuestWithdrawalForm() {
  const [step, setStep] = useState<Step>('identify');
  const [email, setEmail] = useState('');
  const [operation, setOperation] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<WithdrawalResponse | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const cleanEmail = email.trim().toLowerCase();
  const cleanOperation = operation.replace(/\s/g, '');
  const emailError = touched && !emailPattern.test(cleanEmail) ? invalidEmailMessage : null;
  const operationError =
    touched && !/^\d{1,24}$/.test(cleanOperation) ? 'Ingresá el número de operación (solo números).' : null;

  function moveTo(next: Step) {
    setStep(next);
    // the next step's heading takes the focus, so a screen reader hears where she is
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  async function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!emailPattern.test(cleanEmail) || !/^\d{1,24}$/.test(cleanOperation) || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await requestGuestWithdrawal(cleanEmail, cleanOperation);
      setNotice(answer.message);
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
      setResult(await confirmGuestWithdrawal(cleanEmail, cleanOperation, code.trim()));
      moveTo('done');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  }

  if (step === 'done' && result) {
    return (
      <section className="withdrawal-card" aria-labelledby="guest-withdrawal-title">
        <h2 id="guest-withdrawal-title" ref={headingRef} tabIndex={-1}>
          Te arrepentiste de la compra
        </h2>
        <div className="result result-success" role="status">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <p className="result-title">
              Tu código de arrepentimiento es <span className="revocation-code">{result.revocationCode}</span>
            </p>
            <p>También te lo enviamos por correo. {refundStatusText(result.refundStatus)}</p>
          </div>
        </div>
      </section>
    );
  }

  if (step === 'code') {
    return (
      <section className="withdrawal-card" aria-labelledby="guest-withdrawal-title">
        <h2 id="guest-withdrawal-title" ref={headingRef} tabIndex={-1}>
          Confirmá con el código del correo
        </h2>
        {notice && <Banner tone="info">{notice}</Banner>}
        <form className="form" onSubmit={onConfirm} noValidate aria-busy={sending}>
          <CodeField label="Código de confirmación" value={code} onChange={setCode} />
          <p className="form-hint">
            Al confirmar, te devolvemos el pago completo y el acceso que te dio la compra termina.
          </p>
          {error && <Banner tone="danger">{error}</Banner>}
          <Button type="submit" block disabled={sending}>
            {sending ? 'Confirmando…' : 'Confirmar arrepentimiento'}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              setCode('');
              setError(null);
              moveTo('identify');
            }}
          >
            Cambiar el correo o el número de operación
          </Button>
        </form>
      </section>
    );
  }

  return (
    <section className="withdrawal-card" aria-labelledby="guest-withdrawal-title">
      <h2 id="guest-withdrawal-title" ref={headingRef} tabIndex={-1}>
        Con tu correo y el número de operación
      </h2>
      <p>Usá el correo con el que compraste. Te enviamos ahí un código para confirmar que sos vos.</p>
      <form className="form" onSubmit={onRequest} noValidate aria-busy={sending}>
        <EmailField
          label="Correo de la compra"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        <TextField
          label="Número de operación"
          name="operation"
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
          value={operation}
          onChange={(event) => setOperation(event.target.value)}
          hint="Está en el correo de Mercado Pago y en el comprobante del pago."
          error={operationError}
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
