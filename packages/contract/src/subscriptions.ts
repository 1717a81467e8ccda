import { z } from 'zod';
import { invoiceDocumentSchema } from './invoices';
import { refundStatusSchema } from './payments';

/** Money crosses the API as integer centavos (ARS); the web formats it with es-AR. */
const centavos = z.number().int().nonnegative();

/* ---------- plans ---------- */

/** Keys of `providerPlans`; the checkout route's {planFrequency} is one of them. */
export const planFrequencies = [
  'weekly',
  'fortnightly',
  'monthly',
  'bimonthly',
  'quarterly',
  'fourMonthly',
  'semester',
  'annual',
] as const;
export const planFrequencySchema = z.enum(planFrequencies);
export type PlanFrequency = z.infer<typeof planFrequencySchema>;

export const frequencyTypes = [
  '7days',
  '15days',
  '1months',
  '2months',
  '3months',
  '4months',
  '6months',
  '12months',
] as const;
export const frequencyTypeSchema = z.enum(frequencyTypes);
export type FrequencyType = z.infer<typeof frequencyTypeSchema>;

/** The billing period of each frequency (spec §9 labels). */
export const frequencyTypeOf: Record<PlanFrequency, FrequencyType> = {
  weekly: '7days',
  fortnightly: '15days',
  monthly: '1months',
  bimonthly: '2months',
  quarterly: '3months',
  fourMonthly: '4months',
  semester: '6months',
  annual: '12months',
};

export const freeTrialSchema = z.object({
  frequency: z.number().int().positive(),
  frequencyType: z.enum(['months', 'days']),
});
export type FreeTrial = z.infer<typeof freeTrialSchema>;

export const providerPlanSchema = z.object({
  frequency: planFrequencySchema,
  frequencyType: frequencyTypeSchema,
  /** centavos; discountPrice is what is charged when not null (plan discount or applied coupon) */
  prices: z.object({
    regularPrice: centavos,
    discountPrice: centavos.nullable(),
    /** percent off the regular price, rounded; null without a discount */
    discountPercentage: z.number().int().min(0).max(100).nullable(),
  }),
  /** true when the promoCode of the request discounted this provider plan */
  promoCodeApplied: z.boolean(),
  freeTrial: freeTrialSchema.nullable(),
  /** 'MP' (card form) or the redirect provider's code */
  checkoutProvider: z.string(),
  /** redirect provider only: the browser goes straight there */
  checkoutUrl: z.string().nullable(),
  currency: z.literal('ARS'),
});
export type ProviderPlan = z.infer<typeof providerPlanSchema>;

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ranks upgrades: a plan of greater weight is an upgrade */
  weight: z.number().int(),
  displayMetadata: z.object({
    title: z.string(),
    benefits: z.array(z.string()),
    recommended: z.boolean(),
    order: z.number(),
  }),
  privateServices: z.array(z.string()),
  providerPlans: z.partialRecord(planFrequencySchema, providerPlanSchema),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** An empty promoCode (a blank box) means none. */
const optionalPromoCode = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().min(1).max(64).optional(),
);

/* ---------- GET /users/subscriptions ---------- */

export const listPlansQuerySchema = z.object({ promoCode: optionalPromoCode });
export const planListSchema = z.array(subscriptionPlanSchema);

/* ---------- GET /users/subscriptions/search ---------- */

export const searchPlanQuerySchema = z.object({
  /** the plan's name (any case) or id */
  name: z.string().trim().min(1).max(100),
  promoCode: optionalPromoCode,
  planFrequency: planFrequencySchema.optional(),
});

/* ---------- GET /users/isSubscribed, GET /users/subscriptions/lastOrigin ---------- */

export const subscriptionStatusSchema = z.object({
  /** subscriptionEndDate is today or later (Argentina date) */
  isSubscribed: z.boolean(),
  /** the current plan while subscribed, else null */
  subscriptionPlan: z
    .object({
      id: z.string(),
      name: z.string(),
      weight: z.number().int(),
      privateServices: z.array(z.string()),
    })
    .nullable(),
  /** YYYY-MM-DD, the last subscribed day, or null */
  subscriptionEndDate: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Where the current (or last) subscription came from. */
export const serviceOrigins = ['CARD', 'PROMO_CODE'] as const;
export const lastOriginSchema = z.object({ lastUserServiceOrigin: z.string().nullable() });

/* ---------- POST /users/{card-provider}/suscription ---------- */

export const createCardSubscriptionRequestSchema = z.object({
  subscriptionPlanName: z.string().trim().min(1).max(100),
  subscriptionPlanFrequency: planFrequencySchema,
  /** the card token from MercadoPago.js; single use */
  cardToken: z.string().trim().min(1).max(200),
  promoCode: z.preprocess((value) => (value === null ? undefined : value), optionalPromoCode),
  /**
   * false when the checkout showed no free trial (she already had hers: charged today). Otherwise a
   * trial the server will not give is refused with FREE_TRIAL_ALREADY_USED, never charged unseen.
   */
  expectsFreeTrial: z.boolean().optional(),
  /** her DNI for the invoices of this agreement's charges, optional (decision 0133) */
  invoiceDocument: invoiceDocumentSchema,
});
export type CreateCardSubscriptionRequest = z.infer<typeof createCardSubscriptionRequestSchema>;

/**
 * 200 approved (access granted now; free trials included) or 202 pending (the charge is in
 * process; access comes with the provider's confirmation). A refusal is a 402 PaymentRefusal.
 */
export const createCardSubscriptionResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    isUpgradeSubscription: z.boolean(),
    /** only after an upgrade that refunded part of the previous plan */
    refundStatus: refundStatusSchema.optional(),
    subscriptionEndDate: z.string(),
  }),
  z.object({
    status: z.literal('pending'),
    isUpgradeSubscription: z.boolean(),
  }),
]);
export type CreateCardSubscriptionResponse = z.infer<typeof createCardSubscriptionResponseSchema>;

/* ---------- GET /users/{card-provider}/suscription ---------- */

export const cardSubscriptionSchema = z.object({
  subscription: z
    .object({
      id: z.string(),
      /** pending: waiting for the first charge; active: renewing; cancelled: runs to its end date */
      status: z.enum(['pending', 'active', 'cancelled']),
      planId: z.string(),
      planName: z.string(),
      frequency: planFrequencySchema,
      /** centavos charged per period */
      amount: centavos,
      currency: z.literal('ARS'),
      promoCodeApplied: z.boolean(),
      freeTrial: freeTrialSchema.nullable(),
      subscriptionEndDate: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type CardSubscription = z.infer<typeof cardSubscriptionSchema>;

/** Error codes of the subscription endpoints, besides the generic ones. */
export const subscriptionErrorCodes = [
  'SUBSCRIPTION_PLAN_NOT_FOUND',
  'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN',
  /** a coupon for this plan that does not lower its price (the plan's own discount is as good or better) */
  'PROMO_CODE_NOT_BETTER',
  /** one free trial per person (account or card), across plans */
  'FREE_TRIAL_ALREADY_USED',
  'COUNTRY_NOT_ALLOWED',
  'UPGRADE_NOT_ALLOWED',
  'CHECKOUT_PROVIDER_MISMATCH',
  'CHECKOUT_IN_PROGRESS',
  'SUBSCRIPTION_PAYMENT_PENDING',
] as const;
