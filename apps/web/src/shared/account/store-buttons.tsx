import { plansPath } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { appStoreUrl, isWebView, playStoreUrl } from './app-links';

/**
 * "Download the app" buttons (App Store and Google Play); inside the app's web view, where a
 * store makes no sense, a link to the subscription plans instead.
 */
export function StoreButtons({ onChoose }: { onChoose?(store: 'ios' | 'android' | 'subscription'): void }) {
  if (typeof navigator !== 'undefined' && isWebView(navigator.userAgent)) {
    return (
      <div className="store-buttons">
        <ButtonLink to={plansPath} onClick={() => onChoose?.('subscription')}>
          Ver planes de suscripción
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="store-buttons">
      <a
        className="store-button"
        href={appStoreUrl}
        target="_blank"
        rel="noreferrer"
        onClick={() => onChoose?.('ios')}
      >
        <span className="store-button-small">Descargala en el</span>
        <span className="store-button-big">App Store</span>
        <span className="visually-hidden"> (se abre en otra pestaña)</span>
      </a>
      <a
        className="store-button"
        href={playStoreUrl}
        target="_blank"
        rel="noreferrer"
        onClick={() => onChoose?.('android')}
      >
        <span className="store-button-small">Disponible en</span>
        <span className="store-button-big">Google Play</span>
        <span className="visually-hidden"> (se abre en otra pestaña)</span>
      </a>
    </div>
  );
}
