/**
 * Guest membership tiers (spec purchases-payments §3, §9): bought without an account through the
 * card provider's redirect checkout (Checkout Pro). An approved payment creates or matches the
 * buyer's account by e-mail and grants access for the tier's duration.
 *
 * The tiers' terms and texts without zod, so the public guest pages stay light
 * (`@alcancia/contract/guest-tiers`); the request schemas are in guest-memberships.ts.
 */

export const guestTiers = ['BLACK', 'ORO', 'PLATINUM'] as const;
export type GuestTier = (typeof guestTiers)[number];

/** The tiers' fixed terms. Prices are centavos (ARS); the server charges these, never the browser's. */
export const guestTierTerms: Record<
  GuestTier,
  { title: string; priceCentavos: number; accessMonths: number; accessLabel: string; slug: string }
> = {
  BLACK: {
    title: 'Membresía Black',
    priceCentavos: 60_000,
    accessMonths: 12,
    accessLabel: '1 año',
    slug: 'mf-black',
  },
  ORO: {
    title: 'Membresía Oro',
    priceCentavos: 50_000,
    accessMonths: 6,
    accessLabel: '6 meses',
    slug: 'mf-oro',
  },
  PLATINUM: {
    title: 'Membresía Platinum',
    priceCentavos: 40_000,
    accessMonths: 3,
    accessLabel: '3 meses',
    slug: 'mf-platinum',
  },
};

/** Guest installments: at most 3. */
export const guestMaxInstallments = 3;

/** The guest form's e-mail message (spec §5). */
export const guestInvalidEmailMessage = 'El email ingresado no es válido';

/** The guest form's failure message (spec §8). */
export const guestPurchaseErrorMessage =
  'Hubo un error al procesar tu solicitud. Por favor, intenta nuevamente.';
