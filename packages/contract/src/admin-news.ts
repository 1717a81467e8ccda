import { z } from 'zod';
import { postBodyMaxLength } from './news';

/**
 * The back office's posts for Novedades (issue 44; routes under /api/admin/news, permission
 * `content`). The text follows the post format of news.ts (checked by the API: HTML or a script is
 * refused with NEWS_POST_HTML, a javascript: link with NEWS_POST_LINK).
 */
export const adminNewsPostInputSchema = z.object({
  title: z.string().trim().min(3, 'El título necesita al menos 3 caracteres.').max(140),
  /** a path of this site (/covers/…, /media/…) or an https address; empty: no cover */
  coverUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https:\/\/\S+$/.test(value), {
      message: 'La portada tiene que ser una dirección https:// o una ruta de Alcancía (/covers/…).',
    })
    .default(''),
  coverAlt: z.string().trim().max(200).default(''),
  body: z.string().trim().min(1, 'Escribí el texto de la novedad.').max(postBodyMaxLength),
  /** the course or program it links to, and optionally one of its classes */
  linkCourseId: z.string().trim().max(120).nullable().default(null),
  linkSectionId: z.string().trim().max(120).nullable().default(null),
});
export type AdminNewsPostInput = z.input<typeof adminNewsPostInputSchema>;

export const adminNewsPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  coverAlt: z.string(),
  body: z.string(),
  linkCourseId: z.string().nullable(),
  linkSectionId: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNewsPost = z.infer<typeof adminNewsPostSchema>;

export const adminNewsPostListSchema = z.object({ items: z.array(adminNewsPostSchema) });

export const adminNewsPublishSchema = z.object({ published: z.boolean() });
