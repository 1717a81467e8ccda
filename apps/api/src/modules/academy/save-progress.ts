import { saveProgressRequestSchema, saveProgressResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess, courseNotFound } from './course-access';
import { getCourseStructure, type SectionRow } from './course-structure';
import { type PreparedStatement, runPrepared } from './prepared-query';
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
 * Records a section's progress (values only grow: a late or replayed write never lowers them) and
 * the last viewed section, and tells whether this write is the one that made the section
 * complete (`completed_now`: the stored fraction, read in the same snapshot, was below 1).
 */
const saveStatement: PreparedStatement = {
  name: 'academy_save_progress',
  text: `
    with before as (
      select complete_fraction from section_progress where user_id = $1 and section_id = $2),
    saved as (
      insert into section_progress (user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction)
      values ($1, $2, $3, $4, $5, $6)
      on conflict (user_id, section_id) do update set
        viewed_seconds = greatest(section_progress.viewed_seconds, excluded.viewed_seconds),
        complete_fraction = greatest(section_progress.complete_fraction, excluded.complete_fraction),
        updated_at = now()
      returning viewed_seconds, complete_fraction),
    course as (
      insert into course_progress (user_id, course_id, last_viewed_section_id)
      values ($1, $3, $2)
      on conflict (user_id, course_id) do update set
        last_viewed_section_id = excluded.last_viewed_section_id, updated_at = now()
      returning finished_at)
    select saved.viewed_seconds, saved.complete_fraction, course.finished_at,
           saved.complete_fraction >= 1 and coalesce((select complete_fraction from before), 0) < 1
             as completed_now
      from saved, course`,
};

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
 * POST /academy/progress — the hottest write: the caller's access (one statement), the save (one
 * statement) and, only when this write completed a section, the finish check (one statement).
 * Idempotent: the same write twice changes nothing.
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
      const [row] = await runPrepared<{
        viewed_seconds: number;
        complete_fraction: number;
        finished_at: Date | string | null;
        completed_now: boolean;
      }>(app.db, saveStatement, [userId, section.id, courseId, section.moduleId, viewedSeconds, fraction]);
      if (!row) throw new Error('progress upsert returned nothing');
      let finishedAt = isoOrNull(row.finished_at);
      // A section already complete was checked when it became so: only this write's completion can finish the course.
      if (!finishedAt && row.completed_now) {
        const [finished] = await runPrepared<{ finished_at: Date | string }>(app.db, finishStatement, [
          userId,
          structure.course.id,
          structure.requiredSectionCount,
        ]);
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
