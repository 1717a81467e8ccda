import {
  adminCourseIdParamsSchema,
  adminCourseSchema,
  adminModuleOrderRequestSchema,
  adminModuleParamsSchema,
  createAdminModuleRequestSchema,
  updateAdminModuleRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseModules } from '../../../db/schema';
import { editCourse } from './course-documents';
import { contentRoute, moduleOf, newPartId, renumber, reorder } from './course-edit-helpers';

/** The modules of a content (issue 18, permission `content`): add, rename, remove, order. */
export const courseModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/courses/:id/modules',
    contentRoute({
      summary: 'Agregar un módulo al final',
      params: adminCourseIdParamsSchema,
      body: createAdminModuleRequestSchema,
      response: { 201: adminCourseSchema },
    }),
    async (request, reply) => {
      const moduleId = await newPartId(
        app.db,
        courseModules,
        request.body.id,
        `${request.params.id.slice(0, 40)}-m`,
        'Ya existe un módulo con ese identificador.',
      );
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
    contentRoute({
      summary: 'Renombrar un módulo',
      params: adminModuleParamsSchema,
      body: updateAdminModuleRequestSchema,
      response: { 200: adminCourseSchema },
    }),
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
    contentRoute({
      summary: 'Quitar un módulo con sus secciones (el progreso en las demás se conserva)',
      params: adminModuleParamsSchema,
      response: { 200: adminCourseSchema },
    }),
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
    contentRoute({
      summary: 'Ordenar los módulos',
      params: adminCourseIdParamsSchema,
      body: adminModuleOrderRequestSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) =>
      editCourse(app.db, request, request.params.id, 'module.reorder', (document) => {
        document.modules = reorder(document.modules, request.body.moduleIds, 'moduleIds');
        return renumber(document);
      }),
  );
};
