import { courseSchema } from '@alcancia/contract';
import {
  adminCourseIdParamsSchema,
  adminCourseListQuerySchema,
  adminCourseListSchema,
  adminCourseSchema,
  createAdminCourseRequestSchema,
  updateAdminCourseRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors';
import { loadCourseStructure } from '../../academy/course-structure';
import { toCourseView } from '../../academy/course-view';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { courseCaptionsRoutes } from './captions-routes';
import { loadAdminCourse } from './course-documents';
import { contentRoute } from './course-edit-helpers';
import { coursePublicationRoutes } from './course-publication-routes';
import { courseCoverRoutes } from './cover-routes';
import { createCourse } from './create-course';
import { listCourses } from './list-courses';
import { courseModuleRoutes } from './module-routes';
import { courseSectionRoutes } from './section-routes';
import { contentTagRoutes } from './tag-routes';
import { updateCourse } from './update-course';

/**
 * The editor's content routes (issue 18, permission `content`): courses, programs, packs and
 * events, their modules and sections, publication and the learner's preview. Every change goes
 * through course-documents.ts (the content import's rules and writes) with an audit entry.
 * Publication, modules and sections have their own files (course-publication-routes.ts,
 * module-routes.ts, section-routes.ts), registered here.
 */
export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses',
    contentRoute({
      summary: 'Contenidos (cursos, programas, packs y eventos)',
      querystring: adminCourseListQuerySchema,
      response: { 200: adminCourseListSchema },
    }),
    async (request) => listCourses(app.db, request.query),
  );

  app.post(
    '/courses',
    contentRoute({
      summary: 'Crear un contenido (sin publicar)',
      body: createAdminCourseRequestSchema,
      response: { 201: adminCourseSchema },
    }),
    async (request, reply) => {
      const course = await createCourse(app.db, request, request.body);
      return reply.code(201).send(course);
    },
  );

  app.get(
    '/courses/:id',
    contentRoute({
      summary: 'Un contenido con sus módulos y secciones',
      params: adminCourseIdParamsSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) => loadAdminCourse(app.db, request.params.id),
  );

  app.patch(
    '/courses/:id',
    contentRoute({
      summary: 'Editar los datos de un contenido',
      params: adminCourseIdParamsSchema,
      body: updateAdminCourseRequestSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) => updateCourse(app, request, request.params.id, request.body),
  );

  app.get(
    '/courses/:id/preview',
    contentRoute({
      summary: 'Vista previa: el contenido como lo ve quien tiene acceso',
      params: adminCourseIdParamsSchema,
      response: { 200: courseSchema },
    }),
    async (request) => {
      const structure = await loadCourseStructure(app.db, request.params.id, { includeUnpublished: true });
      if (!structure) throw AppError.notFound('No existe ese contenido.');
      const expires = mediaUrlExpiry();
      return toCourseView(structure, true, { signMedia: (url) => signMediaUrl(app.config, url, expires) });
    },
  );

  await app.register(coursePublicationRoutes);
  await app.register(courseModuleRoutes);
  await app.register(courseSectionRoutes);
  await app.register(courseCaptionsRoutes);
  await app.register(courseCoverRoutes);
  await app.register(contentTagRoutes);
};
