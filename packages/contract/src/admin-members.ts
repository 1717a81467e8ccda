import { z } from 'zod';
import { adminPageQuerySchema, adminPageSchema, adminReasonSchema } from './admin-common';
import { adminPaymentSchema, adminRefundSchema } from './admin-payments';

/* ---------- GET /admin/members?search= ---------- */

export const memberSearchQuerySchema = adminPageQuerySchema.extend({
  /** e-mail, name or phone, any accents or case; empty: the newest members */
  search: z.string().trim().max(100).optional(),
});

export const memberSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  telephone: z.string().nullable(),
  countryCode: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** YYYY-MM-DD, last subscribed day */
  subscriptionEndDate: z.string().nullable(),
  role: z.string().nullable(),
  deleted: z.boolean(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberListSchema = adminPageSchema(memberSummarySchema);
export type MemberList = z.infer<typeof memberListSchema>;

/* ---------- GET /admin/members/{id} ---------- */

export const memberSubscriptionSchema = z.object({
  /** active, past_due, cancelled (access left), expired, none… as Mi cuenta says it */
  status: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  endDate: z.string().nullable(),
  /** where it came from: CARD, PROMO_CODE, GUEST_MEMBERSHIP… */
  origin: z.string().nullable(),
  orderId: z.string().nullable(),
  providerPreapprovalId: z.string().nullable(),
  cancellable: z.boolean(),
  history: z.array(
    z.object({
      at: z.string(),
      orderId: z.string(),
      from: z.string().nullable(),
      to: z.string(),
      /** user:<id>, webhook, system */
      actor: z.string(),
      /** who, in words: "Ella misma", "Ana Pérez (desde el panel)", "Aviso del proveedor de pagos"… */
      actorText: z.string(),
      /** why, as the code wrote it (English, for engineers and the audit) */
      reason: z.string(),
      /** why, in Spanish for operators: "Mercado Pago aprobó el primer cobro"; one not known yet reads "Detalle técnico: «…»" */
      reasonText: z.string(),
    }),
  ),
});

export const memberDetailSchema = z.object({
  profile: memberSummarySchema.extend({
    emailVerifiedAt: z.string().nullable(),
    origin: z.string(),
    acquisitionChannel: z.string().nullable(),
    privateCommunityAccess: z.boolean(),
    deletedAt: z.string().nullable(),
  }),
  validation: z.object({
    verified: z.boolean(),
    /** the newest validation code mailed, if any */
    lastCodeSentAt: z.string().nullable(),
  }),
  subscription: memberSubscriptionSchema,
  purchases: z.array(
    z.object({
      productType: z.string(),
      productId: z.string(),
      name: z.string().nullable(),
      /** order:<id>, promo:<code>, admin:<operator id>… */
      source: z.string(),
      /** where it came from, in words: "Compra del 22 de noviembre de 2026 por $ 45.000,00", "Código DEUDAS100"… */
      sourceText: z.string(),
      createdAt: z.string(),
    }),
  ),
  payments: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
  progress: z.array(
    z.object({
      courseId: z.string(),
      courseName: z.string().nullable(),
      /**
       * Of the course's current classes and materials (what counts to finish it), those she
       * completed: read from the course's structure now, so never more than `totalSections`
       */
      completedSections: z.number().int(),
      totalSections: z.number().int(),
      completedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  certificates: z.array(
    z.object({
      id: z.string(),
      courseId: z.string(),
      courseName: z.string().nullable(),
      issuedAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      startedAt: z.string(),
      lastActiveAt: z.string(),
      expiresAt: z.string(),
      operator: z.boolean(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      event: z.string(),
      source: z.string(),
      at: z.string(),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
  promoCodes: z.array(z.object({ code: z.string(), usedAt: z.string(), orderId: z.string().nullable() })),
  /** the newest mails to her current address (subjects only: bodies may hold codes) */
  mails: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      /** pending: queued or being retried; failed: given up after 48 hours */
      status: z.enum(['pending', 'sent', 'failed']),
      /** sending tries so far, the one in progress included */
      attempts: z.number().int(),
      /** tries that failed (an SMTP error): 0 for a mail on its first try, or sent at the first */
      failedAttempts: z.number().int(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/* ---------- member actions ---------- */

/** POST /admin/members/{id}/products: gives a program or pack without a payment. */
export const grantProductRequestSchema = z.object({
  productId: z.string().trim().min(1).max(120),
  reason: adminReasonSchema,
});

/** POST /admin/members/{id}/products/{productId}/revoke */
export const revokeProductRequestSchema = z.object({ reason: adminReasonSchema });

/** POST /admin/members/{id}/subscription/cancel */
export const cancelMemberSubscriptionRequestSchema = z.object({ reason: adminReasonSchema });
