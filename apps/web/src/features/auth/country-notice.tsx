import { useId, useState } from 'react';
import { readItem, writeItem } from '../../lib/storage';
import { Dialog } from '../../ui/dialog';

/** Shared with the register page: the 'Importante' notice shows once per browser session. */
export const countryNoticeSeenKey = 'registerCountryNoticeSeen';

/** Whether the notice is still to be shown in this browser session, and the way to close it. */
export function useCountryNotice() {
  const [open, setOpen] = useState(() => readItem(countryNoticeSeenKey, 'session') !== 'true');
  return {
    open,
    close() {
      writeItem(countryNoticeSeenKey, 'true', 'session');
      setOpen(false);
    },
  };
}

/**
 * Spec §5: the register screen's 'Importante' modal, saying the content is only available for
 * Argentina. Used by the identification steps before a purchase.
 */
export function CountryNoticeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} title="Importante" describedBy={textId} hideCloseButton>
      <div className="dialog-body">
        <p id={textId}>
          Por ahora, el contenido de Alcancía está disponible solo para Argentina. Si vivís en otro país,
          podés crear tu cuenta igual, pero no vas a poder comprar suscripciones ni programas desde la web.
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            Entendido
          </button>
        </div>
      </div>
    </Dialog>
  );
}
