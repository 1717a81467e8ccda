import { searchQuerySchema, searchResponseSchema } from '@alcancia/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema';
import { requireUserId } from '../../plugins/authentication';
import {
  type CardRow,
  cardColumns,
  searchMatch,
  searchQueryText,
  tagBadges,
  toCourseCard,
  toEventCard,
  toProgramCard,
} from './catalog-rows';
import { contentCache } from './content-cache';
import { sendSerialized, viewerVariant } from './serialized-response';
import { loadViewer } from './viewer';

const maxResults = 30;

/** Results per normalized query: learners search the same few words again and again. */
const results = contentCache<CardRow[]>(1000);

/**
 * The first matches in catalogue order: card columns only and no total (the overlay shows none),
 * so PostgreSQL can stop at the 30th match of the ordered published items instead of sorting
 * every match.
 */
function searchRows(db: Database, query: string): Promise<CardRow[]> {
  return results.get(db, query, () =>
    db
      .select(cardColumns)
      .from(courses)
      .where(and(eq(courses.published, true), searchMatch(query)))
      .orderBy(asc(courses.sortOrder), asc(courses.name), asc(courses.id))
      .limit(maxResults),
  );
}

/**
 * GET /academy?search= — full-text, accent-insensitive Spanish search over every kind of content
 * (courses.search_vector), bounded, grouped by kind for the search overlay.
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
    async (request, reply) => {
      const userId = requireUserId(request);
      const query = searchQueryText(request.query.search);
      if (query === null) return { courses: [], programs: [], events: [] };
      const [viewer, rows, badges] = await Promise.all([
        loadViewer(app.db, userId),
        searchRows(app.db, query),
        tagBadges(app.db),
      ]);
      return sendSerialized(reply, rows, viewerVariant(rows, viewer), () => ({
        courses: rows.filter((r) => r.kind === 'COURSE').map((r) => toCourseCard(r, viewer, badges)),
        programs: rows
          .filter((r) => r.kind === 'PROGRAM' || r.kind === 'PACK')
          .map((r) => toProgramCard(r, viewer)),
        events: rows.filter((r) => r.kind === 'EVENT').map((r) => toEventCard(r, viewer)),
      }));
    },
  );
};
