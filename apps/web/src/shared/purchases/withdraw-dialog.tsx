import type { AccountPayment, WithdrawalResponse } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { withdrawPayment } from './account-payments-api';
import { refundStatusText } from './payment-labels';
import { withdrawalAccessNote, withdrawalRefundText } from './withdrawal-rules';

const fallbackError = 'No pudimos registrar tu arrepentimiento. Probá de nuevo en unos minutos.';

/**
 * The one confirmation of a withdrawal from her account: what she gets back and what ends, then
 * the revocation code. Every query is refreshed after it (her purchases, locks, the list).
 */
export function WithdrawDialog({ payment, onClose }: { payment: AccountPayment | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<WithdrawalResponse | null>(null);
  const descriptionId = useId();

  function close() {
    if (sending) return;
    setError(null);
    setResult(null);
    onClose();
  }

  async function confirm() {
    if (!payment || sending) return;
    setSending(true);
    setError(null);
    try {
      setResult(await withdrawPayment(payment.id));
      void queryClient.invalidateQueries();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : fallbackError);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={payment !== null}
      onClose={close}
      title={result ? 'Te arrepentiste de la compra' : '¿Te arrepentís de esta compra?'}
      describedBy={descriptionId}
    >
      {payment && !result && (
        <DialogBody aria-busy={sending}>
          <div id={descriptionId}>
            <p>
              <strong>{payment.concept}</strong>, pagado el {formatDate(payment.date)}.
            </p>
            <p>
              {withdrawalRefundText(payment, formatMoney)} {withdrawalAccessNote(payment)} No se puede
              deshacer.
            </p>
          </div>
          {error && <Banner tone="danger">{error}</Banner>}
          <DialogActions>
            <Button onClick={confirm} disabled={sending}>
              {sending ? 'Registrando…' : 'Sí, arrepentirme'}
            </Button>
            <Button variant="secondary" onClick={close} disabled={sending} data-autofocus>
              No, volver
            </Button>
          </DialogActions>
        </DialogBody>
      )}
      {payment && result && (
        <DialogBody>
          <div id={descriptionId} role="status">
            <p>
              Tu código de arrepentimiento es{' '}
              <strong className="revocation-code">{result.revocationCode}</strong>. También te lo enviamos por
              correo.
            </p>
            <p>{refundStatusText(result.refundStatus)}</p>
          </div>
          <DialogActions>
            <Button onClick={close} data-autofocus>
              Entendido
            </Button>
          </DialogActions>
        </DialogBody>
      )}
    </Dialog>
  );
}
