import { type CourseProgress, courseIdParamsSchema, courseProgressSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireUserId } from '../../plugins/authentication';
import { courseNotFound } from './course-access';
import { type CourseStructure, getCourseStructure } from './course-structure';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { cachedProgress } from './progress-cache';

type ProgressRow = {
  last_viewed_section_id: string | null;
  finished_at: Date | string | null;
  sections: { s: string; m: string; v: number; f: number }[] | string;
};

const progressStatement: PreparedStatement = {
  name: 'academy_course_progress',
  text: `
    select cp.last_viewed_section_id, cp.finished_at,
           coalesce(json_agg(json_build_object('s', sp.section_id, 'm', sp.module_id,
                                               'v', sp.viewed_seconds, 'f', sp.complete_fraction))
                      filter (where sp.section_id is not null), '[]') as sections
      from (select $1::uuid as user_id, $2::text as course_id) k
      left join course_progress cp on cp.user_id = k.user_id and cp.course_id = k.course_id
      left join section_progress sp on sp.user_id = k.user_id and sp.course_id = k.course_id
     group by cp.last_viewed_section_id, cp.finished_at`,
};

/**
 * GET /academy/progress/{courseId} in the spec's shape. Every module with progress is listed in
 * in_progress_modules (finished ones too, so each section's marker can be drawn); a module is in
 * finished_modules when all its non-EMPTY sections are complete. One SQL statement, or none when
 * this process already answered it since her last save (progress-cache.ts).
 */
export const getProgressRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/progress/:courseId',
    {
      schema: {
        tags: ['academy'],
        summary: 'Progreso en un curso',
        security: [{ bearerAuth: [] }],
        params: courseIdParamsSchema,
        response: { 200: courseProgressSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const structure = await getCourseStructure(app.db, request.params.courseId);
      if (!structure) throw courseNotFound();
      return cachedProgress(app.db, userId, `course:${structure.course.id}`, () =>
        loadCourseProgress(app.db, userId, structure),
      );
    },
  );
};

/** The caller's progress in one course, in the spec's shape (one statement). */
async function loadCourseProgress(
  db: Database,
  userId: string,
  structure: CourseStructure,
): Promise<CourseProgress> {
  const [row] = await runPrepared<ProgressRow>(db, progressStatement, [userId, structure.course.id]);
  const sections = typeof row?.sections === 'string' ? JSON.parse(row.sections) : (row?.sections ?? []);
  const progress: CourseProgress = {
    in_progress_modules: {},
    finished_modules: {},
    last_viewed_section: row?.last_viewed_section_id ?? null,
    finished_at: row?.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
  const complete = new Set<string>();
  for (const s of sections as { s: string; m: string; v: number; f: number }[]) {
    const moduleProgress = progress.in_progress_modules[s.m] ?? { sections: {} };
    moduleProgress.sections[s.s] = { viewed_seconds: s.v, complete_fraction: Math.min(1, s.f) };
    progress.in_progress_modules[s.m] = moduleProgress;
    if (s.f >= 1) complete.add(s.s);
  }
  for (const module of structure.modules) {
    const started = module.id in progress.in_progress_modules;
    if (started && module.requiredSectionIds.every((id) => complete.has(id))) {
      progress.finished_modules[module.id] = true;
    }
  }
  return progress;
}
