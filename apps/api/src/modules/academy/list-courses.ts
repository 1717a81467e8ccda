import {
  catalogQuerySchema,
  courseListResponseSchema,
  courseQuickListResponseSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { catalogPage, tagBadges, toCourseCard } from './catalog-rows';
import { sendSerialized, viewerVariant } from './serialized-response';
import { loadViewer } from './viewer';

/** How many items the /quick lists give the academy home. */
export const quickListSize = 8;

/** GET /academy/courses (paginated) and /academy/courses/quick (first items). */
export const listCoursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses',
    {
      schema: {
        tags: ['academy'],
        summary: 'Cursos, con filtros',
        security: [{ bearerAuth: [] }],
        querystring: catalogQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await loadViewer(app.db, requireUserId(request));
      const { page, pageSize } = request.query;
      const [{ rows, total }, badges] = await Promise.all([
        catalogPage(app.db, ['COURSE'], request.query, viewer),
        tagBadges(app.db),
      ]);
      return sendSerialized(reply, rows, viewerVariant(rows, viewer), () => ({
        items: rows.map((r) => toCourseCard(r, viewer, badges)),
        page,
        pageSize,
        total,
      }));
    },
  );

  app.get(
    '/courses/quick',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['academy'],
        summary: 'Primeros cursos para el inicio de la academia',
        security: [{ bearerAuth: [] }],
        querystring: catalogQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: courseQuickListResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await loadViewer(app.db, requireUserId(request));
      const [{ rows }, badges] = await Promise.all([
        catalogPage(app.db, ['COURSE'], { ...request.query, page: 1, pageSize: quickListSize }, viewer),
        tagBadges(app.db),
      ]);
      return sendSerialized(reply, rows, viewerVariant(rows, viewer), () => ({
        items: rows.map((r) => toCourseCard(r, viewer, badges)),
      }));
    },
  );
};
