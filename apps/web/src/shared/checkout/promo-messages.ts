import type { PromoCodeMessageKey } from '@alcancia/contract';
import { ApiError } from '../../lib/api-client';

/**
 * Promo codes (spec §8), for subscriptions and programs alike: the server answers internalCode
 * PROMO_CODE with one of the table's messages (in English); the web shows its own Spanish text per
 * key. The server messages are repeated here (not imported) so the plan list does not load zod; a
 * unit test checks they match the contract's `promoCodeMessages`.
 */
export const promoServerMessages = {
  notFound: 'Not found promo code',
  expired: 'Expired promo code',
  inactive: 'Inactive promo code',
  disabled: 'Disabled promo code',
  exhausted: 'Exhausted promo code',
  alreadySubscription: 'The user already has an active subscription',
  alreadyPromoCode: 'The user already used the promo code',
  notAllowedCountryCode: 'The user does not have a allowed country code for the promo code',
  typeError: 'PromoCode type error',
} as const satisfies Record<PromoCodeMessageKey, string>;

export type PromoMessageKey = PromoCodeMessageKey | 'generic' | 'empty';

export const promoTexts = {
  notFound: 'No encontramos ese código. Revisá que esté bien escrito.',
  expired: 'Este código ya venció.',
  inactive: 'Este código todavía no está activo. Probá más adelante.',
  disabled: 'Este código fue dado de baja y ya no se puede usar.',
  exhausted: 'Este código ya alcanzó su límite de usos.',
  alreadySubscription: 'Ya tenés una suscripción activa, así que no podés usar este código ahora.',
  alreadyPromoCode: 'Ya usaste este código antes. Cada código se puede usar una sola vez.',
  notAllowedCountryCode: 'Este código no está disponible para el país de tu cuenta.',
  typeError: 'Este código no se puede usar acá. Revisá para qué producto es.',
  generic:
    'No pudimos validar tu código. Intentá de nuevo en unos minutos y, si sigue sin funcionar, escribinos a ayuda@alcancia.com.ar.',
  empty: 'Ingrese el código',
} as const satisfies Record<PromoMessageKey, string>;

const keyByMessage = new Map<string, PromoCodeMessageKey>(
  (Object.entries(promoServerMessages) as [PromoCodeMessageKey, string][]).map(([key, message]) => [
    message.toLowerCase(),
    key,
  ]),
);

/** The key of a server message (compared ignoring case and surrounding spaces); generic otherwise. */
export function promoMessageKey(serverMessage: string | null | undefined): PromoMessageKey {
  if (!serverMessage) return 'generic';
  return keyByMessage.get(serverMessage.trim().toLowerCase()) ?? 'generic';
}

/** The Spanish text for a failed promo-code call. */
export function promoErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.internalCode === 'PROMO_CODE') return promoTexts[promoMessageKey(error.message)];
    if (error.internalCode === 'NETWORK_ERROR' || error.internalCode === 'TOO_MANY_REQUESTS') {
      return error.message;
    }
  }
  return promoTexts.generic;
}
