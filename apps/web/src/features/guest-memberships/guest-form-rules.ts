import type { GuestPreferenceRequest } from '@alcancia/contract';
import {
  type GuestTier,
  guestInvalidEmailMessage,
  guestMaxInstallments,
  guestTierTerms,
} from '@alcancia/contract/guest-tiers';
import { emailPattern, normalizePhone } from '@alcancia/contract/rules';
import { invoiceDocumentOf } from '../../shared/checkout/invoice-document-field';

/** The pure rules of the guest membership form (spec §5 "Guest purchase"), testable without a browser. */
export interface GuestFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** optional: her DNI for the invoice (decision 0133) */
  invoiceDocument: string;
}

export type GuestField = keyof GuestFormValues;

export const emptyGuestValues: GuestFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  invoiceDocument: '',
};

export const guestInvalidPhoneMessage =
  'El teléfono no es válido: escribilo con el código de área, sin el 0 ni el 15 (ej.: 11 2345 6789).';

/** The three result pages of a tier (Checkout Pro's back_urls). */
export const guestResults = ['exito', 'pendiente', 'error'] as const;
export type GuestResult = (typeof guestResults)[number];

export function isGuestResult(value: string | undefined): value is GuestResult {
  return guestResults.includes(value as GuestResult);
}

/** The result pages of a tier, as absolute URLs on this site. */
export function guestBackUrls(tier: GuestTier, origin: string) {
  const base = `${origin}/compra/${guestTierTerms[tier].slug}`;
  return { success: `${base}/exito`, pending: `${base}/pendiente`, failure: `${base}/error` };
}

/** Keeps what a phone may hold while typing: digits and the separators people use. */
export function sanitizeGuestPhone(value: string): string {
  return value.replace(/[^\d\s\-()+]/g, '').slice(0, 30);
}

/** Spec: every field is required (but the optional DNI for the invoice); the pay button stays disabled until they are all filled. */
export function isGuestFormFilled(values: GuestFormValues): boolean {
  return (
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    values.email.trim() !== '' &&
    values.phone.trim() !== ''
  );
}

/** Field errors of the current values (empty fields are not errors: the button waits for them). */
export function guestFormErrors(values: GuestFormValues): Partial<Record<GuestField, string>> {
  const errors: Partial<Record<GuestField, string>> = {};
  const email = values.email.trim();
  if (email && (email.length > 254 || !emailPattern.test(email))) errors.email = guestInvalidEmailMessage;
  // The server keeps Argentine numbers as +54 9 …: what it would refuse is refused here, with why.
  if (values.phone.trim() && normalizePhone('AR', values.phone) === null)
    errors.phone = guestInvalidPhoneMessage;
  const invoiceDocument = invoiceDocumentOf(values.invoiceDocument).error;
  if (invoiceDocument) errors.invoiceDocument = invoiceDocument;
  return errors;
}

/**
 * The spec's preference payload for a tier, or null when the form cannot be sent. The server
 * reads only the tier and the payer; the price and options are sent because the spec's payload
 * has them, and the server charges its own.
 */
export function toGuestPreference(
  tier: GuestTier,
  values: GuestFormValues,
  origin: string,
): GuestPreferenceRequest | null {
  if (!isGuestFormFilled(values) || Object.keys(guestFormErrors(values)).length > 0) return null;
  const terms = guestTierTerms[tier];
  const invoiceDocument = invoiceDocumentOf(values.invoiceDocument).document;
  return {
    items: [{ id: tier, title: terms.title, quantity: 1, unit_price: terms.priceCentavos / 100 }],
    payer: {
      email: values.email.trim().toLowerCase(),
      phone: { number: values.phone.trim() },
      name: values.firstName.trim(),
      surname: values.lastName.trim(),
    },
    back_urls: guestBackUrls(tier, origin),
    binary_mode: true,
    payment_methods: { installments: guestMaxInstallments },
    auto_return: 'approved',
    ...(invoiceDocument ? { invoiceDocument } : {}),
  };
}
