import type { AccountSubscription } from '@alcancia/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cardTexts, onlyDigits, tokenErrors } from '../../shared/checkout/card-rules';
import type { MercadoPagoInstance } from '../../shared/checkout/mercadopago';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { securityCodeLengthOf } from './account-subscription-rules';

type StoredCard = NonNullable<AccountSubscription['storedCard']>;

/**
 * Paying with the card saved for her at Mercado Pago (decision 0225): Mercado Pago keeps the card
 * but never its security code, so she types only that, and MercadoPago.js turns the card's id and
 * the code into a single-use token (`createCardToken({ cardId, securityCode })`). Like the card
 * form, Enter in the field does nothing: only the button pays.
 */
export function StoredCardForm({
  mp,
  card,
  submitLabel,
  attempt = 0,
  describedBy,
  onSubmit,
}: {
  mp: MercadoPagoInstance;
  card: StoredCard;
  submitLabel: string;
  /** changes after a refused payment: the security code is cleared for the next try */
  attempt?: number;
  /** the id of the text naming the card (the chosen option), read with the field */
  describedBy?: string;
  onSubmit(token: string): Promise<void>;
}) {
  const length = securityCodeLengthOf(card.brand);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();

  // A new attempt (a refused payment) clears the code and brings her back to it.
  useEffect(() => {
    if (attempt === 0) return;
    setCode('');
    input.current?.focus();
  }, [attempt]);

  function check(value: string): string | null {
    if (!value) return cardTexts.securityCodeEmpty;
    if (value.length !== length) return cardTexts.securityCodeLength(length);
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    const found = check(code);
    setError(found);
    if (found) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    let token: string;
    try {
      token = (await mp.createCardToken({ cardId: card.id, securityCode: code })).id;
    } catch (failure) {
      const refused = tokenErrors(failure);
      setError(refused.fields.securityCode ?? null);
      setGeneral(
        refused.fields.securityCode
          ? null
          : 'No pudimos usar tu tarjeta guardada. Probá de nuevo o usá otra tarjeta.',
      );
      setBusy(false);
      requestAnimationFrame(() => input.current?.focus());
      return;
    }
    try {
      await onSubmit(token);
    } finally {
      setBusy(false);
    }
  }

  function suppressEnter(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  }

  return (
    <form
      className="form stored-card-form"
      onSubmit={submit}
      onKeyDown={suppressEnter}
      noValidate
      aria-busy={busy}
      aria-describedby={noteId}
    >
      <TextField
        ref={input}
        label="Código de seguridad"
        name="storedCardSecurityCode"
        autoComplete="cc-csc"
        inputMode="numeric"
        describedBy={describedBy}
        hint={
          length === 4
            ? 'Los 4 números del frente de la tarjeta. Por seguridad, Mercado Pago no lo guarda.'
            : 'Los 3 números del dorso de la tarjeta. Por seguridad, Mercado Pago no lo guarda.'
        }
        value={code}
        maxLength={length}
        onChange={(event) => {
          const next = onlyDigits(event.target.value);
          setCode(next);
          if (error) setError(check(next));
        }}
        error={error}
      />
      {general && <Banner tone="danger">{general}</Banner>}
      <Button type="submit" block aria-disabled={busy ? true : undefined}>
        {busy ? 'Procesando…' : submitLabel}
      </Button>
      <p id={noteId} className="card-form-note">
        Tu tarjeta está guardada en Mercado Pago, no en Alcancía.
      </p>
    </form>
  );
}
