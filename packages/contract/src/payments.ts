import { z } from 'zod';

/* ---------- GET /payments/config ---------- */

/**
 * What the browser needs to load the card form: Mercado Pago's public key and the address of
 * MercadoPago.js v2 (the real one in production, the local stand-in elsewhere).
 */
export const paymentsConfigSchema = z.object({
  publicKey: z.string(),
  sdkUrl: z.string(),
  /**
   * The issuer is a responsable inscripto: beside each final price, in smaller type, "Precio sin
   * impuestos nacionales" (Res. SIyC 4/2025), from `priceWithoutNationalTaxes`.
   */
  showPriceWithoutNationalTaxes: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

// the price arithmetic lives apart, free of zod, for the web's first loads (prices.ts)
export { priceWithoutNationalTaxes, vatRateInFinalPrices } from './prices';

/* ---------- Idempotency-Key (every checkout submit) ---------- */

/**
 * Every checkout submit (card subscription, program by card or by link, guest membership) carries
 * this header: a key the web makes once per checkout attempt (a UUID), the same for a double tap
 * or a retry of that attempt, a new one after an answer that lets her try again (a refusal, an
 * error). A repeated or parallel submit with a key already used answers the first one's status
 * and body (decision 0271), never a second charge. Optional; a malformed key is refused (400
 * INVALID_IDEMPOTENCY_KEY) before anything is charged. Her keys are kept a day.
 */
export const idempotencyKeyHeader = 'Idempotency-Key';
/** 16 to 100 letters, digits, '-' or '_' (a UUID fits). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{16,100}$/;

/* ---------- card refusals ---------- */

/** The spec's refusedReason values; each has its own message in the web. */
export const refusedReasons = [
  'UNEXPECTED_ERROR',
  'INSUFFICIENT_AMOUNT',
  'CALL_FOR_AUTHORIZE',
  'FILLED_SECURITY_CODE',
  'FILLED_DATE',
] as const;
export const refusedReasonSchema = z.enum(refusedReasons);
export type RefusedReason = z.infer<typeof refusedReasonSchema>;

/**
 * A refused card payment: HTTP 402 with the usual error fields plus the reason. The web counts
 * it as a failed attempt (refused, then exhaustedAttempts).
 */
export const paymentRefusalSchema = z.object({
  internalCode: z.literal('PAYMENT_REFUSED'),
  message: z.string(),
  refusedReason: refusedReasonSchema,
});
export type PaymentRefusal = z.infer<typeof paymentRefusalSchema>;

/** An upgrade's refund of the replaced plan: done now, coming (within 10 business days), or nothing was charged to refund. */
export const refundStatusSchema = z.enum(['SUCCESS', 'FAILED', 'NONE']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/* ---------- GET /users/payment/attempts ---------- */

/**
 * Refused card attempts of the caller for one product, counted by the server (spec §4 "Payment
 * result status": one retry is allowed, the second failure ends the flow). SUBSCRIPTION_PURCHASE
 * counts per plan id, PROGRAM_PURCHASE per program or pack id.
 */
export const paymentAttemptsQuerySchema = z.object({
  purchaseType: z.enum(['SUBSCRIPTION_PURCHASE', 'PROGRAM_PURCHASE']),
  productId: z.string().min(1).max(200),
});
export type PaymentAttemptsQuery = z.infer<typeof paymentAttemptsQuerySchema>;

export const paymentAttemptsSchema = z.object({
  refusedAttempts: z.number().int().min(0),
  /** refusals that end the flow (2) */
  maxAttempts: z.number().int(),
  exhausted: z.boolean(),
  /** the last refusal's reason, for the exhausted screen */
  lastRefusedReason: refusedReasonSchema.nullable(),
});
export type PaymentAttempts = z.infer<typeof paymentAttemptsSchema>;

/** Error codes of the payment endpoints, besides the generic ones. */
export const paymentErrorCodes = [
  'PAYMENT_REFUSED',
  'PAYMENT_ATTEMPTS_EXHAUSTED',
  'PAYMENT_PROVIDER_ERROR',
  'PAYMENTS_NOT_CONFIGURED',
  'INVALID_SIGNATURE',
] as const;

/* ---------- POST /payments/webhooks/mercadopago (called by Mercado Pago, not by the web) ---------- */

/** Only the id and the topic are read; everything else is re-fetched from the provider. */
export const mercadoPagoNotificationSchema = z.looseObject({
  type: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  data: z.looseObject({ id: z.union([z.string(), z.number()]).optional() }).optional(),
});

export const mercadoPagoNotificationQuerySchema = z.looseObject({
  'data.id': z.string().max(100).optional(),
  type: z.string().max(100).optional(),
});
