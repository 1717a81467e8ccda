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
    .max(8)
    .superRefine((prices, ctx) => {
      const seen = new Set<string>();
      prices.forEach((price, index) => {
        if (seen.has(price.frequency)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'frequency'],
            message: duplicateFrequencyMessage(price.frequency),
          });
        }
        seen.add(price.frequency);
      });
    }),
});
export type UpdatePlanPricesRequest = z.infer<typeof updatePlanPricesRequestSchema>;

/** A price list names each frequency once: with one twice, the last row would win unseen. */
export const duplicateFrequencyMessage = (frequency: string) =>
  `La frecuencia ${frequency} está más de una vez: va una sola fila por frecuencia.`;

export const updatePlanPricesResponseSchema = z.object({
  plan: adminPlanSchema,
  /** subscribers whose price changes: each got a notice mail; applied on `effectiveOn` */
  scheduled: z.number().int(),
  effectiveOn: z.string().nullable(),
  message: z.string(),
});
export type UpdatePlanPricesResponse = z.infer<typeof updatePlanPricesResponseSchema>;

/* ---------- POST /admin/plans/{id}/price-preview ---------- */

/**
 * What saving a price list would do, read before the operator confirms (same body as the PATCH;
 * nothing is written): per frequency that changes, the prices before and after, and who would be
 * mailed.
 */
export const planPricePreviewItemSchema = z.object({
  frequency: z.string(),
  /** centavos, before → after */
  regularPrice: z.object({ from: z.number().int(), to: z.number().int() }),
  discountPrice: z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
  /** what a card subscription is charged per period (the discount if any, else the regular) */
  charged: z.object({ from: z.number().int(), to: z.number().int() }),
  trialChanged: z.boolean(),
  /** subscribers who get the new price's notice now and pay it from `effectiveOn` */
  notices: z.number().int(),
  /** subscribers with a change scheduled that the new price takes back: told their price stays */
  withdrawals: z.number().int(),
});
export type PlanPricePreviewItem = z.infer<typeof planPricePreviewItemSchema>;

export const planPricePreviewSchema = z.object({
  /** the date a change saved now applies to those who already pay (Argentina date) */
  effectiveOn: z.string(),
  /** only the frequencies that change; empty: nothing to save */
  changes: z.array(planPricePreviewItemSchema),
  /** notices in all (sum of `changes[].notices`) */
  notices: z.number().int(),
});
export type PlanPricePreview = z.infer<typeof planPricePreviewSchema>;
