import { track } from '../../lib/analytics';
import { StoreButtons } from '../../shared/account/store-buttons';
import { Dialog, DialogBody } from '../../ui/dialog';
import { comingSoonTitle, type NavItem } from './nav-model';

/** "{Sección} Próximamente": the section comes to the web later and works in the app today. */
export function ComingSoonModal({ item, onClose }: { item: NavItem | null; onClose(): void }) {
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={item ? comingSoonTitle(item) : ''}
      describedBy="coming-soon-text"
    >
      {item && (
        <DialogBody>
          <p id="coming-soon-text">
            Muy pronto vas a poder usar {item.section} desde la web. Mientras tanto, ya la tenés disponible en
            la app de Alcancía.
          </p>
          <StoreButtons
            onChoose={(store) => track('coming_soon_store_click', { section: item.key, store })}
          />
        </DialogBody>
      )}
    </Dialog>
  );
}
