import { z } from 'zod';
import { fiscalDocumentRefSchema } from './invoices';
import { countryCodes, knowledgeLevels, learningGoals, passwordMaxLength } from './rules';
import { emailSchema, nameSchema } from './users';

/*
 * Mi cuenta: what a member manages after the sale (issue 17). Her subscription, her payments and
 * receipts, withdrawals ("botón de arrepentimiento"), her data, and the account itself.
 */

/* ---------- the subscription ---------- */

/** trial, active, cancelled (access until currentPeriodEnd), past_due (grace), expired, none. */
export const accountSubscriptionStatuses = [
  'trial',
  'active',
  'cancelled',
  'past_due',
  'expired',
  'none',
] as const;
export type AccountSubscriptionStatus = (typeof accountSubscriptionStatuses)[number];

export const accountSubscriptionSchema = z.object({
  /** the plan's id and name, or null with status none */
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** monthly, annual, … */
  frequency: z.string().nullable(),
  status: z.enum(accountSubscriptionStatuses),
  /** YYYY-MM-DD (Argentina date): the last day of the free trial, when in trial */
  trialEndsAt: z.string().nullable(),
  /** YYYY-MM-DD: the last day of access already paid for (or of the grace period when past_due) */
  currentPeriodEnd: z.string().nullable(),
  /** YYYY-MM-DD: the next charge, null when nothing will be charged (cancelled, expired, none) */
  nextChargeDate: z.string().nullable(),
  /** centavos */
  nextChargeAmount: z.number().int().nullable(),
  card: z.object({ brand: z.string(), lastFour: z.string() }).nullable(),
  /** ISO timestamp of the cancellation ("botón de baja") */
  cancelledAt: z.string().nullable(),
  /** the cancellation number her mail carries ("código de baja") */
  cancellationCode: z.string().nullable(),
  /** past_due: the last day of the grace period (YYYY-MM-DD) */
  graceUntil: z.string().nullable(),
  /** where the subscription came from: CARD, PROMO_CODE, GUEST_TIER…; only CARD ones are managed here */
  origin: z.string().nullable(),
  /**
   * cancelled and still reactivatable: the card saved for her at Mercado Pago (decision 0225), which
   * a reactivation can use with only its security code (MercadoPago.js `createCardToken({ cardId,
   * securityCode })`); null when none is saved, absent in the other states. Never the card number.
   */
  storedCard: z
    .object({
      /** Mercado Pago's id of the saved card (the `cardId` to tokenize; not secret) */
      id: z.string(),
      brand: z.string(),
      lastFour: z.string(),
      expirationMonth: z.number().int(),
      expirationYear: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type AccountSubscription = z.infer<typeof accountSubscriptionSchema>;

export const changeCardRequestSchema = z.object({ cardToken: z.string().trim().min(1).max(200) });
/**
 * Reactivating a cancelled subscription before its end makes a new agreement (a cancelled one
 * cannot be resumed at the provider). Without a card token it uses her stored card (`storedCard`)
 * and needs only her confirmation (decision 0283); when the provider asks for the security code
 * the answer is 409 SECURITY_CODE_REQUIRED and she sends a token of the stored card with it; a card
 * typed again sends its token.
 */
export const reactivateSubscriptionRequestSchema = z.object({
  cardToken: z.string().trim().min(1).max(200).optional(),
});

/* ---------- payments and receipts ---------- */

export const accountPaymentStatuses = [
  'approved',
  'pending',
  'rejected',
  'refunded',
  'partially_refunded',
  'cancelled',
] as const;

export const accountPaymentSchema = z.object({
  /** our payment id (use it for receipts and withdrawals) */
  id: z.string(),
  /** ISO timestamp of the approval (or of the attempt) */
  date: z.string(),
  /** what was paid, in Spanish: "Plan Esencial (anual)", "Programa Inversora Inteligente", … */
  concept: z.string(),
  /** kind of purchase: subscription, program, guest_tier */
  kind: z.enum(['subscription', 'program', 'guest_tier']),
  /** the plan, program/pack or tier id */
  productId: z.string(),
  /** centavos: the price charged (the cash price) */
  amount: z.number().int(),
  /** centavos refunded by the provider, of `amount` */
  refundedAmount: z.number().int(),
  currency: z.string(),
  status: z.enum(accountPaymentStatuses),
  installments: z.number().int(),
  /**
   * centavos she pays in all, her card's financing cost included (decision 0103): `amount` when
   * nothing was financed; each cuota is `installmentAmount`
   */
  totalPaid: z.number().int(),
  installmentAmount: z.number().int(),
  /** percent: the financing's nominal annual rate and total financial cost (effective annual); null when nothing was financed */
  tna: z.number().nullable(),
  cftea: z.number().nullable(),
  /** centavos given back to her, as a share of `totalPaid` (a full refund gives all of it back) */
  returnedAmount: z.number().int(),
  /** the provider's operation number */
  providerPaymentId: z.string(),
  /** YYYY-MM-DD: the last day a withdrawal is possible, or null when it is not (renewals, refunded, pending) */
  withdrawableUntil: z.string().nullable(),
  /** set once withdrawn */
  revocationCode: z.string().nullable(),
  /** /api/users/me/payments/{id}/receipt for approved payments, else null */
  receiptUrl: z.string().nullable(),
  /** the payment's invoice once ARCA authorized it (issue 28), else null */
  invoice: fiscalDocumentRefSchema.nullable(),
  /** a credit note per refund of it that ARCA authorized */
  creditNotes: z.array(fiscalDocumentRefSchema),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;
export { type FiscalDocumentRef, fiscalDocumentIdParamsSchema, fiscalDocumentRefSchema } from './invoices';
export const accountPaymentsResponseSchema = z.object({ payments: z.array(accountPaymentSchema) });
export const paymentIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/* ---------- withdrawals (Resolución 424/2020) ---------- */

export const withdrawalWindowDays = 10;

export const createWithdrawalRequestSchema = z.object({ paymentId: z.string().regex(/^\d{1,18}$/) });
export const withdrawalResponseSchema = z.object({
  revocationCode: z.string(),
  /** SUCCESS (refunded at the provider) or PENDING (retried until it succeeds; mailed then) */
  refundStatus: z.enum(['SUCCESS', 'PENDING', 'FAILED']),
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;

export const guestWithdrawalRequestSchema = z.object({
  email: emailSchema,
  providerPaymentId: z
    .string()
    .trim()
    .regex(/^\d{1,24}$/, 'Ingresá el número de operación (solo números).'),
});
export const guestWithdrawalConfirmSchema = guestWithdrawalRequestSchema.extend({
  code: z.string().trim().min(1).max(64),
});

/** The botón de baja without a session (issue 28): the subscription's e-mail, then its mailed code. */
export const guestCancellationRequestSchema = z.object({ email: emailSchema });
export const guestCancellationConfirmSchema = guestCancellationRequestSchema.extend({
  code: z.string().trim().min(1).max(64),
});
export const guestCancellationResponseSchema = z.object({
  /** the código de gestión of the cancellation ("BAJA-…"), also mailed */
  cancellationCode: z.string(),
  planName: z.string().nullable(),
  /** YYYY-MM-DD: the last day of the access already paid, or null when it has ended */
  accessUntil: z.string().nullable(),
});
export type GuestCancellationResponse = z.infer<typeof guestCancellationResponseSchema>;

/* ---------- her data ---------- */

export const learningGoalsSchema = z
  .array(z.enum(learningGoals, { message: 'Elegí tus objetivos entre las opciones.' }))
  .max(learningGoals.length, 'Elegí tus objetivos entre las opciones.')
  .refine((goals) => new Set(goals).size === goals.length, 'Elegí cada objetivo una sola vez.');
export const knowledgeLevelSchema = z.enum(knowledgeLevels, {
  message: 'Elegí cuánto sabés entre las opciones.',
});

/**
 * PATCH /users/me. The onboarding's answers (issue 30) come together: `learningGoals` and
 * `knowledgeLevel` (an empty list and null when she skips); either one ends the questions.
 */
export const updateProfileRequestSchema = z
  .object({
    name: nameSchema.optional(),
    phone: z.string().trim().min(1).max(32).optional(),
    countryCode: z.enum(countryCodes).optional(),
    learningGoals: learningGoalsSchema.optional(),
    knowledgeLevel: knowledgeLevelSchema.nullable().optional(),
  })
  .refine(
    (v) =>
      v.name !== undefined ||
      v.phone !== undefined ||
      v.countryCode !== undefined ||
      v.learningGoals !== undefined ||
      v.knowledgeLevel !== undefined,
    { message: 'No hay datos para cambiar.' },
  );

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(passwordMaxLength),
  newPassword: z.string().max(passwordMaxLength),
});

export const changeEmailRequestSchema = z.object({ email: emailSchema });
export const confirmEmailChangeRequestSchema = z.object({
  email: emailSchema,
  code: z.string().trim().min(1).max(64),
});

/** A password, or for accounts without one (social login) a code first mailed by POST /users/me/deletion-code. */
export const deleteAccountRequestSchema = z.union([
  z.object({ password: z.string().min(1).max(passwordMaxLength) }),
  z.object({ code: z.string().trim().min(1).max(64) }),
]);

/** GET /users/me/security: how she proves it is her (a password, or only a social login). */
export const accountSecuritySchema = z.object({
  hasPassword: z.boolean(),
  /** the social providers linked to the account: google, facebook */
  socialProviders: z.array(z.string()),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const accountErrorCodes = [
  'WRONG_PASSWORD',
  'NO_SUBSCRIPTION',
  'SUBSCRIPTION_NOT_CANCELLABLE',
  'SUBSCRIPTION_NOT_REACTIVATABLE',
  'SUBSCRIPTION_CARD_NOT_CHANGEABLE',
  /** 403: a card token made from a card saved for someone else (decision 0225) */
  'CARD_NOT_YOURS',
  'WITHDRAWAL_WINDOW_CLOSED',
  'WITHDRAWAL_NOT_ALLOWED',
  'ALREADY_WITHDRAWN',
  'EMAIL_ALREADY_EXISTS',
  'INVALID_VERIFICATION_CODE',
  'PASSWORD_NOT_SET',
  'PASSWORD_REQUIRED',
] as const;
