import {
  adminCaptionsRequestSchema,
  adminCourseSchema,
  adminSectionParamsSchema,
  maxCaptionsBytes,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRoute } from './course-edit-helpers';
import { putCaptions, removeCaptions } from './section-captions';

/**
 * A class's Spanish WebVTT captions, uploaded from the content editor (issue 30, decision 0157):
 * put (replace) or remove. Kept in the section's row, served at a signed address like the video's.
 */
export const courseCaptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/courses/:id/sections/:sectionId/captions',
    {
      ...contentRoute({
        summary: 'Subir los subtítulos (WebVTT en español) de una clase',
        params: adminSectionParamsSchema,
        body: adminCaptionsRequestSchema,
        response: { 200: adminCourseSchema },
      }),
      // the file and its JSON quoting
      bodyLimit: maxCaptionsBytes * 2,
    },
    async (request) =>
      putCaptions(app.db, request, request.params.id, request.params.sectionId, request.body.vtt),
  );

  app.delete(
    '/courses/:id/sections/:sectionId/captions',
    contentRoute({
      summary: 'Quitar los subtítulos subidos de una clase',
      params: adminSectionParamsSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) => removeCaptions(app.db, request, request.params.id, request.params.sectionId),
  );
};
