import { isValidPassword } from '@alcancia/contract/rules';
import { type FormEvent, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { PasswordChecklist } from '../../shared/auth/password-checklist';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { PasswordField } from '../../ui/password-field';
import { changePassword } from './account-api';
import { accountErrorText } from './account-rules';

/**
 * "Cambiar contraseña": the current one and the new one with registration's live checklist.
 * Every other session ends; this one stays. Accounts without a password (social login) are told
 * how to create one.
 */
export function PasswordChange({ hasPassword }: { hasPassword: boolean | undefined }) {
  const headingId = useId();
  const checklistId = useId();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const canSubmit = current !== '' && isValidPassword(next) && !busy;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
      track('account_password_changed');
      setOpen(false);
      setCurrent('');
      setNext('');
      setDone(true);
    } catch (failure) {
      setError(
        accountErrorText(failure, 'No pudimos cambiar tu contraseña. Intentá nuevamente en unos minutos.'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h3 id={headingId}>Contraseña</h3>
      {hasPassword === false ? (
        <p>
          Tu cuenta no tiene contraseña: entrás con Google o Facebook. Si querés entrar también con tu correo,
          cerrá sesión y elegí «¿Olvidaste tu contraseña?» en el inicio de sesión: te enviamos un código para
          crearla.
        </p>
      ) : (
        <>
          {done && (
            <Banner tone="success">
              Cambiaste tu contraseña. Cerramos tu sesión en los demás dispositivos; en este seguís conectada.
            </Banner>
          )}
          {!open && (
            <Button
              variant="secondary"
              onClick={() => {
                setDone(false);
                setOpen(true);
              }}
            >
              Cambiar contraseña
            </Button>
          )}
          {open && (
            <form className="form account-form" onSubmit={submit} noValidate aria-busy={busy}>
              <PasswordField
                label="Contraseña actual"
                name="currentPassword"
                autoComplete="current-password"
                value={current}
                maxLength={128}
                onChange={(event) => {
                  setCurrent(event.target.value);
                  setError(null);
                }}
                autoFocus
              />
              <PasswordField
                label="Contraseña nueva"
                name="newPassword"
                autoComplete="new-password"
                value={next}
                maxLength={128}
                onChange={(event) => {
                  setNext(event.target.value);
                  setError(null);
                }}
                describedBy={checklistId}
              />
              <PasswordChecklist id={checklistId} password={next} />
              <p className="form-hint">Al cambiarla, cerramos tu sesión en los demás dispositivos.</p>
              {error && <Banner tone="danger">{error}</Banner>}
              <div className="account-actions">
                <Button type="submit" disabled={!canSubmit}>
                  {busy ? 'Cambiando…' : 'Cambiar contraseña'}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOpen(false);
                    setCurrent('');
                    setNext('');
                    setError(null);
                  }}
                >
                  Cancelar
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
