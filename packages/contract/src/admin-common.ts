import { z } from 'zod';

/** Pages of back-office lists: `page` from 1, `hasMore` instead of a count (no count(*) on big tables). */
export const adminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  });

/** YYYY-MM-DD */
export const adminDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Usá el formato AAAA-MM-DD.');

/** Why an operator grants, revokes or ends something: kept in the audit log. */
export const adminReasonSchema = z
  .string()
  .trim()
  .min(3, 'Contá brevemente el motivo.')
  .max(500, 'El motivo puede tener hasta 500 caracteres.');

/** The answer of an action that changes something and has nothing else to say. */
export const adminActionResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type AdminActionResult = z.infer<typeof adminActionResultSchema>;
