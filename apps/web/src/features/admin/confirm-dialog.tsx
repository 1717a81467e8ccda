import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { Field, FieldBox, FieldLabel, fieldInputClass } from '../../ui/field-parts';
import { adminErrorText } from './admin-api';

/**
 * Every back-office action that changes something asks first: what will happen, a reason when
 * the audit log keeps one, and one button that stays busy until the API answers (a second press
 * does nothing; the API itself does the action once).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  askReason = false,
  canConfirm = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** a required "Motivo" field, passed to onConfirm */
  askReason?: boolean;
  /** false while the dialog's own fields are not valid */
  canConfirm?: boolean;
  onConfirm(reason: string): Promise<void>;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const reasonId = useId();
  const ready = canConfirm && (!askReason || reason.trim().length >= 3);

  function close() {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setReason('');
      onClose();
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} title={title} describedBy={descriptionId}>
      <form onSubmit={submit}>
        <DialogBody>
          <div id={descriptionId}>{children}</div>
          {askReason && (
            <Field>
              <FieldLabel htmlFor={reasonId}>Motivo (queda en la auditoría)</FieldLabel>
              <FieldBox>
                <textarea
                  id={reasonId}
                  className={fieldInputClass()}
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  data-autofocus
                />
              </FieldBox>
            </Field>
          )}
          {error && <Banner tone="danger">{error}</Banner>}
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" className={danger ? 'admin-danger' : undefined} disabled={!ready || busy}>
            {busy ? 'Procesando…' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
