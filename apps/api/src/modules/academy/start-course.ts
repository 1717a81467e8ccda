import { startCourseRequestSchema, startCourseResponseSchema } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { assertCourseAccess, courseNotFound } from './course-access';
import { getCourseStructure } from './course-structure';
import { forgetProgress, progressChangedNotice } from './progress-cache';
import { loadViewer } from './viewer';

/**
 * POST /academy/start-course — "Comenzar" on a bought program: records the start (idempotent), so
 * the card shows "Continuar" from then on.
 */
export const startCourseRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/start-course',
    {
      schema: {
        tags: ['academy'],
        summary: 'Comenzar un curso o programa',
        security: [{ bearerAuth: [] }],
        body: startCourseRequestSchema,
        response: { 200: startCourseResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const [structure, viewer] = await Promise.all([
        getCourseStructure(app.db, request.body.courseId),
        loadViewer(app.db, userId),
      ]);
      if (!structure) throw courseNotFound();
      assertCourseAccess(structure, viewer);
      const { rows } = await app.db.execute<{ started_at: Date | string }>(sql`
        insert into course_progress (user_id, course_id) values (${userId}, ${structure.course.id})
        on conflict (user_id, course_id) do update set updated_at = course_progress.updated_at
        returning started_at`);
      forgetProgress(app.db, [userId]);
      await app.db.execute(progressChangedNotice([userId]));
      return {
        courseId: structure.course.id,
        startedAt: new Date(rows[0]?.started_at ?? Date.now()).toISOString(),
      };
    },
  );
};
