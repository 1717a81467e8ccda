import {
  courseDetailsSchema,
  courseFaqsResponseSchema,
  courseIdParamsSchema,
  courseSchema,
} from '@alcancia/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseFaqs } from '../../db/schema';
import { requireUserId } from '../../plugins/authentication';
import { mediaUrlExpiry, signMediaUrl } from '../files/media-urls';
import { assertCourseAccess, courseNotFound } from './course-access';
import { getCourseStructure } from './course-structure';
import { toCourseView } from './course-view';
import { sendSerialized } from './serialized-response';
import { isAccessible, loadViewer } from './viewer';

/**
 * GET /academy/{courseId} (full, with content addresses, 403 without access),
 * /academy/preview/{courseId} (modules and sections without addresses, for everyone logged in),
 * /academy/{courseId}/details, /faqs and /presentation.
 */
export const getCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  const load = async (courseId: string, userId: string) => {
    const [structure, viewer] = await Promise.all([
      getCourseStructure(app.db, courseId),
      loadViewer(app.db, userId),
    ]);
    if (!structure) throw courseNotFound();
    return { structure, viewer, accessible: isAccessible(structure.course, viewer) };
  };
  const common = { tags: ['academy'], security: [{ bearerAuth: [] }], params: courseIdParamsSchema };

  app.get(
    '/:courseId',
    { schema: { ...common, summary: 'Curso con sus módulos y clases', response: { 200: courseSchema } } },
    async (request, reply) => {
      const { structure, viewer } = await load(request.params.courseId, requireUserId(request));
      assertCourseAccess(structure, viewer);
      // The same for everyone who may open it: written once per cached structure and hour (its
      // videos' signed addresses change every hour, decision 0102).
      const expires = mediaUrlExpiry();
      return sendSerialized(reply, structure, `full.${expires}`, () =>
        toCourseView(structure, true, { signMedia: (url) => signMediaUrl(app.config, url, expires) }),
      );
    },
  );

  app.get(
    '/preview/:courseId',
    {
      schema: {
        ...common,
        summary: 'Vista previa de un curso (sin contenidos)',
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const { structure, accessible } = await load(request.params.courseId, requireUserId(request));
      return toCourseView(structure, accessible, false);
    },
  );

  app.get(
    '/:courseId/presentation',
    {
      schema: { ...common, summary: 'Presentación de un curso o programa', response: { 200: courseSchema } },
    },
    async (request) => {
      const { structure, accessible } = await load(request.params.courseId, requireUserId(request));
      return toCourseView(structure, accessible, false);
    },
  );

  app.get(
    '/:courseId/details',
    { schema: { ...common, summary: 'Datos de un curso', response: { 200: courseDetailsSchema } } },
    async (request) => {
      const { structure, accessible } = await load(request.params.courseId, requireUserId(request));
      const { modules: _modules, ...details } = toCourseView(structure, accessible, false);
      return details;
    },
  );

  app.get(
    '/:courseId/faqs',
    {
      schema: {
        ...common,
        summary: 'Preguntas frecuentes de un curso',
        response: { 200: courseFaqsResponseSchema },
      },
    },
    async (request) => {
      requireUserId(request);
      const structure = await getCourseStructure(app.db, request.params.courseId);
      if (!structure) throw courseNotFound();
      const faqs = await app.db
        .select({ question: courseFaqs.question, answer: courseFaqs.answer })
        .from(courseFaqs)
        .where(eq(courseFaqs.courseId, structure.course.id))
        .orderBy(asc(courseFaqs.position));
      return { faqs };
    },
  );
};
