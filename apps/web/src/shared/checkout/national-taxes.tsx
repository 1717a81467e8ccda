import { priceWithoutNationalTaxes } from '@alcancia/contract/prices';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { fetchPaymentsConfig } from './mercadopago';
import './national-taxes.css';

/** Whether prices show "Precio sin impuestos nacionales": known once GET /payments/config answered. */
let known: boolean | null = null;
let asking: Promise<boolean> | null = null;

/** Records the API's answer (the card form's config carries it too); tests set it directly. */
export function rememberNationalTaxesDisplay(show: boolean): void {
  known = show;
}

function ask(): Promise<boolean> {
  asking ??= fetchPaymentsConfig()
    .then((config) => {
      known = config.showPriceWithoutNationalTaxes;
      return known;
    })
    .catch(() => {
      // Not shown when the API cannot say; asked again on the next page that needs it.
      asking = null;
      return false;
    });
  return asking;
}

/** True when the issuer is a responsable inscripto (Res. SIyC 4/2025): asked once per visit. */
export function useShowsPriceWithoutNationalTaxes(): boolean {
  const [show, setShow] = useState(known ?? false);
  useEffect(() => {
    if (known !== null) {
      setShow(known);
      return;
    }
    let live = true;
    void ask().then((value) => {
      if (live) setShow(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return show;
}

/**
 * "Precio sin impuestos nacionales: $ 9.834,71" in smaller type beside a final price, only when the
 * issuer is a responsable inscripto (decision 0132); nothing for a monotributista.
 */
export function PriceWithoutNationalTaxes({ centavos }: { centavos: number }) {
  const show = useShowsPriceWithoutNationalTaxes();
  if (!show || centavos <= 0) return null;
  return (
    <p className="price-without-taxes">
      <small>Precio sin impuestos nacionales: {formatMoney(priceWithoutNationalTaxes(centavos))}</small>
    </p>
  );
}
