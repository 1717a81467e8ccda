import { progressOverviewResponseSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseProgress } from '../../db/schema';
import { requireUserId } from '../../plugins/authentication';

/** GET /academy/content/progress — fraction 0..1 of every course the caller has started. */
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
      const rows = await app.db
        .select({ courseId: courseProgress.courseId, fraction: courseProgress.fraction })
        .from(courseProgress)
        .where(eq(courseProgress.userId, userId));
      return {
        in_progress_courses: Object.fromEntries(
          rows.map((r) => [r.courseId, { fraction: Math.min(1, Math.max(0, r.fraction)) }]),
        ),
      };
    },
  );
};
