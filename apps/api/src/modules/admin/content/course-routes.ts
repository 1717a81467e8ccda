import { courseSchema } from '@alcancia/contract';
import {
  adminCourseIdParamsSchema,
  adminCourseListQuerySchema,
  adminCourseListSchema,
  adminCourseSchema,
  createAdminCourseRequestSchema,
  updateAdminCourseRequestSchema,
} from '@alcancia/contract/admin';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses } from '../../../db/schema';
import { AppError } from '../../../errors';
import { loadCourseStructure } from '../../academy/course-structure';
import { toCourseView } from '../../academy/course-view';
import type { ContentCourseDocument } from '../../academy/export-content';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { recordAudit } from '../core/audit';
import { courseCaptionsRoutes } from './captions-routes';
import {
  applyFields,
  editCourse,
  loadAdminCourse,
  toAdminCourseSummary,
  writeCourseDocument,
} from './course-documents';
import { contentRoute } from './course-edit-helpers';
import { coursePublicationRoutes } from './course-publication-routes';
import { courseCoverRoutes } from './cover-routes';
import { courseModuleRoutes } from './module-routes';
import { courseSectionRoutes } from './section-routes';
import { contentTagRoutes } from './tag-routes';

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
    async (request) => {
      const { kind, search } = request.query;
      const filters: SQL[] = [];
      if (kind) filters.push(eq(courses.kind, kind));
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(or(ilike(courses.name, pattern), ilike(courses.id, pattern)) as SQL);
      }
      const rows = await app.db
        .select()
        .from(courses)
        .where(and(...filters))
        .orderBy(asc(courses.kind), asc(courses.sortOrder), asc(courses.id))
        .limit(1000);
      return { items: rows.map(toAdminCourseSummary) };
    },
  );

  app.post(
    '/courses',
    contentRoute({
      summary: 'Crear un contenido (sin publicar)',
      body: createAdminCourseRequestSchema,
      response: { 201: adminCourseSchema },
    }),
    async (request, reply) => {
      const { id, kind, ...fields } = request.body;
      const course = await app.db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
        if (taken) {
          throw AppError.invalidData(
            [{ path: 'id', message: 'Ya existe un contenido con ese identificador.' }],
            'Ya existe un contenido con ese identificador.',
          );
        }
        const [last] = await tx
          .select({ max: sql<number>`coalesce(max(${courses.sortOrder}), -1)::int` })
          .from(courses);
        const blank: ContentCourseDocument = {
          id,
          kind,
          name: fields.name,
          description: '',
          longDescription: '',
          tags: [],
          isFree: false,
          audience: 'ALL',
          maxInstallments: 1,
          checkoutProvider: 'MP',
          sortOrder: (last?.max ?? -1) + 1,
          // new content waits for its publication
          published: false,
          modules: [],
          faqs: [],
          items: [],
        };
        const document = applyFields(blank, fields);
        await writeCourseDocument(tx, document);
        const after = await loadAdminCourse(tx, id);
        await recordAudit(tx, request, {
          action: 'course.create',
          targetType: 'course',
          targetId: id,
          after: document,
        });
        return after;
      });
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
    async (request) =>
      editCourse(app.db, request, request.params.id, 'course.update', (document) =>
        applyFields(document, request.body),
      ),
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
