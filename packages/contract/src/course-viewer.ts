import { z } from 'zod';
import { coverSchema } from './academy';

export const sectionTypes = ['CLASS', 'DOWNLOADABLE_MATERIAL', 'EMPTY'] as const;

export const sectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  type: z.enum(sectionTypes),
  /** seconds */
  duration: z.number().int(),
  /** video address (CLASS) or file key (DOWNLOADABLE_MATERIAL); null when the caller may not see it */
  section_url: z.string().nullable(),
  mime_type: z.string().nullable(),
  file_extension: z.string().nullable(),
  /** a CLASS's Spanish WebVTT captions (signed like its video); null: none, or not hers to see */
  captions_url: z.string().nullable(),
});
export type Section = z.infer<typeof sectionSchema>;

export const moduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  total_sections: z.number().int(),
  /** seconds */
  total_duration: z.number().int(),
  sections: z.array(sectionSchema),
});
export type CourseModule = z.infer<typeof moduleSchema>;

export const courseKindSchema = z.enum(['COURSE', 'PROGRAM', 'PACK', 'EVENT']);

/** One program or course inside a pack, in the pack's order. */
export const packItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: courseKindSchema,
  thumbnail: z.string().nullable(),
});
export type PackItem = z.infer<typeof packItemSchema>;

/** Who teaches a course (the course page's "Quién enseña"). */
export const teacherSchema = z.object({ name: z.string(), bio: z.string() });
export type Teacher = z.infer<typeof teacherSchema>;

/** GET /academy/{courseId} and /academy/preview/{courseId}. */
export const courseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  long_description: z.string(),
  thumbnail: z.string().nullable(),
  category: z.string().nullable(),
  level: z.string().nullable(),
  tags: z.array(z.string()),
  type: courseKindSchema,
  isFree: z.boolean(),
  isProgram: z.boolean(),
  isAccessibleByUser: z.boolean(),
  modulesAmount: z.number().int(),
  classesAmount: z.number().int(),
  modules: z.array(moduleSchema),
  /** what a PACK holds (its buyer opens each from the pack's page); empty for other kinds */
  items: z.array(packItemSchema),
  /** the illustrated cover; null: the page shows the thumbnail */
  cover: coverSchema.nullable(),
  /** who teaches it; null: the academy's team (issue 20) */
  teacher: teacherSchema.nullable(),
  /** what she will learn, in order; empty: the page lists the modules (issue 20) */
  outcomes: z.array(z.string()),
});
export type Course = z.infer<typeof courseSchema>;

export const courseDetailsSchema = courseSchema.omit({ modules: true });
export const courseFaqsResponseSchema = z.object({
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export const courseIdParamsSchema = z.object({ courseId: z.string().min(1).max(120) });

/** POST /academy/progress */
export const saveProgressRequestSchema = z.object({
  courseId: z.string().min(1).max(120),
  progress: z.object({
    moduleId: z.string().min(1).max(120),
    sectionId: z.string().min(1).max(120),
    seconds: z.number().finite().min(-1e6).max(1e7),
  }),
});
export type SaveProgressRequest = z.infer<typeof saveProgressRequestSchema>;

/**
 * POST /academy/progress/on-close: the last save of a page that is closing when its access token
 * has expired (a laptop woke from sleep, a long lesson). The session's current refresh token
 * authenticates it, without rotating it (decision 50).
 */
export const saveProgressOnCloseRequestSchema = saveProgressRequestSchema.extend({
  refreshToken: z.string().min(1).max(200),
});
export type SaveProgressOnCloseRequest = z.infer<typeof saveProgressOnCloseRequestSchema>;

const sectionProgressSchema = z.object({
  viewed_seconds: z.number().int(),
  complete_fraction: z.number().min(0).max(1),
});

/** GET /academy/progress/{courseId} (also the answer of a save). */
export const courseProgressSchema = z.object({
  in_progress_modules: z.record(
    z.string(),
    z.object({ sections: z.record(z.string(), sectionProgressSchema) }),
  ),
  finished_modules: z.record(z.string(), z.literal(true)),
  last_viewed_section: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

export const startCourseRequestSchema = z.object({ courseId: z.string().min(1).max(120) });
export const startCourseResponseSchema = z.object({ courseId: z.string(), startedAt: z.string() });

export const saveProgressResponseSchema = z.object({
  sectionId: z.string(),
  viewed_seconds: z.number().int(),
  complete_fraction: z.number().min(0).max(1),
  finished_at: z.string().nullable(),
});
export type SaveProgressResponse = z.infer<typeof saveProgressResponseSchema>;
