import { useId } from 'react';
import { Dialog } from '../../ui/dialog';
import './checkout.css';

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
      <div className="dialog-body">
        <p id={textId}>{text}</p>
        {code && <p className="dialog-code">Referencia: {code}</p>}
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            {actionLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
