import {
  type SaveProgressRequest,
  type SaveProgressResponse,
  saveProgressRequestSchema,
  saveProgressResponseSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess, courseNotFound } from './course-access';
import { getCourseStructure, type SectionRow } from './course-structure';
import { saveSectionProgress } from './progress-writer';
import { loadViewer } from './viewer';

const invalidSection = () =>
  new AppError('INVALID_SECTION', 400, 'La clase no pertenece a este módulo o no registra progreso.');

/** seconds clamped to [0, duration]; a material counts as fully viewed once opened. */
export function measuredProgress(section: SectionRow, seconds: number) {
  if (section.type === 'DOWNLOADABLE_MATERIAL')
    return { viewedSeconds: section.durationSeconds, fraction: 1 };
  const viewedSeconds = Math.min(Math.max(Math.round(seconds), 0), section.durationSeconds);
  const fraction = section.durationSeconds > 0 ? viewedSeconds / section.durationSeconds : 1;
  return { viewedSeconds, fraction };
}

const isoOrNull = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * One progress write of `userId` (the bearer's, or the close-time save's session): the course,
 * her access, then the save. Shared by POST /academy/progress and its close-time twin.
 */
export async function recordProgress(
  app: FastifyInstance,
  userId: string,
  { courseId, progress }: SaveProgressRequest,
): Promise<SaveProgressResponse> {
  const [structure, viewer] = await Promise.all([
    getCourseStructure(app.db, courseId),
    loadViewer(app.db, userId),
  ]);
  if (!structure) throw courseNotFound();
  const section = structure.sectionsById.get(progress.sectionId);
  if (!section || section.moduleId !== progress.moduleId || section.type === 'EMPTY') throw invalidSection();
  assertCourseAccess(structure, viewer);

  const { viewedSeconds, fraction } = measuredProgress(section, progress.seconds);
  const row = await saveSectionProgress(app.db, {
    userId,
    sectionId: section.id,
    courseId,
    moduleId: section.moduleId,
    viewedSeconds,
    fraction,
    requiredSections: structure.requiredSectionCount,
  });
  return {
    sectionId: section.id,
    viewed_seconds: row.viewed_seconds,
    complete_fraction: Math.min(1, row.complete_fraction),
    finished_at: isoOrNull(row.finished_at),
  };
}

/**
 * POST /academy/progress — the hottest write: the caller's access (cached, viewer.ts), then the
 * save, shared with the saves arriving at the same moment (progress-writer.ts: one commit, and
 * the finish check of the courses those saves may have completed). Idempotent: the same write
 * twice changes nothing.
 */
export const saveProgressRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/progress',
    {
      schema: {
        tags: ['academy'],
        summary: 'Guardar el progreso de una clase',
        security: [{ bearerAuth: [] }],
        body: saveProgressRequestSchema,
        response: { 200: saveProgressResponseSchema },
      },
    },
    async (request) => recordProgress(app, requireUserId(request), request.body),
  );
};
