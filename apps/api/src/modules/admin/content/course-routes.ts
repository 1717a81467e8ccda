import { courseSchema } from '@alcancia/contract';
import {
  adminCourseIdParamsSchema,
  adminCourseListQuerySchema,
  adminCourseListSchema,
  adminCourseSchema,
  adminModuleOrderRequestSchema,
  adminModuleParamsSchema,
  adminScheduleRequestSchema,
  adminSectionOrderRequestSchema,
  adminSectionParamsSchema,
  createAdminCourseRequestSchema,
  createAdminModuleRequestSchema,
  createAdminSectionRequestSchema,
  updateAdminCourseRequestSchema,
  updateAdminModuleRequestSchema,
  updateAdminSectionRequestSchema,
} from '@alcancia/contract/admin';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseModules, courseSections, courses } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { loadCourseStructure } from '../../academy/course-structure';
import { toCourseView } from '../../academy/course-view';
import type { ContentCourseDocument } from '../../academy/export-content';
import { markNoChange, recordAudit } from '../audit';
import {
  applyFields,
  editCourse,
  loadAdminCourse,
  newContentId,
  writeCourseDocument,
} from './course-documents';

const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const content = { permission: 'content' as const };

type ModuleDocument = ContentCourseDocument['modules'][number];
type SectionDocument = ModuleDocument['sections'][number];

/** Orders are positions: 1..n after every change. */
function renumber(document: ContentCourseDocument): ContentCourseDocument {
  document.modules.forEach((m, i) => {
    m.order = i + 1;
    m.sections.forEach((s, j) => {
      s.order = j + 1;
    });
  });
  return document;
}

const moduleOf = (document: ContentCourseDocument, moduleId: string): ModuleDocument => {
  const found = document.modules.find((m) => m.id === moduleId);
  if (!found) throw AppError.notFound('No existe ese módulo en este contenido.');
  return found;
};

const sectionOf = (document: ContentCourseDocument, sectionId: string) => {
  for (const m of document.modules) {
    const index = m.sections.findIndex((s) => s.id === sectionId);
    if (index >= 0) return { module: m, index, section: m.sections[index] as SectionDocument };
  }
  throw AppError.notFound('No existe esa sección en este contenido.');
};

/** The same ids, each once, in a new order. */
function reorder<T extends { id: string }>(list: T[], ids: string[], what: string): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  if (ids.length !== list.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
    throw AppError.invalidData(
      [{ path: what, message: `Mandá cada ${what === 'moduleIds' ? 'módulo' : 'sección'} una sola vez.` }],
      'El orden no coincide con el contenido actual: recargá la página.',
    );
  }
  return ids.map((id) => byId.get(id) as T);
}

/** Section fields from the request: null clears, undefined keeps. */
function sectionFields(
  section: SectionDocument,
  input: {
    name?: string | undefined;
    type?: string | undefined;
    duration?: number | undefined;
    sectionUrl?: string | null | undefined;
    mimeType?: string | null | undefined;
    fileExtension?: string | null | undefined;
  },
): SectionDocument {
  const next: Record<string, unknown> = { ...section };
  for (const key of ['name', 'type', 'duration', 'sectionUrl', 'mimeType', 'fileExtension'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as unknown as SectionDocument;
}

/**
 * The editor's content routes (issue 18, permission `content`): courses, programs, packs and
 * events, their modules and sections, publication and the learner's preview. Every change goes
 * through course-documents.ts (the content import's rules and writes) with an audit entry.
 */
export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  const existingId = async (table: typeof courseModules | typeof courseSections, id: string) =>
    (await app.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;

  app.get(
    '/courses',
    {
      schema: {
        ...common,
        summary: 'Contenidos (cursos, programas, packs y eventos)',
        querystring: adminCourseListQuerySchema,
        response: { 200: adminCourseListSchema },
      },
      config: content,
    },
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
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          name: row.name,
          published: row.published,
          publishAt: row.publishAt?.toISOString() ?? null,
          modulesAmount: row.modulesAmount,
          classesAmount: row.classesAmount,
          sortOrder: row.sortOrder,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/courses',
    {
      schema: {
        ...common,
        summary: 'Crear un contenido (sin publicar)',
        body: createAdminCourseRequestSchema,
        response: { 201: adminCourseSchema },
      },
      config: content,
    },
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
    {
      schema: {
        ...common,
        summary: 'Un contenido con sus módulos y secciones',
        params: adminCourseIdParamsSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) => loadAdminCourse(app.db, request.params.id),
  );

  app.patch(
    '/courses/:id',
    {
      schema: {
        ...common,
        summary: 'Editar los datos de un contenido',
        params: adminCourseIdParamsSchema,
        body: updateAdminCourseRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(app.db, request, request.params.id, 'course.update', (document) =>
        applyFields(document, request.body),
      ),
  );

  app.get(
    '/courses/:id/preview',
    {
      schema: {
        ...common,
        summary: 'Vista previa: el contenido como lo ve quien tiene acceso',
        params: adminCourseIdParamsSchema,
        response: { 200: courseSchema },
      },
      config: content,
    },
    async (request) => {
      const structure = await loadCourseStructure(app.db, request.params.id, { includeUnpublished: true });
      if (!structure) throw AppError.notFound('No existe ese contenido.');
      return toCourseView(structure, true, true);
    },
  );

  // Publication: at once, or at a scheduled moment (the content.publish job, publish-scheduled.ts).
  const setPublished = (action: 'publish' | 'unpublish') =>
    app.post(
      `/courses/:id/${action}`,
      {
        schema: {
          ...common,
          summary: action === 'publish' ? 'Publicar un contenido' : 'Despublicar un contenido',
          params: adminCourseIdParamsSchema,
          response: { 200: adminCourseSchema },
        },
        config: content,
      },
      async (request) =>
        app.db.transaction(async (tx) => {
          const { id } = request.params;
          const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
          if (!before) throw AppError.notFound('No existe ese contenido.');
          const published = action === 'publish';
          if (before.published === published && before.publishAt === null) {
            markNoChange(request);
            return loadAdminCourse(tx, id);
          }
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
    {
      schema: {
        ...common,
        summary: 'Programar la publicación de un contenido (o quitar la programación)',
        params: adminCourseIdParamsSchema,
        body: adminScheduleRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const { id } = request.params;
        const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
        if (!before) throw AppError.notFound('No existe ese contenido.');
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
          markNoChange(request);
          return loadAdminCourse(tx, id);
        }
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

  // Modules.
  app.post(
    '/courses/:id/modules',
    {
      schema: {
        ...common,
        summary: 'Agregar un módulo al final',
        params: adminCourseIdParamsSchema,
        body: createAdminModuleRequestSchema,
        response: { 201: adminCourseSchema },
      },
      config: content,
    },
    async (request, reply) => {
      const moduleId = request.body.id ?? newContentId(`${request.params.id.slice(0, 40)}-m`);
      if (await existingId(courseModules, moduleId)) {
        throw AppError.invalidData([{ path: 'id', message: 'Ya existe un módulo con ese identificador.' }]);
      }
      const course = await editCourse(
        app.db,
        request,
        request.params.id,
        'module.create',
        (document) => {
          document.modules.push({ id: moduleId, name: request.body.name, order: 0, sections: [] });
          return renumber(document);
        },
        { type: 'module', id: moduleId },
      );
      return reply.code(201).send(course);
    },
  );

  app.patch(
    '/courses/:id/modules/:moduleId',
    {
      schema: {
        ...common,
        summary: 'Renombrar un módulo',
        params: adminModuleParamsSchema,
        body: updateAdminModuleRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(
        app.db,
        request,
        request.params.id,
        'module.update',
        (document) => {
          moduleOf(document, request.params.moduleId).name = request.body.name;
          return document;
        },
        { type: 'module', id: request.params.moduleId },
      ),
  );

  app.delete(
    '/courses/:id/modules/:moduleId',
    {
      schema: {
        ...common,
        summary: 'Quitar un módulo con sus secciones (el progreso en las demás se conserva)',
        params: adminModuleParamsSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(
        app.db,
        request,
        request.params.id,
        'module.delete',
        (document) => {
          moduleOf(document, request.params.moduleId);
          document.modules = document.modules.filter((m) => m.id !== request.params.moduleId);
          return renumber(document);
        },
        { type: 'module', id: request.params.moduleId },
      ),
  );

  app.put(
    '/courses/:id/modules/order',
    {
      schema: {
        ...common,
        summary: 'Ordenar los módulos',
        params: adminCourseIdParamsSchema,
        body: adminModuleOrderRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(app.db, request, request.params.id, 'module.reorder', (document) => {
        document.modules = reorder(document.modules, request.body.moduleIds, 'moduleIds');
        return renumber(document);
      }),
  );

  // Sections.
  app.post(
    '/courses/:id/modules/:moduleId/sections',
    {
      schema: {
        ...common,
        summary: 'Agregar una sección al final de un módulo',
        params: adminModuleParamsSchema,
        body: createAdminSectionRequestSchema,
        response: { 201: adminCourseSchema },
      },
      config: content,
    },
    async (request, reply) => {
      const { id: explicitId, ...fields } = request.body;
      const sectionId = explicitId ?? newContentId(`${request.params.id.slice(0, 40)}-s`);
      if (await existingId(courseSections, sectionId)) {
        throw AppError.invalidData([{ path: 'id', message: 'Ya existe una sección con ese identificador.' }]);
      }
      const course = await editCourse(
        app.db,
        request,
        request.params.id,
        'section.create',
        (document) => {
          const blank: SectionDocument = {
            id: sectionId,
            name: fields.name,
            order: 0,
            type: fields.type,
            duration: 0,
          };
          moduleOf(document, request.params.moduleId).sections.push(sectionFields(blank, fields));
          return renumber(document);
        },
        { type: 'section', id: sectionId },
      );
      return reply.code(201).send(course);
    },
  );

  app.patch(
    '/courses/:id/sections/:sectionId',
    {
      schema: {
        ...common,
        summary: 'Editar una sección (o moverla a otro módulo)',
        params: adminSectionParamsSchema,
        body: updateAdminSectionRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(
        app.db,
        request,
        request.params.id,
        'section.update',
        (document) => {
          const { moduleId, ...fields } = request.body;
          const found = sectionOf(document, request.params.sectionId);
          const next = sectionFields(found.section, fields);
          if (moduleId && moduleId !== found.module.id) {
            const target = moduleOf(document, moduleId);
            found.module.sections.splice(found.index, 1);
            target.sections.push(next);
          } else {
            found.module.sections[found.index] = next;
          }
          return renumber(document);
        },
        { type: 'section', id: request.params.sectionId },
      ),
  );

  app.delete(
    '/courses/:id/sections/:sectionId',
    {
      schema: {
        ...common,
        summary: 'Quitar una sección (el progreso en las demás se conserva)',
        params: adminSectionParamsSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(
        app.db,
        request,
        request.params.id,
        'section.delete',
        (document) => {
          const found = sectionOf(document, request.params.sectionId);
          found.module.sections.splice(found.index, 1);
          return renumber(document);
        },
        { type: 'section', id: request.params.sectionId },
      ),
  );

  app.put(
    '/courses/:id/modules/:moduleId/sections/order',
    {
      schema: {
        ...common,
        summary: 'Ordenar las secciones de un módulo',
        params: adminModuleParamsSchema,
        body: adminSectionOrderRequestSchema,
        response: { 200: adminCourseSchema },
      },
      config: content,
    },
    async (request) =>
      editCourse(
        app.db,
        request,
        request.params.id,
        'section.reorder',
        (document) => {
          const target = moduleOf(document, request.params.moduleId);
          target.sections = reorder(target.sections, request.body.sectionIds, 'sectionIds');
          return renumber(document);
        },
        { type: 'module', id: request.params.moduleId },
      ),
  );
};
