import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { pruneKept } from '../../features/course-viewer/kept-classes';
import { flushProgress, hasQueuedProgress } from '../../features/course-viewer/offline-progress-queue';
import { readCredentials } from '../../lib/session';
import { readItem, writeItem } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { calmSeconds, installDismissedKey, mayInvite, mayOfferUpdate } from './install-moment';
import { applyUpdate, forgetInstallOffer, pwaSnapshot, subscribeToPwa } from './register-service-worker';
import './pwa.css';

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * Back online (and once at start): her progress made offline goes to the API, and the kept
 * classes she may no longer play are deleted (decisions 0361, 0362).
 */
function useOfflineHousekeeping(online: boolean): void {
  useEffect(() => {
    const userId = readCredentials()?.userId;
    if (!online || !userId) return;
    if (hasQueuedProgress(userId)) void flushProgress(userId).catch(() => undefined);
    void pruneKept(userId).catch(() => undefined);
  }, [online]);
}

/**
 * The installable app's messages (issue 44, decisions 0363, 0364), at the bottom of the screen:
 * no connection; a new version ("Actualizar", when she chooses); the invitation to install, on a
 * calm page after a little while, dismissible and remembered.
 */
export default function PwaPrompts() {
  const { pathname } = useLocation();
  const online = useOnline();
  const pwa = useSyncExternalStore(subscribeToPwa, pwaSnapshot);
  const [calm, setCalm] = useState(false);
  const [dismissedAt, setDismissedAt] = useState(() => readItem(installDismissedKey));
  useOfflineHousekeeping(online);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts the calm wait again
  useEffect(() => {
    setCalm(false);
    const timer = setTimeout(() => setCalm(true), calmSeconds * 1000);
    return () => clearTimeout(timer);
  }, [pathname]);

  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  const invite =
    online && calm && pwa.installOffer !== null && mayInvite({ pathname, dismissedAt, standalone });
  const dismiss = () => {
    const at = new Date().toISOString();
    writeItem(installDismissedKey, at);
    setDismissedAt(at);
  };
  const install = async () => {
    const offer = pwa.installOffer;
    if (!offer) return;
    forgetInstallOffer();
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'dismissed') dismiss();
  };

  if (online && !invite && !(pwa.updateWaiting && mayOfferUpdate(pathname))) return null;
  return (
    <section className="pwa-prompts" aria-label="Avisos de la aplicación">
      {!online && (
        <Banner tone="info" title="Estás sin conexión">
          <p>
            Ves lo último que cargaste. Tus clases guardadas se escuchan sin internet:{' '}
            <Link to="/guardadas">Mis clases guardadas</Link>.
          </p>
        </Banner>
      )}
      {pwa.updateWaiting && mayOfferUpdate(pathname) && (
        <Banner
          tone="info"
          action={
            <Button size="small" onClick={applyUpdate}>
              Actualizar
            </Button>
          }
        >
          <p>Hay una versión nueva de Alcancía.</p>
        </Banner>
      )}
      {invite && (
        <Banner
          tone="info"
          title="Instalá Alcancía"
          action={
            <span className="pwa-prompt-actions">
              <Button size="small" onClick={() => void install()}>
                Instalar
              </Button>
              <Button size="small" variant="ghost" onClick={dismiss}>
                Ahora no
              </Button>
            </span>
          }
        >
          <p>Abrila desde tu pantalla de inicio y escuchá tus clases guardadas sin conexión.</p>
        </Banner>
      )}
    </section>
  );
}
