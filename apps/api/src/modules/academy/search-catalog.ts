import { searchQuerySchema, searchResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import {
  catalogConditions,
  selectCatalogPage,
  tagBadges,
  toCourseCard,
  toEventCard,
  toProgramCard,
} from './catalog-rows';
import { loadViewer } from './viewer';

const maxResults = 30;

/**
 * GET /academy?search= — full-text, accent-insensitive Spanish search over every kind of content
 * (GIN index on courses.search_vector), bounded, grouped by kind for the search overlay.
 */
export const searchCatalogRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['academy'],
        summary: 'Buscar cursos, programas, packs y eventos',
        security: [{ bearerAuth: [] }],
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const viewer = await loadViewer(app.db, requireUserId(request));
      const conditions = catalogConditions(
        ['COURSE', 'PROGRAM', 'PACK', 'EVENT'],
        { keyword: request.query.search },
        viewer,
      );
      const [{ rows }, badges] = await Promise.all([
        selectCatalogPage(app.db, conditions, 1, maxResults),
        tagBadges(app.db),
      ]);
      return {
        courses: rows.filter((r) => r.kind === 'COURSE').map((r) => toCourseCard(r, viewer, badges)),
        programs: rows
          .filter((r) => r.kind === 'PROGRAM' || r.kind === 'PACK')
          .map((r) => toProgramCard(r, viewer)),
        events: rows.filter((r) => r.kind === 'EVENT').map((r) => toEventCard(r, viewer)),
      };
    },
  );
};
