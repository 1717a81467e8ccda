import { z } from 'zod';
import { adminDateSchema, adminPageQuerySchema, adminPageSchema } from './admin-common';
import { countryCodes } from './rules';
import { planFrequencies } from './subscriptions';

/**
 * What a code does: a free period of a plan, a discount at a plan's checkout, a program (or pack)
 * for free, or a discount at a program's checkout — the kinds the checkouts already honour.
 */
export const promoCodeTypes = ['FREE_PERIOD', 'DISCOUNT_COUPON', 'PROGRAM_FREE', 'PROGRAM_DISCOUNT'] as const;
export type PromoCodeType = (typeof promoCodeTypes)[number];

/** active; paused (inactive, can resume); ended (disabled for good); scheduled; expired; exhausted */
export const promoCodeStatuses = ['active', 'paused', 'ended', 'scheduled', 'expired', 'exhausted'] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

export const promoCodePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;

const codeSchema = z
  .string()
  .trim()
  .regex(promoCodePattern, 'De 3 a 40 letras, números, guiones o guiones bajos.');

const rulesShape = {
  type: z.enum(promoCodeTypes),
  description: z.string().trim().max(300).default(''),
  /** FREE_PERIOD */
  freeMonths: z.number().int().min(0).max(36).nullable().optional(),
  freeDays: z.number().int().min(0).max(366).nullable().optional(),
  /** FREE_PERIOD: the plan given (absent: the lightest) */
  planId: z.string().trim().min(1).max(80).nullable().optional(),
  /** DISCOUNT_COUPON and PROGRAM_DISCOUNT */
  discountPercent: z.number().int().min(1).max(99).nullable().optional(),
  /** DISCOUNT_COUPON: plans and frequencies it applies to (empty: all) */
  planIds: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  frequencies: z.array(z.enum(planFrequencies)).max(planFrequencies.length).default([]),
  /** PROGRAM_FREE and PROGRAM_DISCOUNT: programs or packs (empty: all) */
  programIds: z.array(z.string().trim().min(1).max(120)).max(100).default([]),
  /** empty: every country */
  allowedCountryCodes: z.array(z.enum(countryCodes)).max(countryCodes.length).default([]),
  /** Argentina dates, inclusive */
  validFrom: adminDateSchema.nullable().optional(),
  validUntil: adminDateSchema.nullable().optional(),
  /** uses in all (each member may use a code once); absent: no limit */
  maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
  /** false: created paused */
  active: z.boolean().default(true),
};

/* ---------- POST /admin/promo-codes ---------- */

export const createPromoCodesRequestSchema = z
  .object({
    /** one code with this name… */
    code: codeSchema.optional(),
    /** …or a batch of `count` unique random codes, each `PREFIX-XXXXXXXX` */
    batch: z
      .object({
        count: z.number().int().min(1).max(1000),
        prefix: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9]{0,20}$/, 'Hasta 20 letras o números.')
          .default(''),
      })
      .optional(),
    ...rulesShape,
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.code) === Boolean(value.batch)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Elegí un código o un lote de códigos.' });
    }
    if (value.type === 'FREE_PERIOD' && (value.freeMonths ?? 0) + (value.freeDays ?? 0) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['freeDays'], message: 'Indicá los meses o días gratis.' });
    }
    if ((value.type === 'DISCOUNT_COUPON' || value.type === 'PROGRAM_DISCOUNT') && !value.discountPercent) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountPercent'],
        message: 'Indicá un descuento de 1 a 99 %.',
      });
    }
    if (value.validFrom && value.validUntil && value.validFrom > value.validUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'La fecha de fin no puede ser anterior a la de inicio.',
      });
    }
  });
export type CreatePromoCodesRequest = z.input<typeof createPromoCodesRequestSchema>;

export const adminPromoCodeSchema = z.object({
  code: z.string(),
  type: z.string(),
  description: z.string(),
  status: z.enum(promoCodeStatuses),
  freeMonths: z.number().int().nullable(),
  freeDays: z.number().int().nullable(),
  planId: z.string().nullable(),
  discountPercent: z.number().int().nullable(),
  planIds: z.array(z.string()),
  frequencies: z.array(z.string()),
  programIds: z.array(z.string()),
  allowedCountryCodes: z.array(z.string()),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  batchId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

export const createPromoCodesResponseSchema = z.object({
  batchId: z.string().nullable(),
  codes: z.array(adminPromoCodeSchema),
});
export type CreatePromoCodesResponse = z.infer<typeof createPromoCodesResponseSchema>;

/* ---------- GET /admin/promo-code-choices ---------- */

/**
 * What a code may be limited to, by name (issue 40): the plans, and the programs and packs, for
 * the form's pickers (an operator picks names, never types ids).
 */
export const promoCodeChoicesSchema = z.object({
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['PROGRAM', 'PACK']),
      published: z.boolean(),
    }),
  ),
});
export type PromoCodeChoices = z.infer<typeof promoCodeChoicesSchema>;

/* ---------- GET /admin/promo-codes ---------- */

export const promoCodeListQuerySchema = adminPageQuerySchema.extend({
  /** part of the code or of its description */
  search: z.string().trim().max(60).optional(),
  batchId: z.string().trim().max(60).optional(),
});

export const promoCodeListSchema = adminPageSchema(adminPromoCodeSchema);
export type PromoCodeList = z.infer<typeof promoCodeListSchema>;

/* ---------- GET /admin/promo-codes/{code} ---------- */

export const promoCodeRedemptionSchema = z.object({
  memberId: z.string(),
  email: z.string(),
  name: z.string(),
  usedAt: z.string(),
  orderId: z.string().nullable(),
  /** what the order bought with it */
  concept: z.string().nullable(),
  /** centavos taken off at checkout; null for a free period or program */
  discount: z.number().int().nullable(),
  /** a free period: the last day it gave */
  grantedUntil: z.string().nullable(),
});
export type PromoCodeRedemption = z.infer<typeof promoCodeRedemptionSchema>;

export const promoCodeDetailSchema = z.object({
  promoCode: adminPromoCodeSchema,
  redemptions: z.array(promoCodeRedemptionSchema),
});
export type PromoCodeDetail = z.infer<typeof promoCodeDetailSchema>;

/* ---------- PATCH /admin/promo-codes/{code} ---------- */

export const updatePromoCodeRequestSchema = z
  .object({
    /** pause (can resume), resume, or end for good */
    status: z.enum(['active', 'paused', 'ended']).optional(),
    validUntil: adminDateSchema.nullable().optional(),
    maxUses: z.number().int().min(1).max(1_000_000).nullable().optional(),
    description: z.string().trim().max(300).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'No hay nada para cambiar.',
  });
