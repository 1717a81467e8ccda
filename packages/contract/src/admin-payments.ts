import { z } from 'zod';
import { adminReasonSchema } from './admin-common';

const centavos = z.number().int().nonnegative();

/** A provider payment as operators see it: the provider's ids, what is left to refund. */
/**
 * What became of a payment's money (payments/money-ledger.ts refundStateOf, issue 39 point 8): all
 * of it refunded, a refund still in progress at the provider, part refunded, or nothing.
 */
export const adminRefundStates = [
  'not_refunded',
  'refund_in_progress',
  'partially_refunded',
  'refunded',
] as const;
export type AdminRefundState = (typeof adminRefundStates)[number];

export const adminPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  memberId: z.string().nullable(),
  payerEmail: z.string(),
  /** subscription, program, guest_tier */
  kind: z.string(),
  concept: z.string(),
  productId: z.string(),
  orderStatus: z.string(),
  /** the provider's status: approved, in_process, pending, rejected, refunded… */
  status: z.string(),
  statusDetail: z.string().nullable(),
  provider: z.string(),
  providerPaymentId: z.string(),
  providerPreapprovalId: z.string().nullable(),
  amount: centavos,
  refundedAmount: centavos,
  /** approved and not refunded yet, refunds in progress counted */
  refundableAmount: centavos,
  refundState: z.enum(adminRefundStates),
  installments: z.number().int(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminRefundStatuses = ['PENDING', 'SUCCESS', 'FAILED'] as const;

export const adminRefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  providerPaymentId: z.string(),
  payerEmail: z.string().nullable(),
  amount: centavos,
  status: z.enum(adminRefundStatuses),
  /** upgrade, duplicate_payment, withdrawal, operator */
  reason: z.string(),
  /** an operator's refund: why, in her words (null when none was typed, or for the other kinds) */
  note: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  providerRefundId: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/* ---------- POST /admin/payments/{id}/refunds ---------- */

export const adminRefundRequestSchema = z.object({
  /** centavos; absent: everything still refundable */
  amount: z.number().int().positive().optional(),
  /**
   * End what the payment gave (a program or pack, a subscription's access, a guest membership).
   * Absent: yes for a refund of the whole payment, no for a partial one.
   */
  endAccess: z.boolean().optional(),
  /**
   * Made by the panel when the confirmation opens: a repeated request with it (a second press, a
   * retry after a lost answer) gets the first one's refund back, never a second refund.
   */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
  /** why, in the operator's words: kept in the audit log's entry */
  reason: adminReasonSchema.optional(),
});

export const adminRefundResponseSchema = z.object({
  refund: adminRefundSchema,
  payment: adminPaymentSchema,
  accessEnded: z.boolean(),
  /** true: this request found the refund a first click had already made (nothing asked twice) */
  replayed: z.boolean(),
});
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;

/* ---------- GET /admin/payments/attention ---------- */

/** An order still waiting for the provider's word (no final payment yet). */
export const awaitingOrderSchema = z.object({
  orderId: z.string(),
  memberId: z.string().nullable(),
  payerEmail: z.string(),
  kind: z.string(),
  concept: z.string(),
  status: z.string(),
  amount: centavos,
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  providerPreapprovalId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AwaitingOrder = z.infer<typeof awaitingOrderSchema>;

/**
 * An approved payment held for an operator: its amount (or currency) differs from its order's, so
 * nothing was granted (decision 0278). The operator refunds it, or looks at the provider.
 */
export const heldPaymentSchema = adminPaymentSchema.extend({
  /** what the order was for */
  orderAmount: centavos,
  heldAt: z.string(),
  heldReason: z.string(),
});
export type HeldPayment = z.infer<typeof heldPaymentSchema>;

export const paymentsAttentionSchema = z.object({
  failedRefunds: z.array(adminRefundSchema),
  pendingRefunds: z.array(adminRefundSchema),
  awaitingOrders: z.array(awaitingOrderSchema),
  heldPayments: z.array(heldPaymentSchema),
});
export type PaymentsAttention = z.infer<typeof paymentsAttentionSchema>;

/* ---------- GET /admin/payments?search= ---------- */

export const paymentSearchQuerySchema = z.object({
  /** the provider's operation number, an order id or the payer's e-mail */
  search: z.string().trim().min(3).max(254),
});

export const adminPaymentListSchema = z.object({
  payments: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
});
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

/* ---------- retries ---------- */

/** POST /admin/refunds/{id}/retry */
export const refundRetryResponseSchema = z.object({ refund: adminRefundSchema });

/** POST /admin/orders/{id}/sync: asks the provider again */
export const orderSyncResponseSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  message: z.string(),
});
