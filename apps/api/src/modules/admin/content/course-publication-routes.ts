import {
  adminCourseIdParamsSchema,
  adminCourseSchema,
  adminScheduleRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRoute } from './course-edit-helpers';
import { scheduleCourse, setPublished } from './course-publication';

/**
 * Publication of a content (issue 18, permission `content`): at once, or at a scheduled moment
 * (the content.publish job, publish-scheduled.ts). Either is refused while the content lacks a
 * cover, a category, a level, a module or a class with its video or material (publication-checklist.ts,
 * issues 29 and 40).
 */
export const coursePublicationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/courses/:id/${action}`,
      contentRoute({
        summary: action === 'publish' ? 'Publicar un contenido' : 'Despublicar un contenido',
        params: adminCourseIdParamsSchema,
        response: { 200: adminCourseSchema },
      }),
      async (request) => setPublished(app.db, request, request.params.id, action),
    );
  }

  app.put(
    '/courses/:id/schedule',
    contentRoute({
      summary: 'Programar la publicación de un contenido (o quitar la programación)',
      params: adminCourseIdParamsSchema,
      body: adminScheduleRequestSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) => scheduleCourse(app.db, request, request.params.id, request.body.publishAt),
  );
};
