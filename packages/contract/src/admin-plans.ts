import { z } from 'zod';

/* ---------- GET /admin/plans, PATCH /admin/plans/{id} ---------- */

/** Days between a price change and the first charge at the new price (Argentina's notice rule). */
export const priceChangeNoticeDays = 30;

export const adminFreeTrialSchema = z.object({
  frequency: z.number().int().min(1).max(365),
  frequencyType: z.enum(['days', 'months']),
});

export const adminPlanPriceSchema = z.object({
  frequency: z.string(),
  frequencyType: z.string(),
  /** centavos */
  regularPrice: z.number().int(),
  discountPrice: z.number().int().nullable(),
  freeTrial: adminFreeTrialSchema.nullable(),
  active: z.boolean(),
  /** subscribers paying this plan and frequency at the charged price, whose change is scheduled */
  scheduledChanges: z.number().int(),
  /** the earliest date a scheduled change applies (Argentina date), if any */
  nextChangeOn: z.string().nullable(),
});
export type AdminPlanPrice = z.infer<typeof adminPlanPriceSchema>;

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  activeSubscribers: z.number().int(),
  prices: z.array(adminPlanPriceSchema),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminPlansSchema = z.object({ items: z.array(adminPlanSchema) });
export type AdminPlans = z.infer<typeof adminPlansSchema>;

export const planIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

const centavosInput = z
  .number({ error: 'Ingresá un precio.' })
  .int('El precio va en centavos.')
  .min(100, 'El precio mínimo es $ 1.')
  .max(100_000_000, 'El precio máximo es $ 1.000.000.');

export const updatePlanPricesRequestSchema = z.object({
  prices: z
    .array(
      z
        .object({
          frequency: z.string().min(1).max(30),
          regularPrice: centavosInput,
          discountPrice: centavosInput.nullable(),
          freeTrial: adminFreeTrialSchema.nullable(),
        })
        .refine((p) => p.discountPrice === null || p.discountPrice <= p.regularPrice, {
          message: 'El precio con descuento no puede superar al regular.',
          path: ['discountPrice'],
        }),
    )
    .min(1)
    .max(8),
});
export type UpdatePlanPricesRequest = z.infer<typeof updatePlanPricesRequestSchema>;

export const updatePlanPricesResponseSchema = z.object({
  plan: adminPlanSchema,
  /** subscribers whose price changes: each got a notice mail; applied on `effectiveOn` */
  scheduled: z.number().int(),
  effectiveOn: z.string().nullable(),
  message: z.string(),
});
export type UpdatePlanPricesResponse = z.infer<typeof updatePlanPricesResponseSchema>;
