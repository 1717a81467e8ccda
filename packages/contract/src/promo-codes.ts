import { z } from 'zod';

/* ---------- POST /users/subscriptions/usePromoCode ---------- */

export const usePromoCodeRequestSchema = z.object({
  promoCode: z.string().trim().min(1, 'Ingrese el código').max(64),
});

export const usePromoCodeResponseSchema = z.object({
  /** true: nothing was granted, the discount applies at checkout (send the code there) */
  isDiscountCoupon: z.boolean(),
  /** YYYY-MM-DD after a free period; the unchanged end date (or null) for a coupon */
  subscriptionEndDate: z.string().nullable(),
});
export type UsePromoCodeResponse = z.infer<typeof usePromoCodeResponseSchema>;

/**
 * Promo code errors answer internalCode PROMO_CODE with one of these exact messages (the spec's
 * table); the web maps the message to its Spanish text.
 */
export const promoCodeMessages = {
  notFound: 'Not found promo code',
  expired: 'Expired promo code',
  inactive: 'Inactive promo code',
  disabled: 'Disabled promo code',
  exhausted: 'Exhausted promo code',
  alreadySubscription: 'The user already has an active subscription',
  alreadyPromoCode: 'The user already used the promo code',
  notAllowedCountryCode: 'The user does not have a allowed country code for the promo code',
  typeError: 'PromoCode type error',
} as const;
export type PromoCodeMessageKey = keyof typeof promoCodeMessages;
