import { z } from 'zod';

/* ---------- GET /admin/aladina (permission `content`): what learners ask Aladina, without names ---------- */

export const adminAladinaQuestionSchema = z.object({
  id: z.string(),
  /** as she wrote it, her personal numbers masked */
  question: z.string(),
  outcome: z.enum(['answered', 'not_covered', 'advice', 'refused']),
  /** the course it was answered from, or the nearest one suggested */
  courseName: z.string().nullable(),
  rating: z.enum(['up', 'down']).nullable(),
  createdAt: z.string(),
});
export type AdminAladinaQuestion = z.infer<typeof adminAladinaQuestionSchema>;

export const adminAladinaReportSchema = z.object({
  /** the last 30 days */
  totals: z.object({
    asked: z.number().int(),
    answered: z.number().int(),
    notCovered: z.number().int(),
    advice: z.number().int(),
    thumbsUp: z.number().int(),
    thumbsDown: z.number().int(),
  }),
  recent: z.array(adminAladinaQuestionSchema),
  /** the courses did not cover them: the classes that are missing */
  unanswered: z.array(adminAladinaQuestionSchema),
  thumbsDown: z.array(adminAladinaQuestionSchema),
});
export type AdminAladinaReport = z.infer<typeof adminAladinaReportSchema>;
