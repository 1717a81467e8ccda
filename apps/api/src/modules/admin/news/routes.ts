import {
  adminNewsPostInputSchema,
  adminNewsPostListSchema,
  adminNewsPostSchema,
  adminNewsPublishSchema,
} from '@alcancia/contract/admin';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsPosts } from '../../../db/schema';
import { markNoChange } from '../core/audit';
import { newsPostRow, toAdminNewsPost } from './post-views';
import { createPost, setPublished, updatePost } from './save-post';

const idParams = z.object({ id: z.uuid() });

/**
 * The academy's posts for Novedades (issue 44; web: features/admin/news; permission `content`,
 * the editors'): list, write, change, publish and take back. Every change writes its audit entry.
 */
export const adminNewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      schema: {
        tags: ['admin'],
        summary: 'Novedades de la academia, las más nuevas primero',
        security: [{ bearerAuth: [] }],
        response: { 200: adminNewsPostListSchema },
      },
      config: { permission: 'content' },
    },
    async () => {
      const rows = await app.db.select().from(newsPosts).orderBy(desc(newsPosts.createdAt)).limit(200);
      return { items: rows.map(toAdminNewsPost) };
    },
  );

  app.get(
    '/news/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Una novedad',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: adminNewsPostSchema },
      },
      config: { permission: 'content' },
    },
    async (request) => toAdminNewsPost(await newsPostRow(app.db, request.params.id)),
  );

  app.post(
    '/news',
    {
      schema: {
        tags: ['admin'],
        summary: 'Escribir una novedad (sin publicar)',
        security: [{ bearerAuth: [] }],
        body: adminNewsPostInputSchema,
        response: { 201: adminNewsPostSchema },
      },
      config: { permission: 'content' },
    },
    async (request, reply) => {
      const post = await createPost(app.db, request, request.body);
      reply.code(201);
      return post;
    },
  );

  app.put(
    '/news/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cambiar una novedad',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: adminNewsPostInputSchema,
        response: { 200: adminNewsPostSchema },
      },
      config: { permission: 'content' },
    },
    async (request) => updatePost(app.db, request, request.params.id, request.body),
  );

  app.put(
    '/news/:id/publication',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publicar una novedad o sacarla de Novedades',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: adminNewsPublishSchema,
        response: { 200: adminNewsPostSchema },
      },
      config: { permission: 'content' },
    },
    async (request) => {
      const before = await newsPostRow(app.db, request.params.id);
      if ((before.publishedAt !== null) === request.body.published) markNoChange(request);
      return setPublished(app.db, request, request.params.id, request.body.published);
    },
  );
};
