import { z } from 'zod';

/* ---------- GET /payments/config ---------- */

/**
 * What the browser needs to load the card form: Mercado Pago's public key and the address of
 * MercadoPago.js v2 (the real one in production, the local stand-in elsewhere).
 */
export const paymentsConfigSchema = z.object({
  publicKey: z.string(),
  sdkUrl: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

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

/** Refund of the unused part of the previous plan after an upgrade (drives the refund notice). */
/** An upgrade's refund of the replaced plan: done now, coming (within 10 business days), or nothing was charged to refund. */
export const refundStatusSchema = z.enum(['SUCCESS', 'FAILED', 'NONE']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** Error codes of the payment endpoints, besides the generic ones. */
export const paymentErrorCodes = [
  'PAYMENT_REFUSED',
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
