import {
  adminCourseIdParamsSchema,
  adminCourseSchema,
  adminScheduleRequestSchema,
} from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { recordAudit } from '../core/audit';
import { loadAdminCourse } from './course-documents';
import { contentRoute, lockCourse, unchangedCourse } from './course-edit-helpers';
import { checkPublishable } from './publication-checklist';

/**
 * Publication of a content (issue 18, permission `content`): at once, or at a scheduled moment
 * (the content.publish job, publish-scheduled.ts). Either is refused while the content lacks a
 * cover, a category or a level (publication-checklist.ts, issue 29).
 */
export const coursePublicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const setPublished = (action: 'publish' | 'unpublish') =>
    app.post(
      `/courses/:id/${action}`,
      contentRoute({
        summary: action === 'publish' ? 'Publicar un contenido' : 'Despublicar un contenido',
        params: adminCourseIdParamsSchema,
        response: { 200: adminCourseSchema },
      }),
      async (request) =>
        app.db.transaction(async (tx) => {
          const { id } = request.params;
          const before = await lockCourse(tx, id);
          const published = action === 'publish';
          if (before.published === published && before.publishAt === null) {
            return unchangedCourse(tx, request, id);
          }
          if (published) checkPublishable(before);
          await tx
            .update(courses)
            .set({ published, publishAt: null, updatedAt: sql`now()` })
            .where(eq(courses.id, id));
          await announceContentChange(tx);
          await recordAudit(tx, request, {
            action: `course.${action}`,
            targetType: 'course',
            targetId: id,
            before: { published: before.published, publishAt: before.publishAt },
            after: { published, publishAt: null },
          });
          return loadAdminCourse(tx, id);
        }),
    );
  setPublished('publish');
  setPublished('unpublish');

  app.put(
    '/courses/:id/schedule',
    contentRoute({
      summary: 'Programar la publicación de un contenido (o quitar la programación)',
      params: adminCourseIdParamsSchema,
      body: adminScheduleRequestSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) =>
      app.db.transaction(async (tx) => {
        const { id } = request.params;
        const before = await lockCourse(tx, id);
        const publishAt = request.body.publishAt ? new Date(request.body.publishAt) : null;
        if (publishAt && before.published) {
          throw new AppError('ALREADY_PUBLISHED', 409, 'El contenido ya está publicado.');
        }
        if (publishAt && publishAt.getTime() <= Date.now()) {
          throw AppError.invalidData(
            [{ path: 'publishAt', message: 'Elegí una fecha y hora futuras.' }],
            'Elegí una fecha y hora futuras.',
          );
        }
        if ((before.publishAt?.getTime() ?? null) === (publishAt?.getTime() ?? null)) {
          return unchangedCourse(tx, request, id);
        }
        if (publishAt) checkPublishable(before);
        await tx.update(courses).set({ publishAt }).where(eq(courses.id, id));
        await recordAudit(tx, request, {
          action: 'course.schedule',
          targetType: 'course',
          targetId: id,
          before: { publishAt: before.publishAt },
          after: { publishAt },
        });
        return loadAdminCourse(tx, id);
      }),
  );
};
