import {
  type OfflineProgressBatchRequest,
  type OfflineProgressBatchResponse,
  type OfflineProgressEvent,
  offlineProgressBatchRequestSchema,
  offlineProgressBatchResponseSchema,
} from '@alcancia/contract';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offlineProgressEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess } from './course-access';
import { type CourseStructure, getCourseStructure } from './course-structure';
import { type ProgressWrite, saveProgressInTransaction } from './progress-writer';
import { measuredProgress } from './save-progress';
import { loadViewer } from './viewer';

type Checked =
  | { event: OfflineProgressEvent; write: ProgressWrite; code: null }
  | { event: OfflineProgressEvent; write: null; code: string };

/** Why an event cannot be written: the same answers as POST /academy/progress. */
function refusalOf(error: unknown): string {
  if (error instanceof AppError) return error.internalCode;
  throw error;
}

/**
 * The rounds an offline batch is written in (decision 0361): one write per section (her furthest
 * point in it: progress only grows, so the earlier events add nothing), at most one per course in
 * a round (the save statement touches a row once), each course's sections in the order she played
 * them, so the last round leaves her last viewed section as the last one she played.
 */
export function progressRounds(checked: { event: OfflineProgressEvent; write: ProgressWrite }[]) {
  const bySection = new Map<string, { write: ProgressWrite; at: string }>();
  for (const { event, write } of checked) {
    const kept = bySection.get(write.sectionId);
    if (!kept) bySection.set(write.sectionId, { write, at: event.at });
    else
      bySection.set(write.sectionId, {
        write: kept.write.viewedSeconds >= write.viewedSeconds ? kept.write : write,
        at: kept.at > event.at ? kept.at : event.at,
      });
  }
  const byCourse = new Map<string, { write: ProgressWrite; at: string }[]>();
  for (const entry of bySection.values()) {
    const list = byCourse.get(entry.write.courseId) ?? [];
    list.push(entry);
    byCourse.set(entry.write.courseId, list);
  }
  const rounds: ProgressWrite[][] = [];
  for (const list of byCourse.values()) {
    list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    list.forEach((entry, i) => {
      rounds[i] ??= [];
      rounds[i].push(entry.write);
    });
  }
  return rounds;
}

/**
 * Writes the progress a device recorded offline (issue 44, decision 0361). Her id is the
 * session's; the batch names the account it was recorded under and is refused whole when that is
 * not hers (a device shared by two people). Each event is checked as POST /academy/progress
 * checks a write (the class is in the course, she may open it); then, in one transaction, the
 * events' keys are recorded and the new ones' progress written: an event already received writes
 * nothing, and is answered as it was.
 */
export async function saveOfflineProgress(
  app: FastifyInstance,
  userId: string,
  request: OfflineProgressBatchRequest,
): Promise<OfflineProgressBatchResponse> {
  if (request.userId !== userId) throw AppError.of('OFFLINE_PROGRESS_OTHER_ACCOUNT');
  const events = [...new Map(request.events.map((e) => [e.eventId, e])).values()];
  const viewer = await loadViewer(app.db, userId);
  const structures = new Map<string, CourseStructure | null>();
  for (const courseId of new Set(events.map((e) => e.courseId))) {
    structures.set(courseId, await getCourseStructure(app.db, courseId));
  }
  const checked: Checked[] = events.map((event) => {
    try {
      const structure = structures.get(event.courseId);
      if (!structure) throw AppError.notFound('El curso ingresado no existe');
      const section = structure.sectionsById.get(event.sectionId);
      if (!section || section.moduleId !== event.moduleId || section.type === 'EMPTY')
        throw AppError.of('INVALID_SECTION');
      assertCourseAccess(structure, viewer);
      const { viewedSeconds, fraction } = measuredProgress(section, event.seconds);
      return {
        event,
        code: null,
        write: {
          userId,
          sectionId: section.id,
          courseId: event.courseId,
          moduleId: section.moduleId,
          viewedSeconds,
          fraction,
          requiredSections: structure.requiredSectionCount,
        },
      };
    } catch (error) {
      return { event, write: null, code: refusalOf(error) };
    }
  });

  const { fresh, finish } = await app.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(offlineProgressEvents)
      .values(
        checked.map(({ event, write, code }) => ({
          userId,
          eventId: event.eventId,
          courseId: event.courseId,
          sectionId: event.sectionId,
          seconds: write?.viewedSeconds ?? Math.round(event.seconds),
          outcome: code === null ? ('saved' as const) : ('refused' as const),
          refusalCode: code,
        })),
      )
      .onConflictDoNothing()
      .returning({ eventId: offlineProgressEvents.eventId });
    const fresh = new Set(inserted.map((row) => row.eventId));
    const toWrite = checked.filter(
      (c): c is Checked & { write: ProgressWrite } => c.write !== null && fresh.has(c.event.eventId),
    );
    const { finish } = await saveProgressInTransaction(tx, progressRounds(toWrite));
    return { fresh, finish };
  });
  await finish(app.db);

  // events received before: answered as they were then (refused stays refused)
  const repeated = events.filter((e) => !fresh.has(e.eventId)).map((e) => e.eventId);
  const before = new Map<string, { outcome: string; code: string | null }>();
  if (repeated.length > 0) {
    const rows = await app.db
      .select({
        eventId: offlineProgressEvents.eventId,
        outcome: offlineProgressEvents.outcome,
        code: offlineProgressEvents.refusalCode,
      })
      .from(offlineProgressEvents)
      .where(and(eq(offlineProgressEvents.userId, userId), inArray(offlineProgressEvents.eventId, repeated)));
    for (const row of rows) before.set(row.eventId, { outcome: row.outcome, code: row.code });
  }
  return {
    results: checked.map(({ event, code }) => {
      if (fresh.has(event.eventId))
        return { eventId: event.eventId, outcome: code === null ? 'saved' : 'refused', code };
      const earlier = before.get(event.eventId);
      return earlier?.outcome === 'refused'
        ? { eventId: event.eventId, outcome: 'refused', code: earlier.code }
        : { eventId: event.eventId, outcome: 'already-saved', code: null };
    }),
  };
}

/**
 * POST /academy/progress/offline — a device's offline progress, when it is back online. Not the
 * hot path (POST /academy/progress is unchanged): a batch comes once per reconnection.
 */
export const saveOfflineProgressRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/progress/offline',
    {
      schema: {
        tags: ['academy'],
        summary: 'Enviar el progreso hecho sin conexión',
        security: [{ bearerAuth: [] }],
        body: offlineProgressBatchRequestSchema,
        response: { 200: offlineProgressBatchResponseSchema },
      },
      bodyLimit: 64 * 1024,
      config: app.config.rateLimitEnabled
        ? {
            rateLimit: {
              max: 60,
              timeWindow: 60_000,
              keyGenerator: (request: FastifyRequest) => `offline-progress:${request.ip}`,
            } as RateLimitOptions,
          }
        : {},
    },
    async (request) => saveOfflineProgress(app, requireUserId(request), request.body),
  );
};
