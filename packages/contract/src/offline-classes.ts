import { z } from 'zod';

/**
 * Classes kept for the bus (issue 44, decisions 0360–0362): the progress a device made while
 * offline, sent in batches when it is back, and the check of which kept classes she may still
 * play.
 */

/** At most this many events in one batch; a device sends the rest in the next. */
export const offlineProgressBatchMax = 50;

const courseId = z.string().min(1).max(120);
const sectionId = z.string().min(1).max(120);

export const offlineProgressEventSchema = z.object({
  /** made by the device, once per event: the same event sent twice is written once */
  eventId: z.uuid(),
  courseId,
  moduleId: z.string().min(1).max(120),
  sectionId,
  /** where she was in the class, in seconds (as POST /academy/progress) */
  seconds: z.number().min(0).max(86_400),
  /** when she got there, on her device (ISO 8601): the batch's events are written in this order */
  at: z.iso.datetime(),
});
export type OfflineProgressEvent = z.infer<typeof offlineProgressEventSchema>;

/** POST /academy/progress/offline */
export const offlineProgressBatchRequestSchema = z.object({
  /** the account the device was logged in with when it recorded the events: must be the caller's */
  userId: z.uuid(),
  events: z.array(offlineProgressEventSchema).min(1).max(offlineProgressBatchMax),
});
export type OfflineProgressBatchRequest = z.infer<typeof offlineProgressBatchRequestSchema>;

export const offlineProgressOutcomes = ['saved', 'already-saved', 'refused'] as const;
export type OfflineProgressOutcome = (typeof offlineProgressOutcomes)[number];

export const offlineProgressBatchResponseSchema = z.object({
  results: z.array(
    z.object({
      eventId: z.string(),
      /** saved: written now; already-saved: this event came before (nothing written); refused: not hers to write */
      outcome: z.enum(offlineProgressOutcomes),
      /** a refusal's internalCode (SUBSCRIPTION_REQUIRED, PURCHASE_REQUIRED, INVALID_SECTION, NOT_FOUND) */
      code: z.string().nullable(),
    }),
  ),
});
export type OfflineProgressBatchResponse = z.infer<typeof offlineProgressBatchResponseSchema>;

/** POST /academy/offline/access: which kept classes she may still play. */
export const keptClassesAccessRequestSchema = z.object({
  classes: z.array(z.object({ courseId, sectionId })).min(1).max(200),
});
export type KeptClassesAccessRequest = z.infer<typeof keptClassesAccessRequestSchema>;

export const keptClassesAccessResponseSchema = z.object({
  classes: z.array(z.object({ courseId: z.string(), sectionId: z.string(), allowed: z.boolean() })),
});
export type KeptClassesAccessResponse = z.infer<typeof keptClassesAccessResponseSchema>;
