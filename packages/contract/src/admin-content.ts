import { z } from 'zod';

/**
 * Back office: the catalogue's content (issue 18, "Content (editor)"). Courses, programs, packs and
 * events are all rows of `courses`, edited field by field as the content file (content:import)
 * names them; money in pesos. The server checks the same rules as the import (content-file.ts)
 * and answers them in Spanish, naming the field.
 */
export const adminContentKinds = ['COURSE', 'PROGRAM', 'PACK', 'EVENT'] as const;
export const adminContentKindSchema = z.enum(adminContentKinds);
export type AdminContentKind = z.infer<typeof adminContentKindSchema>;

export const adminSectionTypes = ['CLASS', 'DOWNLOADABLE_MATERIAL', 'EMPTY'] as const;

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Usá minúsculas sin tildes, números y guiones.')
  .max(80, 'Hasta 80 caracteres.');
const code = z.string().regex(/^[A-Za-z0-9_]+$/, 'Usá letras sin tildes, números y guiones bajos.');
const name = z.string().trim().min(1, 'Escribí un nombre.').max(200, 'Hasta 200 caracteres.');
const pesos = z.number().nonnegative('El precio no puede ser negativo.').max(21_000_000);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Usá el formato AAAA-MM-DD.');

export const adminCourseIdParamsSchema = z.object({ id: z.string().min(1).max(80) });
export const adminModuleParamsSchema = adminCourseIdParamsSchema.extend({
  moduleId: z.string().min(1).max(80),
});
export const adminSectionParamsSchema = adminCourseIdParamsSchema.extend({
  sectionId: z.string().min(1).max(80),
});

export const adminCourseListQuerySchema = z.object({
  kind: adminContentKindSchema.optional(),
  search: z.string().trim().max(100).optional(),
});

export const adminCourseSummarySchema = z.object({
  id: z.string(),
  kind: adminContentKindSchema,
  name: z.string(),
  published: z.boolean(),
  /** a scheduled publication (ISO date-time), or null */
  publishAt: z.string().nullable(),
  modulesAmount: z.number().int(),
  classesAmount: z.number().int(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type AdminCourseSummary = z.infer<typeof adminCourseSummarySchema>;
export const adminCourseListSchema = z.object({ items: z.array(adminCourseSummarySchema) });

/** Every field the learner's screens show (catalogue card, presentation, checkout), as in the content file. */
export const adminCourseFieldsSchema = z.object({
  name,
  description: z.string().max(2000),
  /** paragraphs separated by newlines */
  longDescription: z.string().max(20_000),
  descriptionAlternative: z.string().max(2000).nullable(),
  thumbnail: z.string().min(1).max(500).nullable(),
  thumbnailAlternative: z.string().min(1).max(500).nullable(),
  category: code.nullable(),
  level: code.nullable(),
  /** tag codes, the first one is the badge */
  tags: z.array(code).max(20),
  isFree: z.boolean(),
  audience: z.enum(['ALL', 'ONLY_SUBSCRIBERS', 'ONLY_UNSUBSCRIBERS']),
  price: pesos.nullable(),
  regularPrice: pesos.nullable(),
  maxInstallments: z.number().int().min(1, 'Entre 1 y 12 cuotas.').max(12, 'Entre 1 y 12 cuotas.'),
  saleableStartDate: date.nullable(),
  saleableEndDate: date.nullable(),
  declinedPaymentFormUrl: z.url('Escribí una dirección válida.').nullable(),
  checkoutProvider: z.enum(['MP', 'HOSTED']),
  eventSeries: z
    .enum(['FINANCIAL_NEWS', 'INVESTMENT_TRENDS', 'MASTERCLASSES', 'INTERVIEWS_AND_CONSULTATIONS'])
    .nullable(),
  sortOrder: z.number().int(),
  faqs: z
    .array(
      z.object({
        question: z.string().trim().min(1, 'Escribí la pregunta.'),
        answer: z.string().trim().min(1, 'Escribí la respuesta.'),
      }),
    )
    .max(50),
  /** PACK only: ids of the programs or courses it groups, in order */
  items: z.array(slug).max(50),
});
export type AdminCourseFields = z.infer<typeof adminCourseFieldsSchema>;

export const createAdminCourseRequestSchema = adminCourseFieldsSchema.partial().extend({
  id: slug,
  kind: adminContentKindSchema,
  name,
});
export type CreateAdminCourseRequest = z.infer<typeof createAdminCourseRequestSchema>;

export const updateAdminCourseRequestSchema = adminCourseFieldsSchema.partial();
export type UpdateAdminCourseRequest = z.infer<typeof updateAdminCourseRequestSchema>;

export const adminSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  type: z.enum(adminSectionTypes),
  /** seconds */
  duration: z.number().int(),
  /** video address for a class, file key for a material */
  sectionUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  fileExtension: z.string().nullable(),
  /** a class's own WebVTT captions were uploaded (decision 0157) */
  hasCaptions: z.boolean(),
});
export type AdminSection = z.infer<typeof adminSectionSchema>;

/** Largest captions file the editor takes (a class of hours is a few dozen KB). */
export const maxCaptionsBytes = 500 * 1024;

/** PUT /api/admin/courses/{id}/sections/{sectionId}/captions: a class's Spanish WebVTT, as text. */
export const adminCaptionsRequestSchema = z.object({
  vtt: z.string().max(maxCaptionsBytes, 'El archivo de subtítulos supera los 500 KB.'),
});
export type AdminCaptionsRequest = z.infer<typeof adminCaptionsRequestSchema>;

/** A tag of the catalogue (content_tags): what the editor's tag picker offers (decision 0119). */
export const adminTagSchema = z.object({ code: z.string(), label: z.string() });
export type AdminTag = z.infer<typeof adminTagSchema>;
export const adminTagListSchema = z.object({ items: z.array(adminTagSchema) });
/** POST /api/admin/tags: a new tag, named in words; its code is made from them. */
export const createAdminTagRequestSchema = z.object({
  label: z.string().trim().min(1, 'Escribí la etiqueta nueva.').max(60, 'Usá hasta 60 caracteres.'),
});
export type CreateAdminTagRequest = z.infer<typeof createAdminTagRequestSchema>;

/** A tag's code from its words: lower case, no accents, words joined by "_" ("Ahorro en pesos" → ahorro_en_pesos). */
export function tagCodeOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A course's cover (decision 0118): a JPEG, PNG or WebP image of at most 2 MB, sent in base64. */
export const maxCoverBytes = 2 * 1024 * 1024;
export const coverImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const coverTooLarge = 'La imagen supera los 2 MB: elegí una más liviana.';
export const coverWrongType = 'La portada tiene que ser una imagen JPEG, PNG o WebP.';
export const adminCoverRequestSchema = z.object({
  /** the file's bytes in base64 (its type is read from the bytes, not from a declared name); the size is checked on the bytes */
  image: z.string().min(1),
});
export type AdminCoverRequest = z.infer<typeof adminCoverRequestSchema>;

export const adminModuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  sections: z.array(adminSectionSchema),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;

export const adminCourseSchema = adminCourseSummarySchema.extend({
  ...adminCourseFieldsSchema.shape,
  name: z.string(),
  modules: z.array(adminModuleSchema),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

export const createAdminModuleRequestSchema = z.object({ id: slug.optional(), name });
export const updateAdminModuleRequestSchema = z.object({ name });

const sectionFields = z.object({
  name,
  type: z.enum(adminSectionTypes),
  duration: z.number().int().nonnegative().max(86_400),
  sectionUrl: z.string().trim().min(1).max(500).nullable(),
  mimeType: z.string().min(1).max(200).nullable(),
  fileExtension: z.string().min(1).max(10).nullable(),
});
export const createAdminSectionRequestSchema = sectionFields
  .partial()
  .extend({ id: slug.optional(), name, type: z.enum(adminSectionTypes) });
export type CreateAdminSectionRequest = z.infer<typeof createAdminSectionRequestSchema>;
/** `moduleId` moves the section to the end of another module of the same course. */
export const updateAdminSectionRequestSchema = sectionFields.partial().extend({
  moduleId: z.string().min(1).max(80).optional(),
});
export type UpdateAdminSectionRequest = z.infer<typeof updateAdminSectionRequestSchema>;

/** The new order: every module (or every section of the module) exactly once. */
export const adminModuleOrderRequestSchema = z.object({ moduleIds: z.array(z.string()).min(1).max(500) });
export const adminSectionOrderRequestSchema = z.object({
  sectionIds: z.array(z.string()).min(1).max(1000),
});

/** A future moment (ISO date-time) to publish at, or null to drop the schedule. */
export const adminScheduleRequestSchema = z.object({
  publishAt: z.iso.datetime({ offset: true, message: 'Usá una fecha y hora válidas.' }).nullable(),
});

/** What a finished upload is, as the server read it (the tus upload's last answer). */
export const adminUploadResultSchema = z.object({
  /** the storage key */
  key: z.string(),
  kind: z.enum(['video', 'pdf', 'xlsx']),
  /** what the section stores: /media/subidas/videos/… for a video, the file key for a material */
  sectionUrl: z.string(),
  mimeType: z.string(),
  fileExtension: z.string(),
  /** seconds, read from the MP4 (0 for materials) */
  duration: z.number().int(),
  size: z.number().int(),
  name: z.string(),
});
export type AdminUploadResult = z.infer<typeof adminUploadResultSchema>;

export const adminUploadCapabilitiesSchema = z.object({
  types: z.array(
    z.object({
      kind: z.enum(['video', 'pdf', 'xlsx']),
      extension: z.string(),
      mimeType: z.string(),
      maxBytes: z.number(),
    }),
  ),
  /** whether ffmpeg is on the server (HLS packaging); without it the MP4 is served */
  hls: z.boolean(),
  resumable: z.literal('tus'),
});
export type AdminUploadCapabilities = z.infer<typeof adminUploadCapabilitiesSchema>;
