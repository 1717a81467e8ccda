import { z } from 'zod';

/**
 * Aladina, the academy's assistant (issue 42), imported as `@alcancia/contract/aladina`: her
 * questions answered from the classes with the moment to watch, and her notes inside each class.
 */

/** A question longer than this is refused (decision 0321): a long paste is not a question. */
export const aladinaQuestionMaxLength = 2000;
/** A note longer than this is refused. */
export const classNoteMaxLength = 2000;

/** POST /api/aladina/questions: her question; answered as a stream of server-sent events. */
export const askQuestionRequestSchema = z.object({
  // Checked by the API itself (empty, too long, not text): each has its own code and Spanish text.
  question: z.unknown().optional(),
});

/** Where a claim comes from: a class at a moment, a material, or a course's description. */
export const aladinaCitationSchema = z.object({
  /** the number the answer's text cites as [n] */
  n: z.number().int().min(1),
  kind: z.enum(['class', 'material', 'course']),
  courseId: z.string(),
  courseName: z.string(),
  sectionId: z.string().nullable(),
  sectionName: z.string().nullable(),
  /** a class: the start of the cited cue, whole seconds */
  atSeconds: z.number().int().min(0).nullable(),
  /** "Clase · mm:ss", "Material · Nombre", "Curso · Nombre" */
  label: z.string(),
  /** the viewer at that moment: /academy/{course}/{section}?t={seconds} */
  href: z.string(),
  /** the passage's words, as the classes say them */
  excerpt: z.string(),
});
export type AladinaCitation = z.infer<typeof aladinaCitationSchema>;

/** A course that holds more on her question and that she cannot watch yet (name only). */
export const aladinaLockedCourseSchema = z.object({ id: z.string(), name: z.string(), href: z.string() });

/**
 * The first event of an answer (`event: meta`): what it rests on. `outcome`: answered from the
 * classes, not covered by them (then `nearestCourse`), a request for personal advice (then
 * `notice` is the plain sentence that Alcancía does not give it), or refused (another learner's
 * notes, or only orders to the assistant: `notice` says why).
 */
export const aladinaAnswerMetaSchema = z.object({
  questionId: z.string(),
  outcome: z.enum(['answered', 'not_covered', 'advice', 'refused']),
  citations: z.array(aladinaCitationSchema),
  notice: z.string().nullable(),
  lockedCourses: z.array(aladinaLockedCourseSchema),
  nearestCourse: aladinaLockedCourseSchema.nullable(),
});
export type AladinaAnswerMeta = z.infer<typeof aladinaAnswerMetaSchema>;

/** `event: delta`: the next words of the answer. `event: done`: the end (`fallback`: the model failed). */
export const aladinaDeltaSchema = z.object({ text: z.string() });
export const aladinaDoneSchema = z.object({
  fallback: z.boolean(),
  outcome: z.enum(['answered', 'not_covered', 'advice', 'refused']),
  notice: z.string().nullable(),
});

/** POST /api/aladina/questions/{id}/rating */
export const rateAnswerRequestSchema = z.object({ rating: z.enum(['up', 'down']) });

/* ---------- her notes inside a class ---------- */

const noteBody = z
  .string()
  .trim()
  .min(1, 'Escribí tu nota.')
  .max(classNoteMaxLength, `La nota puede tener hasta ${classNoteMaxLength} caracteres.`);

export const classNoteSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  sectionId: z.string(),
  sectionName: z.string(),
  atSeconds: z.number().int().min(0),
  body: z.string(),
  /** the viewer at the note's moment */
  href: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassNote = z.infer<typeof classNoteSchema>;

export const createClassNoteRequestSchema = z.object({
  courseId: z.string().min(1).max(200),
  sectionId: z.string().min(1).max(200),
  atSeconds: z.number().int().min(0).max(86_400),
  body: noteBody,
});
export type CreateClassNoteRequest = z.infer<typeof createClassNoteRequestSchema>;

export const updateClassNoteRequestSchema = z.object({ body: noteBody });

/** GET /api/aladina/notes: hers, of one course or all, optionally those holding `q` (accents folded). */
export const listClassNotesQuerySchema = z.object({
  courseId: z.string().min(1).max(200).optional(),
  q: z.string().trim().max(200).optional(),
});

export const classNoteListSchema = z.object({ notes: z.array(classNoteSchema) });

/** "1:05" or "1:02:03" */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${String(m).padStart(2, '0')}:${s}`;
}

/** The course viewer at a moment of a class. */
export function classMomentHref(courseId: string, sectionId: string, atSeconds: number): string {
  return `/academy/${encodeURIComponent(courseId)}/${encodeURIComponent(sectionId)}?t=${Math.floor(atSeconds)}`;
}
