import {
  adminCourseSchema,
  adminModuleParamsSchema,
  adminSectionOrderRequestSchema,
  adminSectionParamsSchema,
  createAdminSectionRequestSchema,
  updateAdminSectionRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseSections } from '../../../db/schema';
import { editCourse } from './course-documents';
import {
  contentRoute,
  moduleOf,
  newPartId,
  renumber,
  reorder,
  type SectionDocument,
  sectionFields,
  sectionOf,
} from './course-edit-helpers';

/** The sections of a content's modules (issue 18, permission `content`): add, edit or move, remove, order. */
export const courseSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/courses/:id/modules/:moduleId/sections',
    contentRoute({
      summary: 'Agregar una sección al final de un módulo',
      params: adminModuleParamsSchema,
      body: createAdminSectionRequestSchema,
      response: { 201: adminCourseSchema },
    }),
    async (request, reply) => {
      const { id: explicitId, ...fields } = request.body;
      const sectionId = await newPartId(
        app.db,
        courseSections,
        explicitId,
        `${request.params.id.slice(0, 40)}-s`,
        'Ya existe una sección con ese identificador.',
      );
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
    contentRoute({
      summary: 'Editar una sección (o moverla a otro módulo)',
      params: adminSectionParamsSchema,
      body: updateAdminSectionRequestSchema,
      response: { 200: adminCourseSchema },
    }),
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
    contentRoute({
      summary: 'Quitar una sección (el progreso en las demás se conserva)',
      params: adminSectionParamsSchema,
      response: { 200: adminCourseSchema },
    }),
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
    contentRoute({
      summary: 'Ordenar las secciones de un módulo',
      params: adminModuleParamsSchema,
      body: adminSectionOrderRequestSchema,
      response: { 200: adminCourseSchema },
    }),
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
