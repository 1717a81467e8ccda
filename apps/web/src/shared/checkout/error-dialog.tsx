import { useId } from 'react';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import './checkout.css';
import { Button } from '../../ui/button';

/**
 * The spec's error dialog: a title, a description and a close action. `code` is the spec's
 * technical reference ("Error plans", …), shown small under the Spanish text so support can
 * recognise it.
 */
export function ErrorDialog({
  open = true,
  title,
  text,
  code,
  actionLabel = 'Entendido',
  onClose,
}: {
  open?: boolean;
  title: string;
  text: string;
  code?: string;
  actionLabel?: string;
  onClose(): void;
}) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={title} describedBy={textId}>
      <DialogBody>
        <p id={textId}>{text}</p>
        {code && <p className="dialog-code">Referencia: {code}</p>}
        <DialogActions>
          <Button onClick={onClose} data-autofocus>
            {actionLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
