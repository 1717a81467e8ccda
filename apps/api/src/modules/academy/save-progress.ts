import { saveProgressRequestSchema, saveProgressResponseSchema } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess, courseNotFound } from './course-access';
import { type CourseStructure, getCourseStructure, type SectionRow } from './course-structure';
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
 * Sets finished_at once, when every non-EMPTY section is complete. Runs only after a write left a
 * section complete on an unfinished course. The course_progress row is locked first, so two tabs
 * completing the last two sections at the same moment cannot both miss the finish: the second
 * one counts after the first has committed.
 */
async function finishIfComplete(
  app: FastifyInstance,
  userId: string,
  structure: CourseStructure,
): Promise<string | null> {
  return app.db.transaction(async (tx) => {
    const locked = await tx.execute<{ finished_at: Date | string | null }>(sql`
      select finished_at from course_progress
       where user_id = ${userId} and course_id = ${structure.course.id} for update`);
    const already = locked.rows[0]?.finished_at;
    if (already) return new Date(already).toISOString();
    const counted = await tx.execute<{ done: number }>(sql`
      select count(*)::int as done from section_progress sp
        join course_sections s on s.id = sp.section_id and s.type <> 'EMPTY'
       where sp.user_id = ${userId} and sp.course_id = ${structure.course.id} and sp.complete_fraction >= 1`);
    if ((counted.rows[0]?.done ?? 0) < structure.requiredSectionCount) return null;
    const updated = await tx.execute<{ finished_at: Date | string }>(sql`
      update course_progress set finished_at = now(), updated_at = now()
       where user_id = ${userId} and course_id = ${structure.course.id}
       returning finished_at`);
    const at = updated.rows[0]?.finished_at;
    return at ? new Date(at).toISOString() : null;
  });
}

/**
 * POST /academy/progress — the hottest write. One statement records the section (values only
 * grow: a late or replayed write never lowers them) and the last viewed section; a second,
 * rare step checks the finish. Idempotent: the same write twice changes nothing.
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
      const result = await app.db.execute<{
        viewed_seconds: number;
        complete_fraction: number;
        finished_at: Date | string | null;
      }>(sql`
        with saved as (
          insert into section_progress (user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction)
          values (${userId}, ${section.id}, ${courseId}, ${section.moduleId}, ${viewedSeconds}, ${fraction})
          on conflict (user_id, section_id) do update set
            viewed_seconds = greatest(section_progress.viewed_seconds, excluded.viewed_seconds),
            complete_fraction = greatest(section_progress.complete_fraction, excluded.complete_fraction),
            updated_at = now()
          returning viewed_seconds, complete_fraction),
        course as (
          insert into course_progress (user_id, course_id, last_viewed_section_id)
          values (${userId}, ${courseId}, ${section.id})
          on conflict (user_id, course_id) do update set
            last_viewed_section_id = excluded.last_viewed_section_id, updated_at = now()
          returning finished_at)
        select saved.viewed_seconds, saved.complete_fraction, course.finished_at from saved, course`);
      const row = result.rows[0];
      if (!row) throw new Error('progress upsert returned nothing');
      let finishedAt = row.finished_at ? new Date(row.finished_at).toISOString() : null;
      if (!finishedAt && row.complete_fraction >= 1)
        finishedAt = await finishIfComplete(app, userId, structure);
      return {
        sectionId: section.id,
        viewed_seconds: row.viewed_seconds,
        complete_fraction: Math.min(1, row.complete_fraction),
        finished_at: finishedAt,
      };
    },
  );
};
