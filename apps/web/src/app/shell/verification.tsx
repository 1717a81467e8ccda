import type { CurrentUser } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client';
import { accountKeys } from '../../shared/account/account-queries';
import { verificationState } from '../../shared/account/account-rules';
import { useLogout } from '../../shared/auth/use-logout';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { Icon } from '../../ui/icons';

/** The unverified-account red banner (first 3 days) or the blocking modal (afterwards). */
export function VerificationNotice({ user }: { user: CurrentUser }) {
  const state = verificationState(user);
  if (state === 'banner') {
    return (
      <div className="verify-banner" role="status">
        <Icon name="info" size={20} />
        <p>
          Validá tu cuenta: te enviamos un correo a <strong>{user.email}</strong> con el enlace para hacerlo.
        </p>
      </div>
    );
  }
  if (state === 'blocked') return <BlockingModal email={user.email} />;
  return null;
}

type ResendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'error'; message: string };

function BlockingModal({ email }: { email: string }) {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });

  async function onResend() {
    setResend({ kind: 'sending' });
    try {
      await apiRequest('/users/resendConfirmationCode', { method: 'POST', body: { email } });
      setResend({ kind: 'sent' });
    } catch (error) {
      // Validated meanwhile (another tab, the mail's link): the account is read again, which
      // lifts this modal.
      if (error instanceof ApiError && error.internalCode === 'EMAIL_ALREADY_VERIFIED') {
        void queryClient.invalidateQueries({ queryKey: accountKeys.currentUser });
      }
      setResend({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <Dialog
      open
      onClose={() => undefined}
      title="Aún no validaste tu cuenta"
      describedBy="blocking-modal-text"
      hideCloseButton
    >
      <DialogBody>
        <p id="blocking-modal-text">
          Para seguir usando Alcancía validá tu cuenta con el enlace que te enviamos a{' '}
          <strong>{email}</strong>. Si no lo encontrás, revisá la carpeta de correo no deseado o pedí uno
          nuevo.
        </p>
        <div aria-live="polite">
          {resend.kind === 'sent' && <Banner tone="success">Codigo reenviado.</Banner>}
          {resend.kind === 'error' && <Banner tone="danger">{resend.message}</Banner>}
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={logout}>
            Cerrar Sesión
          </Button>
          <Button onClick={onResend} disabled={resend.kind === 'sending'} data-autofocus>
            {resend.kind === 'sending' ? 'Reenviando…' : 'Reenviar código'}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
