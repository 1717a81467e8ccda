import { searchQuerySchema, searchResponseSchema } from '@alcancia/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
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
const results = contentCache<CardRow[]>('search-results', 1000);

/**
 * The words of a search query ('inversion:* & bon:*' → "inversion bon"), folded as the name is
 * folded below: what a title that starts with the query starts with.
 */
export function searchPhrase(query: string): string {
  return query
    .split(' & ')
    .map((word) => word.replace(/:\*$/, ''))
    .join(' ');
}

/**
 * Relevance tiers, best first: 0 the title starts with what she typed (or is it), 1 every word is
 * in the title (the name's lexemes carry weight A in search_vector, migration 0004), 2 the words
 * are only in the descriptions.
 */
function relevance(query: string): SQL<number> {
  const inTitle = query.replaceAll(':*', ':*A');
  const foldedName = sql`ltrim(regexp_replace(alcancia_fold(${courses.name}), '[^a-z0-9]+', ' ', 'g'))`;
  return sql<number>`case
    when ${foldedName} like ${`${searchPhrase(query)}%`} then 0
    when ${courses}.search_vector @@ to_tsquery('spanish', alcancia_fold(${inTitle})) then 1
    else 2 end`;
}

/**
 * The 30 best matches: by relevance (a title match before a description-only one), then in
 * catalogue order. Card columns only and no total (the overlay shows none), in one statement; the
 * matches come from the GIN index and a top-N sort keeps 30 of them. Cached per normalized query.
 */
function searchRows(db: Database, query: string): Promise<CardRow[]> {
  return results.get(db, query, () =>
    db
      .select(cardColumns)
      .from(courses)
      .where(and(eq(courses.published, true), searchMatch(query)))
      .orderBy(asc(relevance(query)), asc(courses.sortOrder), asc(courses.name), asc(courses.id))
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
