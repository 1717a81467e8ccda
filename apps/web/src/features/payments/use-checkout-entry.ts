import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { appReturnFromEntry, readAppReturn, saveAppReturn } from './app-return';

/**
 * What a checkout takes from the way it was opened: the entry (navigation state), the promo code
 * (from the entry or ?promoCode=) and the app-return info, saved from the entry until the purchase
 * ends so a redirect or a reload still knows the way back to the app.
 */
export function useCheckoutEntry() {
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const [promoCode, setPromoCode] = useState<string | null>(
    () => entry?.promoCode ?? (new URLSearchParams(location.search).get('promoCode')?.trim() || null),
  );
  const appReturn = appReturnFromEntry(entry) ?? readAppReturn();

  useEffect(() => {
    const info = appReturnFromEntry(entry);
    if (info) saveAppReturn(info);
  }, [entry]);

  return { entry, promoCode, setPromoCode, appReturn };
}
