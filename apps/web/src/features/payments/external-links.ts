/**
 * Addresses outside the app that the checkouts lead to. They are the product's public pages and
 * support line; change them here (one place) when they move.
 */

/** Customer support on WhatsApp (the checkout's help link), with a first message typed in. */
export const supportWhatsAppNumber = '5491152630000';

export function supportWhatsAppUrl(message: string): string {
  return `https://wa.me/${supportWhatsAppNumber}?text=${encodeURIComponent(message)}`;
}

/** Where a subscription goes after exhaustedAttempts (spec §4): other ways to pay. */
export const subscriptionPaymentRejectedUrl = 'https://alcancia.com.ar/pago-rechazado';

/**
 * Where a program goes after exhaustedAttempts (spec §4) when it has no declinedPaymentFormUrl of
 * its own: the purchase form, where the team offers other ways to pay.
 */
export const programPurchaseFormUrl = 'https://alcancia.com.ar/formulario-de-compra';
