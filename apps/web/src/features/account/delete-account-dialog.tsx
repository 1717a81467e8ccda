import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { loginPath } from '../../lib/paths';
import { CodeField } from '../../shared/auth/auth-fields';
import { leaveLoginNotice } from '../../shared/auth/login-notice';
import { endSession } from '../../shared/auth/session-actions';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { PasswordField } from '../../ui/password-field';
import { deleteAccount, requestDeletionCode } from './account-api';
import { accountErrorText } from './account-rules';

export const accountDeletedNotice =
  'Eliminamos tu cuenta y cerramos tu sesión en todos tus dispositivos. Te enviamos un correo de confirmación.';

/**
 * "Eliminar mi cuenta": says what is erased and what is kept, then asks her password (or, for an
 * account without one, a code mailed to her). Afterwards the session ends and she lands on /login
 * with a notice.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  hasPassword,
  email,
}: {
  open: boolean;
  onClose(): void;
  hasPassword: boolean;
  email: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    if (busy) return;
    setPassword('');
    setCode('');
    setCodeSent(false);
    setError(null);
    onClose();
  }

  async function sendCode() {
    setBusy(true);
    setError(null);
    try {
      await requestDeletionCode();
      setCodeSent(true);
    } catch (failure) {
      setError(
        accountErrorText(failure, 'No pudimos enviarte el código. Intentá nuevamente en unos minutos.'),
      );
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const proof = hasPassword ? { password } : { code: code.trim() };
    if ((hasPassword && !password) || (!hasPassword && !code.trim()) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(proof);
    } catch (failure) {
      setBusy(false);
      setError(
        accountErrorText(failure, 'No pudimos eliminar tu cuenta. Intentá nuevamente en unos minutos.'),
      );
      return;
    }
    track('account_deleted');
    // Ending the session sends this page to /login at once (the auth guard), with its own state:
    // the notice waits for the login page in sessionStorage.
    leaveLoginNotice(accountDeletedNotice);
    endSession('logout');
    queryClient.clear();
    navigate(loginPath, { replace: true });
  }

  return (
    <Dialog open={open} onClose={close} title="Eliminar mi cuenta" describedBy={descriptionId}>
      <DialogBody as="form" onSubmit={submit} noValidate aria-busy={busy}>
        <div id={descriptionId} className="account-delete-facts">
          <p>Si eliminás tu cuenta:</p>
          <ul>
            <li>Borramos tu nombre, tu correo, tu teléfono, tu progreso y tus certificados.</li>
            <li>
              Si tenés una suscripción, cancelamos la renovación: no se te cobra más y perdés el acceso que te
              quede.
            </li>
            <li>Cerramos tu sesión en todos tus dispositivos.</li>
            <li>
              Tus pagos quedan registrados sin tus datos personales, porque la ley nos obliga a conservarlos
              para la contabilidad.
            </li>
          </ul>
          <p>
            Es tu derecho de supresión (Ley 25.326 de Protección de Datos Personales). No se puede deshacer.
          </p>
        </div>
        {hasPassword ? (
          <PasswordField
            label="Tu contraseña"
            name="password"
            autoComplete="current-password"
            value={password}
            maxLength={128}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            hint="Escribila para confirmar que sos vos."
          />
        ) : codeSent ? (
          <>
            <Banner tone="success">Te enviamos un código a {email}. Vence en 1 hora.</Banner>
            <CodeField label="Código que recibiste" value={code} onChange={setCode} />
          </>
        ) : (
          <p>Tu cuenta no tiene contraseña. Para confirmar que sos vos, te enviamos un código a {email}.</p>
        )}
        {error && <Banner tone="danger">{error}</Banner>}
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          {!hasPassword && !codeSent ? (
            <Button onClick={() => void sendCode()} disabled={busy}>
              {busy ? 'Enviando…' : 'Enviarme un código'}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="danger"
              disabled={busy || (hasPassword ? !password : !code.trim())}
            >
              {busy ? 'Eliminando…' : 'Eliminar mi cuenta'}
            </Button>
          )}
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
