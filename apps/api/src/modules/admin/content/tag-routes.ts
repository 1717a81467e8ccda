import { adminTagListSchema, adminTagSchema, createAdminTagRequestSchema } from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTag, listTags } from './content-tags';
import { contentRoute } from './course-edit-helpers';

/**
 * The catalogue's tags for the editor's tag picker (issue 29, decision 0119): the list, and a new
 * tag named in words (its code made from them). A content takes only tags of this list.
 */
export const contentTagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags',
    contentRoute({ summary: 'Las etiquetas del catálogo', response: { 200: adminTagListSchema } }),
    async () => listTags(app.db),
  );

  app.post(
    '/tags',
    contentRoute({
      summary: 'Crear una etiqueta (o devolver la que ya existe con ese nombre)',
      body: createAdminTagRequestSchema,
      response: { 200: adminTagSchema, 201: adminTagSchema },
    }),
    async (request, reply) => {
      const { tag, created } = await createTag(app.db, request, request.body.label);
      return created ? reply.code(201).send(tag) : tag;
    },
  );
};
