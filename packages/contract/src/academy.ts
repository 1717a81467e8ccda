import { z } from 'zod';

/** Money crosses the API as integer centavos (ARS); the web formats it with es-AR. */
const centavos = z.number().int().nonnegative();

export const catalogQuerySchema = z.object({
  category: z.string().max(40).optional(),
  level: z.string().max(40).optional(),
  /** comma-separated tag codes (a suggested filter value is a tag code; my_purchases means owned) */
  tags: z.string().max(200).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/**
 * An item's illustrated cover (decision 71): `src` is the largest file and `width`/`height` its
 * intrinsic size (the img's attributes, so the card does not shift); `srcset` lists every width
 * the browser may pick from (the same picture), smallest first.
 */
export const coverSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  srcset: z.array(z.object({ src: z.string(), width: z.number().int().positive() })),
});
export type Cover = z.infer<typeof coverSchema>;

export const courseCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  /** the illustrated cover; null: the card's fallback */
  cover: coverSchema.nullable(),
  category: z.string().nullable(),
  level: z.string().nullable(),
  tags: z.array(z.string()),
  /** badge text of the first tag that has one (GRATIS, NUEVO, RECOMENDADO, MÁS VISTO) */
  badge: z.string().nullable(),
  modulesAmount: z.number().int(),
  classesAmount: z.number().int(),
  isFree: z.boolean(),
  isProgram: z.boolean(),
  isAccessibleByUser: z.boolean(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

export const saleStatusSchema = z.enum(['BEFORE', 'OPEN', 'AFTER']);

export const programCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['PROGRAM', 'PACK']),
  category: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnailAlternative: z.string().nullable(),
  cover: coverSchema.nullable(),
  description: z.string(),
  descriptionAlternative: z.string().nullable(),
  price: centavos.nullable(),
  regularPrice: centavos.nullable(),
  /** percent off the regular price, rounded */
  discountApplied: z.number().int().min(0).max(100),
  isAccessibleByUser: z.boolean(),
  saleable_start_date: z.string().nullable(),
  saleable_end_date: z.string().nullable(),
  /** where today (Argentina) falls against the sale window */
  saleStatus: saleStatusSchema,
  modulesAmount: z.number().int(),
  classesAmount: z.number().int(),
  /** only subscribers may buy it and the viewer is not one: it says so instead of "Comprar ahora" (issue 30) */
  onlyForSubscribers: z.boolean().optional(),
});
export type ProgramCard = z.infer<typeof programCardSchema>;

export const eventCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  series: z.enum(['FINANCIAL_NEWS', 'INVESTMENT_TRENDS', 'MASTERCLASSES', 'INTERVIEWS_AND_CONSULTATIONS']),
  thumbnail: z.string().nullable(),
  cover: coverSchema.nullable(),
  classesAmount: z.number().int(),
  isAccessibleByUser: z.boolean(),
});
export type EventCard = z.infer<typeof eventCardSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
export const quickListOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const courseListResponseSchema = pageOf(courseCardSchema);
export const courseQuickListResponseSchema = quickListOf(courseCardSchema);
export const programListResponseSchema = pageOf(programCardSchema);
export const programQuickListResponseSchema = quickListOf(programCardSchema);
export const eventListResponseSchema = quickListOf(eventCardSchema);

export const searchQuerySchema = z.object({ search: z.string().trim().min(3).max(100) });
export const searchResponseSchema = z.object({
  courses: z.array(courseCardSchema),
  programs: z.array(programCardSchema),
  events: z.array(eventCardSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

const colored = z.object({
  value: z.string(),
  label: z.string(),
  color: z.string(),
  backgroundColor: z.string(),
});
export const academyFiltersResponseSchema = z.object({
  suggestedFilters: z.array(
    z.object({ value: z.string(), label: z.string(), subscriptionRequired: z.array(z.string()) }),
  ),
  customFilters: z.object({ topic: z.array(colored), level: z.array(colored) }),
});
export type AcademyFilters = z.infer<typeof academyFiltersResponseSchema>;

/**
 * A started, unfinished course with content, for the academy's "Seguí viendo" row: the section to
 * open next (the last viewed one while it is not complete, else the next one not complete).
 */
export const continueWatchingItemSchema = z.object({
  course_id: z.string(),
  name: z.string(),
  fraction: z.number().min(0).max(1),
  section_id: z.string(),
  section_name: z.string(),
  /** ISO date-time of her last progress in the course; the list is ordered by it, newest first */
  last_viewed_at: z.string(),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;

export const progressOverviewResponseSchema = z.object({
  in_progress_courses: z.record(z.string(), z.object({ fraction: z.number().min(0).max(1) })),
  continue_watching: z.array(continueWatchingItemSchema),
});
export type ProgressOverview = z.infer<typeof progressOverviewResponseSchema>;

export const featureFlagsResponseSchema = z.object({
  enableMonthlySubscriptionPurchase: z.boolean(),
  enableAnnualSubscriptionPurchase: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsResponseSchema>;

export const communityAccessResponseSchema = z.object({ withAccess: z.boolean() });
export const communityResponseSchema = z.object({ url: z.string() });
