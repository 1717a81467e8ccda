import type { AccountSubscription, AccountSubscriptionStatus } from '@alcancia/contract';
import { formatDate, formatMoney } from '../../lib/format';

/** What Mi cuenta → Suscripción shows and offers, from her subscription. */

export function statusLabel(subscription: AccountSubscription): string {
  const labels: Record<AccountSubscriptionStatus, string> = {
    trial: 'En prueba',
    active: 'Activa',
    cancelled: subscription.currentPeriodEnd
      ? `Cancelada — acceso hasta el ${formatDate(subscription.currentPeriodEnd)}`
      : 'Cancelada',
    past_due: 'Pago pendiente',
    expired: 'Vencida',
    none: 'Sin suscripción',
  };
  return labels[subscription.status];
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  naranja: 'Naranja',
  cabal: 'Cabal',
};

/** "Visa terminada en 3704" */
export function cardLabel(card: NonNullable<AccountSubscription['card']>): string {
  const brand = brandNames[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} terminada en ${card.lastFour}`;
}

/** "Visa terminada en 3704 (vence 11/30)": the card saved at Mercado Pago, offered for a reactivation. */
export function storedCardLabel(card: NonNullable<AccountSubscription['storedCard']>): string {
  const month = String(card.expirationMonth).padStart(2, '0');
  const year = String(card.expirationYear % 100).padStart(2, '0');
  return `${cardLabel(card)} (vence ${month}/${year})`;
}

/** The security code's length for a card brand (American Express has 4 digits, on the front). */
export function securityCodeLengthOf(brand: string): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/** A card subscription of ours: only those are managed here (promo codes and memberships are not). */
const managed = (s: AccountSubscription) => s.origin === 'CARD';

export interface SubscriptionActions {
  changeCard: boolean;
  changePlan: boolean;
  cancel: boolean;
  reactivate: boolean;
  subscribe: boolean;
}

export function actionsFor(subscription: AccountSubscription): SubscriptionActions {
  const live = ['trial', 'active', 'past_due'].includes(subscription.status);
  return {
    changeCard: managed(subscription) && live,
    changePlan: live || subscription.status === 'cancelled',
    cancel: managed(subscription) && live,
    reactivate: managed(subscription) && subscription.status === 'cancelled',
    subscribe: subscription.status === 'none' || subscription.status === 'expired',
  };
}

/**
 * "29/12/2026 · $ 27.000,00": what the provider charges next and when, as the API computes it (a
 * scheduled price change included); the amount is left out when unknown.
 */
export function nextChargeText(
  date: string,
  amount: number | null,
  dateText: (date: string) => string = formatDate,
): string {
  return amount === null ? dateText(date) : `${dateText(date)} · ${formatMoney(amount)}`;
}
