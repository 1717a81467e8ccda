import { z } from 'zod';
import { saleStatusSchema } from './academy';
import { courseSchema } from './course-viewer';

/**
 * The shop window (issue 30): what a visitor without an account may read. Only published content,
 * never content addresses (videos, files) and nothing about any user.
 */

const centavos = z.number().int().nonnegative();

/** Who may buy a program or pack (the content's audience). */
export const buyerAudienceSchema = z.enum(['ALL', 'ONLY_SUBSCRIBERS', 'ONLY_UNSUBSCRIBERS']);
export type BuyerAudience = z.infer<typeof buyerAudienceSchema>;

/** A program's or pack's price and sale window, at the Argentina date. */
export const publicOfferSchema = z.object({
  price: centavos,
  regularPrice: centavos.nullable(),
  /** percent off the regular price, rounded */
  discountApplied: z.number().int().min(0).max(100),
  saleStatus: saleStatusSchema,
  /** YYYY-MM-DD (Argentina), both inclusive; null = open-ended */
  saleable_start_date: z.string().nullable(),
  saleable_end_date: z.string().nullable(),
  /** the maximum number of installments (1 = single payment) */
  installments: z.number().int().min(1),
  audience: buyerAudienceSchema,
});
export type PublicOffer = z.infer<typeof publicOfferSchema>;

/** GET /academy/public/{courseId}: a published course, program, pack or past event, for everyone. */
export const publicCourseSchema = courseSchema.omit({ isAccessibleByUser: true }).extend({
  /** programs and packs with a price: how to buy it; null for courses and events */
  offer: publicOfferSchema.nullable(),
  /**
   * the subscription plans that open it (every active plan opens courses and events); empty when
   * it is free or is sold on its own (programs, packs)
   */
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;

export const publicCourseParamsSchema = z.object({ courseId: z.string().min(1).max(120) });
