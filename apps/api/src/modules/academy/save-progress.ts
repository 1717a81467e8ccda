import { saveProgressRequestSchema, saveProgressResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess, courseNotFound } from './course-access';
import { getCourseStructure, type SectionRow } from './course-structure';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { forgetProgress, progressChangedNotice } from './progress-cache';
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

/**
 * Sets finished_at once, when every non-EMPTY section is complete; answers the finish time (also
 * one set before). It runs as its own statement after the save has committed, so when two tabs
 * complete the last two sections at the same moment, the check of whichever saved last counts
 * both sections: the finish cannot be missed. `finished_at is null` makes it happen once.
 */
const finishStatement: PreparedStatement = {
  name: 'academy_finish_course',
  text: `
    with finished as (
      update course_progress set finished_at = now(), updated_at = now()
       where user_id = $1 and course_id = $2 and finished_at is null
         and (select count(*) from section_progress sp
                join course_sections s on s.id = sp.section_id and s.type <> 'EMPTY'
               where sp.user_id = $1 and sp.course_id = $2 and sp.complete_fraction >= 1) >= $3
      returning finished_at)
    select finished_at from finished
    union all
    select finished_at from course_progress
     where user_id = $1 and course_id = $2 and finished_at is not null
    limit 1`,
};

const isoOrNull = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * POST /academy/progress — the hottest write: the caller's access (cached, viewer.ts), the save
 * (one statement shared with the saves arriving at the same moment, progress-writer.ts) and, only
 * when this write completed a section, the finish check (one statement, then its notice). Idempotent: the same
 * write twice changes nothing.
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
      logLevel: 'warn',
    },
    async (request) => {
      const userId = requireUserId(request);
      const { courseId, progress } = request.body;
      const [structure, viewer] = await Promise.all([
        getCourseStructure(app.db, courseId),
        loadViewer(app.db, userId),
      ]);
      if (!structure) throw courseNotFound();
      const section = structure.sectionsById.get(progress.sectionId);
      if (!section || section.moduleId !== progress.moduleId || section.type === 'EMPTY')
        throw invalidSection();
      assertCourseAccess(structure, viewer);

      const { viewedSeconds, fraction } = measuredProgress(section, progress.seconds);
      const row = await saveSectionProgress(app.db, {
        userId,
        sectionId: section.id,
        courseId,
        moduleId: section.moduleId,
        viewedSeconds,
        fraction,
      });
      let finishedAt = isoOrNull(row.finished_at);
      // A section already complete was checked when it became so: only this write's completion can finish the course.
      if (!finishedAt && row.completed_now) {
        const [finished] = await runPrepared<{ finished_at: Date | string }>(app.db, finishStatement, [
          userId,
          structure.course.id,
          structure.requiredSectionCount,
        ]);
        forgetProgress(app.db, [userId]);
        await app.db.execute(progressChangedNotice([userId]));
        finishedAt = isoOrNull(finished?.finished_at);
      }
      return {
        sectionId: section.id,
        viewed_seconds: row.viewed_seconds,
        complete_fraction: Math.min(1, row.complete_fraction),
        finished_at: finishedAt,
      };
    },
  );
};
