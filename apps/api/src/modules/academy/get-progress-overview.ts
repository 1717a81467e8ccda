import { progressOverviewResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireUserId } from '../../plugins/authentication';
import { getCourseStructure } from './course-structure';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { cachedProgress } from './progress-cache';

const overviewStatement: PreparedStatement = {
  name: 'academy_progress_overview',
  text: `
    select cp.course_id, cp.finished_at is not null as finished,
           coalesce((select sum(least(sp.complete_fraction, 1)) from section_progress sp
                      where sp.user_id = cp.user_id and sp.course_id = cp.course_id), 0)::float8 as done,
           (select count(*) from course_sections s
             where s.course_id = cp.course_id and s.type <> 'EMPTY')::int as required
      from course_progress cp
     where cp.user_id = $1`,
};

/**
 * GET /academy/content/progress — every course the caller started, with its fraction 0..1 (cached
 * until her next save, progress-cache.ts):
 * complete share of its non-EMPTY sections (1 once finished); a pack, the mean of its items'.
 * One statement (and a pack's cached structure).
 */
export const getProgressOverviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/progress',
    {
      schema: {
        tags: ['academy'],
        summary: 'Progreso en todos los cursos',
        security: [{ bearerAuth: [] }],
        response: { 200: progressOverviewResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      return cachedProgress(app.db, userId, 'overview', () => loadOverview(app.db, userId));
    },
  );
};

async function loadOverview(db: Database, userId: string) {
  const rows = await runPrepared<{
    course_id: string;
    finished: boolean;
    done: number;
    required: number;
  }>(db, overviewStatement, [userId]);
  const fractions = new Map(
    rows.map((r) => [
      r.course_id,
      r.finished ? 1 : r.required > 0 ? Math.min(1, Number(r.done) / r.required) : 0,
    ]),
  );
  // A pack has no sections of its own: its progress is the mean of what it holds (an item not
  // started counts 0). Structures are cached; only started courses without sections are looked at.
  for (const row of rows) {
    if (row.required > 0 || row.finished) continue;
    const structure = await getCourseStructure(db, row.course_id);
    if (structure?.course.kind !== 'PACK' || structure.items.length === 0) continue;
    const sum = structure.items.reduce((total, item) => total + (fractions.get(item.id) ?? 0), 0);
    fractions.set(row.course_id, sum / structure.items.length);
  }
  return {
    in_progress_courses: Object.fromEntries(
      [...fractions].map(([courseId, fraction]) => [courseId, { fraction }]),
    ),
  };
}
