import type { RefusedReason } from '@alcancia/contract';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import {
  binOf,
  brandOf,
  type CardBrand,
  type CardErrors,
  type CardField,
  type CardValues,
  cardErrors,
  cardFieldOrder,
  emptyCardValues,
  formatCardNumber,
  formatExpiry,
  guessBrand,
  onlyDigits,
  parseExpiry,
  tokenErrors,
} from './card-rules';
import type { IdentificationType, MercadoPagoInstance } from './mercadopago';
import { refusalField, refusalMessage } from './refusal-messages';
import './payments.css';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { PrivacyNotice } from '../legal/privacy-notice';

/** What a valid card turns into: a single-use token plus what payment calls may need. */
export interface CardFormSubmission {
  token: string;
  paymentMethodId: string | null;
  issuerId: string | null;
  identification: { type: string; number: string };
  bin: string;
  lastFour: string;
}

interface CardFormProps {
  mp: MercadoPagoInstance;
  documentTypes: readonly IdentificationType[];
  /** the purchase button's text */
  submitLabel: string;
  /** runs with the token; the form stays busy until it settles */
  onSubmit(card: CardFormSubmission): Promise<void>;
  /** called when the submit found errors or the token was refused (analytics) */
  onInvalid?(fields: CardField[]): void;
  /** changes after a refused payment: the security code is cleared for the next try */
  attempt?: number;
  /** the last refusal's reason: one about a field (security code, expiry) shows next to it */
  refusal?: RefusedReason | null;
  /** the first digits of the card, for installment lookups (program checkout) */
  onBinChange?(bin: string | null): void;
  /** shown right above the purchase button (an installment selector, a total) */
  beforeSubmit?: ReactNode;
  /**
   * Checks what the checkout adds to the form (an installment selector) on every submit, with the
   * card fields: false blocks the payment (the checkout shows its error and focuses its field when
   * the card itself is valid).
   */
  onValidate?(options: { focus: boolean }): boolean;
  disabled?: boolean;
}

/**
 * The card form on MercadoPago.js's core methods (no brick): number with the brand read from its
 * first digits, cardholder name, expiry, security code and the holder's document. Every field has
 * a visible label and its error tied to it; the first invalid field gets the focus on submit.
 * Pressing Enter in a field does nothing (spec): only the purchase button pays.
 */
export function CardForm({
  mp,
  documentTypes,
  submitLabel,
  onSubmit,
  onInvalid,
  attempt = 0,
  refusal = null,
  onBinChange,
  beforeSubmit,
  onValidate,
  disabled,
}: CardFormProps) {
  const [values, setValues] = useState<CardValues>(() => ({
    ...emptyCardValues,
    identificationType: documentTypes[0]?.id ?? emptyCardValues.identificationType,
  }));
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  // Decision 76: a field shows its error once it was edited and left, or on submit; tabbing past
  // an empty field says nothing yet.
  const edited = useRef(new Set<CardField>());
  const [tokenFieldErrors, setTokenFieldErrors] = useState<CardErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState<{ bin: string; brand: CardBrand; issuerId: string | null } | null>(
    null,
  );
  const refs = useRef<Partial<Record<CardField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const id = useId();
  const noteId = `${id}-note`;

  const digits = onlyDigits(values.cardNumber);
  const bin = digits.length >= 6 ? binOf(digits) : null;
  const brand = method && bin && method.bin === bin ? method.brand : guessBrand(digits);

  useEffect(() => {
    onBinChange?.(bin);
  }, [bin, onBinChange]);

  // The brand and issuer, from Mercado Pago, once the first six digits are there.
  useEffect(() => {
    if (!bin) return;
    let active = true;
    mp.getPaymentMethods({ bin }).then(
      (answer) => {
        const found = answer.results?.[0];
        if (active && found) {
          setMethod({
            bin,
            brand: brandOf(found, bin),
            issuerId: found.issuer?.id !== undefined ? String(found.issuer.id) : null,
          });
        }
      },
      () => undefined, // the local guess stays; tokenization has the last word
    );
    return () => {
      active = false;
    };
  }, [bin, mp]);

  // A refused payment: the next try starts with an empty security code, and a refusal about a
  // field (a wrong security code or expiry) is said next to it until that field changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per try; the reason belongs to it
  useEffect(() => {
    if (attempt === 0) return;
    setValues((current) => ({ ...current, securityCode: '' }));
    setTouched((current) => ({ ...current, securityCode: false }));
    edited.current.delete('securityCode');
    const field = refusalField(refusal);
    if (field) setTokenFieldErrors({ [field]: refusalMessage(refusal) });
  }, [attempt]);

  const errors = cardErrors(values, { brand, documentTypes });
  const visible = (field: CardField) =>
    tokenFieldErrors[field] ?? (touched[field] ? errors[field] : undefined);

  function change(field: CardField, value: string) {
    edited.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
    setGeneral(null);
    if (tokenFieldErrors[field]) setTokenFieldErrors((current) => ({ ...current, [field]: undefined }));
  }
  const touch = (field: CardField) => () => {
    if (edited.current.has(field)) setTouched((current) => ({ ...current, [field]: true }));
  };
  const bind = (field: CardField) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    refs.current[field] = element;
  };

  function focusFirst(fields: CardErrors) {
    const first = cardFieldOrder.find((field) => fields[field]);
    if (first) refs.current[first]?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || disabled) return;
    setTouched(Object.fromEntries(cardFieldOrder.map((field) => [field, true])));
    setTokenFieldErrors({});
    setGeneral(null);
    const found = cardErrors(values, { brand, documentTypes });
    const cardValid = Object.keys(found).length === 0;
    const extraValid = onValidate ? onValidate({ focus: cardValid }) : true;
    if (!cardValid) {
      onInvalid?.(cardFieldOrder.filter((field) => found[field]));
      focusFirst(found);
      return;
    }
    if (!extraValid) return;
    const expiry = parseExpiry(values.expiry);
    if (!expiry) return;
    setBusy(true);
    let token: string;
    try {
      const created = await mp.createCardToken({
        cardNumber: digits,
        cardholderName: values.cardholderName.trim(),
        cardExpirationMonth: expiry.month,
        cardExpirationYear: expiry.year,
        securityCode: values.securityCode.trim(),
        identificationType: values.identificationType,
        identificationNumber: onlyDigits(values.identificationNumber),
      });
      token = created.id;
    } catch (error) {
      const refused = tokenErrors(error);
      setTokenFieldErrors(refused.fields);
      setGeneral(refused.general);
      onInvalid?.(cardFieldOrder.filter((field) => refused.fields[field]));
      setBusy(false);
      requestAnimationFrame(() => focusFirst(refused.fields));
      return;
    }
    try {
      await onSubmit({
        token,
        paymentMethodId: method?.bin === bin ? method.brand.id : (brand?.id ?? null),
        issuerId: method?.bin === bin ? method.issuerId : null,
        identification: { type: values.identificationType, number: onlyDigits(values.identificationNumber) },
        bin: binOf(digits),
        lastFour: digits.slice(-4),
      });
    } finally {
      setBusy(false);
    }
  }

  /** Spec: Enter in the card form is suppressed (it must never pay by accident). */
  function suppressEnter(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  }

  const documentType = documentTypes.find((type) => type.id === values.identificationType);

  return (
    <form
      className="form card-form"
      onSubmit={submit}
      onKeyDown={suppressEnter}
      noValidate
      aria-busy={busy}
      aria-describedby={noteId}
    >
      <TextField
        ref={bind('cardNumber')}
        label="Número de tarjeta"
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={values.cardNumber}
        maxLength={23}
        onChange={(event) => change('cardNumber', formatCardNumber(event.target.value))}
        onBlur={touch('cardNumber')}
        error={visible('cardNumber')}
        suffix={
          brand ? (
            <span className="card-brand" data-brand={brand.id}>
              {brand.name}
            </span>
          ) : null
        }
      />
      <TextField
        ref={bind('cardholderName')}
        label="Nombre como figura en la tarjeta"
        name="cardholderName"
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.cardholderName}
        maxLength={60}
        onChange={(event) => change('cardholderName', event.target.value)}
        onBlur={touch('cardholderName')}
        error={visible('cardholderName')}
      />
      <div className="form-row">
        <TextField
          ref={bind('expiry')}
          label="Vencimiento"
          name="expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/AA"
          hint="Mes y año, MM/AA."
          value={values.expiry}
          maxLength={5}
          onChange={(event) => change('expiry', formatExpiry(event.target.value, values.expiry))}
          onBlur={touch('expiry')}
          error={visible('expiry')}
        />
        <TextField
          ref={bind('securityCode')}
          label="Código de seguridad"
          name="securityCode"
          autoComplete="cc-csc"
          inputMode="numeric"
          hint={
            brand?.securityCodeLength === 4
              ? 'Los 4 números del frente de la tarjeta.'
              : 'Los 3 números del dorso de la tarjeta.'
          }
          value={values.securityCode}
          maxLength={4}
          onChange={(event) => change('securityCode', onlyDigits(event.target.value))}
          onBlur={touch('securityCode')}
          error={visible('securityCode')}
        />
      </div>
      <div className="form-row">
        <SelectField
          ref={bind('identificationType')}
          id={`${id}-document-type`}
          label="Tipo de documento"
          name="identificationType"
          error={visible('identificationType')}
          value={values.identificationType}
          onChange={(event) => change('identificationType', event.target.value)}
          onBlur={touch('identificationType')}
        >
          {documentTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </SelectField>
        <TextField
          ref={bind('identificationNumber')}
          label="Número de documento"
          name="identificationNumber"
          inputMode="numeric"
          autoComplete="off"
          hint={documentType?.id === 'DNI' ? 'Sin puntos.' : 'Solo números.'}
          value={values.identificationNumber}
          maxLength={documentType?.max_length ?? 20}
          onChange={(event) => change('identificationNumber', onlyDigits(event.target.value))}
          onBlur={touch('identificationNumber')}
          error={visible('identificationNumber')}
        />
      </div>
      {general && <Banner tone="danger">{general}</Banner>}
      {beforeSubmit}
      <Button type="submit" block aria-disabled={busy || disabled ? true : undefined}>
        {busy ? 'Procesando el pago…' : submitLabel}
      </Button>
      <p id={noteId} className="card-form-note">
        Pagás con Mercado Pago: los datos de tu tarjeta viajan cifrados y Alcancía no los guarda.
      </p>
      <PrivacyNotice />
    </form>
  );
}
