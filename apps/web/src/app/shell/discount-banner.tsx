import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { track } from '../../lib/analytics';
import { readItem, writeItem } from '../../lib/storage';
import { useSubscription } from '../../shared/account/account-queries';
import { promoCodeEntryPath, showDiscountBanner } from '../../shared/account/account-rules';
import { Icon } from '../../ui/icons';

const closedKey = 'discountBannerClosed';

/**
 * "¿Tenés un código de descuento?": hidden while the subscription loads, for subscribers and in
 * the checkouts;
 * closable (for this visit); the text leads to the promo code flow of the plan list.
 */
export function DiscountBanner() {
  const subscription = useSubscription();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(() => readItem(closedKey, 'session') === '1');
  if (!showDiscountBanner(subscription.data, closed, pathname)) return null;
  return (
    <aside className="discount-banner" aria-label="Código de descuento">
      <Link
        to={promoCodeEntryPath}
        className="discount-banner-link"
        onClick={() => track('academy_promoCode_link_click', { from: 'banner' })}
      >
        <Icon name="info" size={20} />
        <span>
          ¿Tenés un código de descuento? <strong>Usalo acá</strong>
        </span>
      </Link>
      <button
        type="button"
        className="icon-button"
        aria-label="Cerrar aviso de código de descuento"
        onClick={() => {
          writeItem(closedKey, '1', 'session');
          setClosed(true);
          track('academy_promoCode_cancel_click', { from: 'banner' });
        }}
      >
        <Icon name="close" size={20} />
      </button>
    </aside>
  );
}
