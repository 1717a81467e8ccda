import { type GuestTier, guestPurchaseErrorMessage } from '@alcancia/contract/guest-tiers';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { usePageTitle } from '../../lib/use-page-title';
import { InvoiceDocumentField } from '../../shared/checkout/invoice-document-field';
import { TextField } from '../../ui/text-field';
import { createGuestPreference } from './create-guest-preference';
import {
  emptyGuestValues,
  type GuestField,
  type GuestFormValues,
  guestFormErrors,
  isGuestFormFilled,
  sanitizeGuestPhone,
  toGuestPreference,
} from './guest-form-rules';
import { tierSummary } from './guest-tiers';
import './guest-memberships.css';
import { loginPath } from '../../lib/paths';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import { PrivacyNotice } from '../../shared/legal/privacy-notice';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';

type Status = 'idle' | 'loading' | 'error';

const fieldOrder: GuestField[] = ['firstName', 'lastName', 'email', 'phone', 'invoiceDocument'];

/**
 * /compra/mf-oro, /compra/mf-platinum, /compra/mf-black: a guest membership bought without an
 * account (spec §2, §4 "Guest purchase"). The tier summary, the buyer's data and a pay button that
 * waits for every field; paying asks the API for a Checkout Pro preference and leaves for its page.
 * After the payment Mercado Pago sends the buyer back to /compra/{slug}/exito|pendiente|error.
 */
export default function GuestPurchasePage({ tier }: { tier: GuestTier }) {
  const summary = tierSummary(tier);
  usePageTitle(summary.title);
  const [values, setValues] = useState<GuestFormValues>(emptyGuestValues);
  const [touched, setTouched] = useState<Partial<Record<GuestField, boolean>>>({});
  // Decision 76: a field shows its error once it was edited and left, or on submit.
  const edited = useRef(new Set<GuestField>());
  const [status, setStatus] = useState<Status>('idle');
  const inputs = useRef<Partial<Record<GuestField, HTMLInputElement | null>>>({});

  useEffect(() => {
    track('guest_membership_view', { tier });
  }, [tier]);

  const errors = guestFormErrors(values);
  const visibleError = (field: GuestField) => (touched[field] ? errors[field] : undefined);
  const loading = status === 'loading';
  const canSubmit = isGuestFormFilled(values) && !loading;

  function change(field: GuestField, value: string) {
    edited.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
    if (status === 'error') setStatus('idle');
  }
  const touch = (field: GuestField) => () => {
    if (edited.current.has(field)) setTouched((current) => ({ ...current, [field]: true }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const payload = toGuestPreference(tier, values, window.location.origin);
    if (!payload) {
      setTouched({ firstName: true, lastName: true, email: true, phone: true, invoiceDocument: true });
      const firstInvalid = fieldOrder.find((field) => errors[field]);
      if (firstInvalid) inputs.current[firstInvalid]?.focus();
      return;
    }
    setStatus('loading');
    track('guest_membership_submit', { tier });
    try {
      const initPoint = await createGuestPreference(payload);
      // Stays "loading" while the browser leaves for Mercado Pago.
      window.location.assign(initPoint);
    } catch (error) {
      console.warn('No se pudo crear la preferencia de pago.', error);
      track('guest_membership_error', { tier });
      setStatus('error');
    }
  }

  const field = (name: GuestField) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    name,
    value: values[name],
    onBlur: touch(name),
    error: visibleError(name),
  });

  return (
    <section className="guest-purchase" aria-labelledby="guest-title">
      <header className="guest-heading">
        <p className="guest-eyebrow">Membresía de Alcancía</p>
        <h1 id="guest-title">{summary.title}</h1>
        <p className="guest-lead">
          Accedé a la academia sin crear una cuenta antes: pagás con Mercado Pago y te enviamos un correo con
          los pasos para entrar.
        </p>
      </header>

      <div className="guest-grid">
        <aside className="guest-card guest-summary" aria-labelledby="guest-summary-title">
          <h2 id="guest-summary-title" className="guest-card-title">
            Resumen
          </h2>
          <dl className="guest-terms">
            <div>
              <dt>Precio</dt>
              <dd className="guest-price">
                {summary.price}
                <PriceWithoutNationalTaxes centavos={summary.priceCentavos} />
              </dd>
            </div>
            <div>
              <dt>Acceso</dt>
              <dd>{summary.access}</dd>
            </div>
            <div>
              <dt>Cuotas</dt>
              <dd>{summary.installments}</dd>
            </div>
          </dl>
        </aside>

        <div className="guest-card">
          <h2 id="guest-form-title" className="guest-card-title">
            Tus datos
          </h2>
          <form
            className="form"
            onSubmit={onSubmit}
            noValidate
            aria-labelledby="guest-form-title"
            aria-busy={loading}
          >
            <fieldset className="guest-fields" disabled={loading}>
              <legend className="visually-hidden">Tus datos para la membresía</legend>
              <TextField
                {...field('firstName')}
                label="Nombre"
                autoComplete="given-name"
                maxLength={100}
                onChange={(event) => change('firstName', event.target.value)}
              />
              <TextField
                {...field('lastName')}
                label="Apellido"
                autoComplete="family-name"
                maxLength={100}
                onChange={(event) => change('lastName', event.target.value)}
              />
              <TextField
                {...field('email')}
                label="Correo electrónico"
                type="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                hint="Ahí te enviamos los pasos para entrar a la academia."
                onChange={(event) => change('email', event.target.value)}
              />
              <TextField
                {...field('phone')}
                label="Teléfono"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                hint="Con código de área. Ej.: 11 2345 6789."
                onChange={(event) => change('phone', sanitizeGuestPhone(event.target.value))}
              />
              <InvoiceDocumentField
                ref={field('invoiceDocument').ref}
                value={values.invoiceDocument}
                error={visibleError('invoiceDocument') ?? null}
                onChange={(value) => change('invoiceDocument', value)}
                onBlur={touch('invoiceDocument')}
              />
            </fieldset>
            {status === 'error' && <Banner tone="danger">{guestPurchaseErrorMessage}</Banner>}
            <Button type="submit" block disabled={!canSubmit}>
              {loading ? 'Procesando…' : `Pagar ${summary.price}`}
            </Button>
            {!isGuestFormFilled(values) && (
              <p className="form-hint">Completá todos los datos para continuar con el pago.</p>
            )}
            <p className="guest-note">El pago se hace en Mercado Pago, de forma segura.</p>
            <PrivacyNotice />
          </form>
        </div>
      </div>

      <p className="guest-login">
        ¿Ya tenés cuenta? <Link to={loginPath}>Iniciá sesión</Link>
      </p>
    </section>
  );
}
