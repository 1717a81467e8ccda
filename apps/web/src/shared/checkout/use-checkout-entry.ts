import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { appReturnFromEntry, readAppReturn, saveAppReturn } from './app-return';
import type { RefusedPromo } from './promo-code-box';

/**
 * What a checkout takes from the way it was opened: the entry (navigation state), the promo code
 * (from the entry or ?promoCode=) and the app-return info, saved from the entry until the purchase
 * ends so a redirect or a reload still knows the way back to the app. A code the product refuses
 * on load is dropped and kept as `refusedPromo`: the promo box opens with it and says why.
 */
export function useCheckoutEntry() {
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const [promoCode, setPromoCode] = useState<string | null>(
    () => entry?.promoCode ?? (new URLSearchParams(location.search).get('promoCode')?.trim() || null),
  );
  const [refusedPromo, setRefusedPromo] = useState<RefusedPromo | null>(null);
  const appReturn = appReturnFromEntry(entry) ?? readAppReturn();

  useEffect(() => {
    const info = appReturnFromEntry(entry);
    if (info) saveAppReturn(info);
  }, [entry]);

  /** The code that came with the link was refused: drop it and say why next to the promo field. */
  function refusePromo(error: string) {
    if (promoCode) setRefusedPromo({ code: promoCode, error });
    setPromoCode(null);
  }

  return { entry, promoCode, setPromoCode, appReturn, refusedPromo, refusePromo };
}
