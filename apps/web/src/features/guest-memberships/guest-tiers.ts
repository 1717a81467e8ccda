import { type GuestTier, guestMaxInstallments, guestTierTerms } from '@alcancia/contract/guest-tiers';
import { formatMoney } from '../../lib/format';

/** What the tier summary shows (spec §2 "Guest membership page"): title, price, access, installments. */
export function tierSummary(tier: GuestTier) {
  const terms = guestTierTerms[tier];
  return {
    title: terms.title,
    price: formatMoney(terms.priceCentavos),
    priceCentavos: terms.priceCentavos,
    access: terms.accessLabel,
    installments: `Hasta ${guestMaxInstallments} cuotas`,
  };
}

/** The tier's purchase page, e.g. /compra/mf-oro. */
export function tierPath(tier: GuestTier): string {
  return `/compra/${guestTierTerms[tier].slug}`;
}
