import { useState } from 'react';
import { CheckoutLoginForm } from './checkout-login-form';
import { CountryNotice } from './country-notice';
import { authTexts } from './messages';
import { RegisterForm } from './register-form';
import './identification.css';
import { Button } from '../../ui/button';

/** Spec §3 "Identification user case". */
export type UserCase = 'REGISTER' | 'LOGIN';

/**
 * The identification step before a checkout (subscriptions and programs): the switch between
 * register (the page's default) and login, each form with its own errors (so switching clears them),
 * and the Argentina-only notice above them (a note, not a blocking dialog). Registering logs
 * in automatically (source 'checkout'); once the session starts, the page moves on by itself.
 */
export function IdentificationStep({
  userCase,
  onUserCaseChange,
}: {
  userCase: UserCase;
  /** the page titles itself by the form shown */
  onUserCaseChange(next: UserCase): void;
}) {
  const [loginEmail, setLoginEmail] = useState('');
  const [loginNotice, setLoginNotice] = useState<string | null>(null);

  function switchTo(next: UserCase, email = '') {
    onUserCaseChange(next);
    setLoginEmail(email);
    setLoginNotice(null);
  }

  return (
    <>
      <CountryNotice />
      <fieldset className="user-case-switch">
        <legend className="visually-hidden">¿Ya tenés cuenta?</legend>
        <button
          type="button"
          className="user-case-option"
          aria-pressed={userCase === 'REGISTER'}
          onClick={() => switchTo('REGISTER')}
        >
          Crear cuenta
        </button>
        <button
          type="button"
          className="user-case-option"
          aria-pressed={userCase === 'LOGIN'}
          onClick={() => switchTo('LOGIN')}
        >
          Ya tengo cuenta
        </button>
      </fieldset>
      {userCase === 'REGISTER' ? (
        <RegisterForm
          origin="checkout"
          countryNote="Por ahora, las compras desde la web están disponibles solo para Argentina."
          submitLabel="Crear cuenta y continuar"
          existingAccountLink={(email) => (
            <Button variant="link" onClick={() => switchTo('LOGIN', email)}>
              Iniciá sesión
            </Button>
          )}
          onLoginFailed={(email) => {
            switchTo('LOGIN', email);
            setLoginNotice(authTexts.registeredLoginFailed);
          }}
        />
      ) : (
        <CheckoutLoginForm key={loginEmail} initialEmail={loginEmail} notice={loginNotice} />
      )}
    </>
  );
}
