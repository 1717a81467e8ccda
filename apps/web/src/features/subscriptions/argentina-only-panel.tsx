import { useEffect, useId } from 'react';
import { track } from '../../lib/analytics';
import { appStoreUrl, playStoreUrl } from '../../shared/account/app-links';
import { ButtonLink } from '../../ui/button';

/**
 * For accounts outside Argentina (spec §1, §4 country gate): web purchases are Argentina-only,
 * so the panel pushes the mobile app instead of showing plans.
 */
export function ArgentinaOnlyPanel() {
  const titleId = useId();
  useEffect(() => {
    track('subscription_country_panel_view');
  }, []);
  return (
    <section className="ar-only" aria-labelledby={titleId} data-panel="argentina-only">
      <h2 id={titleId} className="ar-only-title">
        La suscripción desde la web es solo para Argentina
      </h2>
      <p>
        Por ahora, las suscripciones y los programas se compran en la web solo con cuentas de Argentina. Si
        vivís en otro país, descargá la app de Alcancía y suscribite desde ahí.
      </p>
      <ul className="ar-only-stores">
        <li>
          <ButtonLink
            href={appStoreUrl}
            target="_blank"
            rel="noreferrer"
            onClick={() => track('subscription_country_panel_store_click', { store: 'ios' })}
          >
            Descargar en App Store<span className="visually-hidden"> (se abre en otra pestaña)</span>
          </ButtonLink>
        </li>
        <li>
          <ButtonLink
            variant="secondary"
            href={playStoreUrl}
            target="_blank"
            rel="noreferrer"
            onClick={() => track('subscription_country_panel_store_click', { store: 'android' })}
          >
            Descargar en Google Play<span className="visually-hidden"> (se abre en otra pestaña)</span>
          </ButtonLink>
        </li>
      </ul>
    </section>
  );
}
