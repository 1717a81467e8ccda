import { type CountryCode, countries } from '@alcancia/contract/rules';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { asNavigationState, safeFollowingPage } from '../../lib/entry-params';
import { readItem, writeItem } from '../../lib/storage';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { Dialog } from '../../ui/dialog';
import { Alert } from '../../ui/feedback';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';
import { register } from './auth-api';
import { AuthScreen } from './auth-screen';
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

export const termsPath = '/terminos-y-condiciones';
const noticeSeenKey = 'registerCountryNoticeSeen';

export default function RegisterPage() {
  usePageTitle('Crear cuenta');
  const location = useLocation();
  const navigate = useNavigate();
  const state = asNavigationState(location.state);
  const followingPage = safeFollowingPage(state.followingPage);
  const carried = { followingPage: followingPage ?? undefined, entry: state.entry };
  const loggedIn = useIsLoggedIn();

  const [values, setValues] = useState<RegisterValues>(() => ({
    ...emptyRegisterValues,
    email: state.email ?? '',
  }));
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [serverFields, setServerFields] = useState<Partial<Record<RegisterField, string>>>({});
  const [serverError, setServerError] = useState<{ text: string; code: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(() => readItem(noticeSeenKey, 'session') !== 'true');
  const checklistId = useId();
  const noticeTextId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  if (loggedIn && !loading) return <Navigate to={followingPage ?? '/'} replace />;

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

  function closeNotice() {
    writeItem(noticeSeenKey, 'true', 'session');
    setNoticeOpen(false);
    // The notice opened with the page: continue at the first field rather than at the top.
    requestAnimationFrame(() => nameRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
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
    track('registration_completed', { origin: 'organic', country: payload.country });
    try {
      await loginWithPassword(payload.email, payload.password, 'organic');
      navigate(followingPage ?? '/', { replace: true });
    } catch {
      navigate('/login', {
        replace: true,
        state: { ...carried, email: payload.email, notice: authTexts.registeredLoginFailed },
      });
    }
  }

  return (
    <AuthScreen title="Creá tu cuenta" subtitle="Sumate a la academia y empezá a ordenar tus finanzas.">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={loading}>
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
          <label className="field-label" htmlFor="register-country">
            País
          </label>
          <div className="field-box field-select">
            <select
              id="register-country"
              name="country"
              className="field-input"
              autoComplete="country"
              value={values.country}
              aria-describedby={
                values.country && values.country !== 'AR' ? 'register-country-note' : undefined
              }
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
            <p id="register-country-note" className="field-hint field-hint-info">
              Por ahora, el contenido de Alcancía está disponible solo para Argentina.
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
                <Link to="/login" state={{ ...carried, email: values.email.trim() }}>
                  Iniciá sesión
                </Link>
              </>
            )}
          </Alert>
        )}
        <button type="submit" className="button button-primary button-block" disabled={!canSubmit}>
          {loading ? 'Creando tu cuenta…' : 'Crear cuenta'}
        </button>
        {!canSubmit && !loading && !serverError && (
          <p className="form-hint">Completá todos los datos para crear tu cuenta.</p>
        )}
      </form>
      <p className="auth-switch">
        ¿Ya tenés cuenta?{' '}
        <Link to="/login" state={carried}>
          Iniciá sesión
        </Link>
      </p>
      <Dialog
        open={noticeOpen}
        onClose={closeNotice}
        title="Importante"
        describedBy={noticeTextId}
        hideCloseButton
      >
        <div className="dialog-body">
          <p id={noticeTextId}>
            Por ahora, el contenido de Alcancía está disponible solo para Argentina. Si vivís en otro país,
            podés crear tu cuenta igual, pero no vas a poder comprar suscripciones ni programas desde la web.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={closeNotice}>
              Entendido
            </button>
          </div>
        </div>
      </Dialog>
    </AuthScreen>
  );
}
