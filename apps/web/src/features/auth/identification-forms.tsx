import { type CountryCode, countries } from '@alcancia/contract/rules';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { Alert } from '../../ui/feedback';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { register } from './auth-api';
import { EmailRequestModal } from './email-request-modal';
import {
  callingCodeOf,
  canSubmitRegister,
  emptyRegisterValues,
  type RegisterField,
  type RegisterValues,
  registerErrors,
  sanitizePhoneInput,
  toFieldErrors,
  toRegisterPayload,
} from './form-rules';
import { authTexts, codeOf, messageFor } from './messages';
import { PasswordChecklist } from './password-checklist';
import { loginWithPassword } from './session-actions';

/**
 * The identification step's two forms (before a subscription or a program checkout), built on the
 * account screens' rules, texts and fields: register (then an automatic login with source
 * 'checkout') and login. When the session starts, the page moves on to the checkout by itself.
 */

const termsPath = '/terminos-y-condiciones';

export function CheckoutRegisterForm({
  nameRef,
  onExistingAccount,
  onRegisteredLoginFailed,
}: {
  nameRef?: Ref<HTMLInputElement>;
  /** EMAIL_ALREADY_EXISTS: offer the login form with the e-mail */
  onExistingAccount(email: string): void;
  /** the account exists but the automatic login failed: log in by hand */
  onRegisteredLoginFailed(email: string): void;
}) {
  const [values, setValues] = useState<RegisterValues>(emptyRegisterValues);
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<RegisterField, string>>>({});
  const [serverError, setServerError] = useState<{ text: string; code: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const checklistId = useId();
  const countryId = useId();

  const errors = registerErrors(values);
  const visibleError = (field: RegisterField) =>
    serverFields[field] ?? (touched[field] ? errors[field] : undefined);
  const canSubmit = canSubmitRegister(values) && !serverError && !loading;
  const callingCode = callingCodeOf(values.country);

  function change(field: RegisterField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerError(null);
    if (serverFields[field]) setServerFields((current) => ({ ...current, [field]: undefined }));
  }
  const touch = (field: RegisterField) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = toRegisterPayload(values);
    if (!payload || !canSubmit) return;
    setLoading(true);
    setServerError(null);
    try {
      await register(payload);
    } catch (failure) {
      setServerError({ text: messageFor('register', failure), code: codeOf(failure) });
      if (failure instanceof ApiError) setServerFields(toFieldErrors(failure.fields));
      setLoading(false);
      return;
    }
    track('registration_completed', { origin: 'checkout', country: payload.country });
    try {
      await loginWithPassword(payload.email, payload.password, 'checkout');
    } catch {
      setLoading(false);
      onRegisteredLoginFailed(payload.email);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={loading}>
      <TextField
        ref={nameRef}
        label="Nombre"
        name="name"
        autoComplete="given-name"
        value={values.name}
        maxLength={100}
        onChange={(event) => change('name', event.target.value)}
        onBlur={touch('name')}
        error={visibleError('name')}
      />
      <div className={`field${visibleError('country') ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={countryId}>
          País
        </label>
        <div className="field-box field-select">
          <select
            id={countryId}
            name="country"
            className="field-input"
            autoComplete="country"
            value={values.country}
            aria-describedby={values.country && values.country !== 'AR' ? `${countryId}-note` : undefined}
            onChange={(event) => change('country', event.target.value as CountryCode)}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        {values.country && values.country !== 'AR' && (
          <p id={`${countryId}-note`} className="field-hint field-hint-info">
            Por ahora, las compras desde la web están disponibles solo para Argentina.
          </p>
        )}
      </div>
      <TextField
        label="Correo electrónico"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        onBlur={touch('email')}
        error={visibleError('email')}
      />
      <TextField
        label="Confirmá tu correo electrónico"
        type="email"
        name="emailConfirm"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.emailConfirm}
        onChange={(event) => change('emailConfirm', event.target.value)}
        onBlur={touch('emailConfirm')}
        error={visibleError('emailConfirm')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="tel"
        value={values.phone}
        onChange={(event) => change('phone', sanitizePhoneInput(event.target.value))}
        onBlur={touch('phone')}
        error={visibleError('phone')}
        prefix={
          callingCode ? (
            <span className="field-prefix" aria-hidden="true">
              +{callingCode}
            </span>
          ) : null
        }
        hint={
          values.country === 'AR'
            ? 'Código de país +54. Escribí el código de área y el número, sin 0 ni 15. Ej.: 11 2345 6789.'
            : callingCode
              ? `Código de país +${callingCode}. Escribí tu número, solo con números.`
              : 'Incluí el código de tu país. Ej.: 44 20 7946 0958.'
        }
      />
      <PasswordField
        label="Contraseña"
        name="password"
        autoComplete="new-password"
        value={values.password}
        maxLength={128}
        onChange={(event) => change('password', event.target.value)}
        onBlur={touch('password')}
        error={serverFields.password}
        describedBy={checklistId}
      />
      <PasswordChecklist id={checklistId} password={values.password} />
      <p className="form-terms">
        Al crear tu cuenta aceptás los{' '}
        <a href={termsPath} target="_blank" rel="noopener">
          Términos y condiciones
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
        .
      </p>
      {serverError && (
        <Alert tone="error">
          {serverError.text}
          {serverError.code === 'EMAIL_ALREADY_EXISTS' && (
            <>
              {' '}
              <button
                type="button"
                className="link-button"
                onClick={() => onExistingAccount(values.email.trim())}
              >
                Iniciá sesión
              </button>
            </>
          )}
        </Alert>
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={!canSubmit}
        aria-busy={loading || undefined}
      >
        {loading ? 'Creando tu cuenta…' : 'Crear cuenta y continuar'}
      </button>
      {!canSubmit && !loading && !serverError && (
        <p className="form-hint">Completá todos los datos para crear tu cuenta.</p>
      )}
    </form>
  );
}

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
      {notice && <Alert tone="success">{notice}</Alert>}
      <form className="form" onSubmit={submit} noValidate aria-busy={loading}>
        <TextField
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
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
          <button type="button" className="link-button" onClick={() => setForgot(true)}>
            ¿Olvidaste tu contraseña?
          </button>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <button type="submit" className="button button-primary button-block" disabled={!canSubmit}>
          {loading ? 'Ingresando…' : 'Ingresar y continuar'}
        </button>
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

export const registeredLoginFailedNotice = authTexts.registeredLoginFailed;
