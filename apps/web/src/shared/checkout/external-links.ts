/**
 * Addresses outside the app that the checkouts lead to. They are the product's public pages and
 * support line; change them here (one place) when they move.
 */

/** Customer support on WhatsApp (the checkout's help link), with a first message typed in. */
export const supportWhatsAppNumber = '5491152630000';

export function supportWhatsAppUrl(message: string): string {
  return `https://wa.me/${supportWhatsAppNumber}?text=${encodeURIComponent(message)}`;
}
