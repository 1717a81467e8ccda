import { type FormEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError, type ApiErrorCode, isMomentaryFailure } from '../../lib/api-client';
import { termsPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { PrivacyNotice } from '../legal/privacy-notice';
import { register } from './auth-api';
import { EmailField } from './auth-fields';
import {
  canSubmitRegister,
  emptyRegisterValues,
  type RegisterField,
  type RegisterValues,
  registerErrors,
  toFieldErrors,
  toRegisterPayload,
} from './form-rules';
import { codeOf, messageFor } from './messages';
import { missingFieldsMessage, missingRegisterFields } from './missing-fields';
import { PasswordChecklist } from './password-checklist';
import { CountrySelect, PhoneField, phoneHint } from './profile-fields';
import { loginWithPassword } from './session-actions';

/**
 * The register form of the register page and of the identification step before a purchase:
 * register, then log in automatically. Where the user goes next is the caller's business.
 */
export function RegisterForm({
  origin,
  initialEmail = '',
  nameRef,
  countryNote,
  submitLabel,
  existingAccountLink,
  onLoggedIn,
  onLoginFailed,
}: {
  /** 'organic' on the register page, 'checkout' before a purchase (analytics and login source) */
  origin: 'organic' | 'checkout';
  initialEmail?: string;
  nameRef?: Ref<HTMLInputElement>;
  /** shown under the country when it is not Argentina */
  countryNote: string;
  submitLabel: string;
  /** EMAIL_ALREADY_EXISTS: the way to the login, with the e-mail */
  existingAccountLink(email: string): ReactNode;
  onLoggedIn?(): void;
  /** the account exists but the automatic login failed: log in by hand */
  onLoginFailed(email: string): void;
}) {
  const [values, setValues] = useState<RegisterValues>(() => ({
    ...emptyRegisterValues,
    email: initialEmail,
  }));
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  // Decision 76: a field shows its error once it was edited and left, not when tabbed past.
  const edited = useRef(new Set<RegisterField>());
  const [serverFields, setServerFields] = useState<Partial<Record<RegisterField, string>>>({});
  const [serverError, setServerError] = useState<{
    text: string;
    code: ApiErrorCode | null;
    retryable: boolean;
  } | null>(null);
  const [loading, setLoading] = useState(false);
  // issue 30: the button stays enabled; a try with data missing names what is missing
  const [missingShown, setMissingShown] = useState(false);
  const checklistId = useId();
  const missingId = useId();

  const errors = registerErrors(values);
  const visibleError = (field: RegisterField) =>
    serverFields[field] ?? (touched[field] ? errors[field] : undefined);
  // A refusal of these values waits for a change; a failure of the moment (no connection, too
  // many attempts, the server) can be retried as it is.
  const canSubmit = canSubmitRegister(values) && (!serverError || serverError.retryable) && !loading;
  const missing = missingRegisterFields(values);
  const missingText = missingShown ? missingFieldsMessage(missing) : null;

  function change(field: RegisterField, value: string) {
    edited.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
    setServerError(null);
    if (serverFields[field]) setServerFields((current) => ({ ...current, [field]: undefined }));
  }
  const touch = (field: RegisterField) => () => {
    if (edited.current.has(field)) setTouched((current) => ({ ...current, [field]: true }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const payload = toRegisterPayload(values);
    if (!payload) {
      setMissingShown(true);
      setTouched({ name: true, country: true, email: true, emailConfirm: true, phone: true, password: true });
      const first = missing[0];
      const field = first ? event.currentTarget.elements.namedItem(first) : null;
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    if (!canSubmit) return;
    setLoading(true);
    setServerError(null);
    try {
      await register(payload);
    } catch (failure) {
      setServerError({
        text: messageFor('register', failure),
        code: codeOf(failure),
        retryable: isMomentaryFailure(failure),
      });
      if (failure instanceof ApiError) setServerFields(toFieldErrors(failure.fields));
      setLoading(false);
      return;
    }
    track('registration_completed', { origin, country: payload.country });
    try {
      await loginWithPassword(payload.email, payload.password, origin);
    } catch {
      setLoading(false);
      onLoginFailed(payload.email);
      return;
    }
    onLoggedIn?.();
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
      <CountrySelect
        value={values.country}
        onChange={(country) => change('country', country)}
        invalid={Boolean(visibleError('country'))}
        note={values.country && values.country !== 'AR' ? countryNote : null}
      />
      <EmailField
        autoComplete="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        onBlur={touch('email')}
        error={visibleError('email')}
      />
      <EmailField
        label="Confirmá tu correo electrónico"
        name="emailConfirm"
        autoComplete="email"
        value={values.emailConfirm}
        onChange={(event) => change('emailConfirm', event.target.value)}
        onBlur={touch('emailConfirm')}
        error={visibleError('emailConfirm')}
      />
      <PhoneField
        country={values.country}
        value={values.phone}
        onChange={(phone) => change('phone', phone)}
        onBlur={touch('phone')}
        error={visibleError('phone')}
        hint={phoneHint(values.country)}
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
      <PrivacyNotice />
      {serverError && (
        <Banner tone="danger">
          {serverError.text}
          {serverError.code === 'EMAIL_ALREADY_EXISTS' && <> {existingAccountLink(values.email.trim())}</>}
        </Banner>
      )}
      {missingText && (
        <p id={missingId} className="form-missing" role="status">
          {missingText}
        </p>
      )}
      <Button
        type="submit"
        block
        aria-disabled={loading || undefined}
        aria-describedby={missingText ? missingId : undefined}
        aria-busy={loading || undefined}
      >
        {loading ? 'Creando tu cuenta…' : submitLabel}
      </Button>
    </form>
  );
}
