import { useEffect } from 'react';
import { useParams } from 'react-router';
import { track } from '../../lib/analytics';
import { usePageTitle } from '../../lib/use-page-title';
import { appStoreDeepLink } from '../../shared/account/app-links';
import { Spinner } from '../../ui/feedback';

export const scanRedirectDelayMs = 500;

/** /scan/{vertical}: a scanned QR code; logs scan_qr_to_app, then (500 ms) opens the app store. */
export default function ScanPage() {
  usePageTitle('Descargá la app');
  const { vertical = '' } = useParams();
  const target = appStoreDeepLink(navigator.userAgent);
  useEffect(() => {
    track('scan_qr_to_app', { vertical });
    const timer = setTimeout(() => window.location.assign(target), scanRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [vertical, target]);
  return (
    <section className="prose" aria-labelledby="scan-title">
      <h1 id="scan-title">Te llevamos a la app de Alcancía</h1>
      <Spinner label="Abriendo la tienda de aplicaciones…" />
      <p>
        Si no se abre sola, <a href={target}>descargala desde acá</a>.
      </p>
    </section>
  );
}
