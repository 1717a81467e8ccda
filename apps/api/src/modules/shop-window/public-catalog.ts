import {
  type AcademyFilters,
  academyFiltersResponseSchema,
  buyerAudienceSchema,
  catalogQuerySchema,
  courseListResponseSchema,
  type PublicCourse,
  programListResponseSchema,
  publicCourseParamsSchema,
  publicCourseSchema,
} from '@alcancia/contract';
import { asc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { contentCategories, contentLevels, suggestedFilters } from '../../db/schema';
import {
  catalogPage,
  discountPercent,
  saleStatus,
  tagBadges,
  toCourseCard,
  toProgramCard,
} from '../academy/catalog-rows';
import { contentCache } from '../academy/content-cache';
import { courseNotFound } from '../academy/course-access';
import { type CourseStructure, getCourseStructure } from '../academy/course-structure';
import { toCourseView } from '../academy/course-view';
import { academySerializerCompiler } from '../academy/response-serializer';
import { sendSerialized, viewerVariant } from '../academy/serialized-response';
import { anonymousViewer } from '../academy/viewer';
import { loadActivePlansCached } from '../subscriptions/plans-repository';

/**
 * Browsers and shared caches may keep a public answer a minute; the server's own caches are
 * emptied by the content import at once (content-cache.ts), so an edit is live within that minute.
 */
export const publicCacheControl = 'public, max-age=60';

/** Set as the answer leaves, after the shared list writer's own (per-user) cache header. */
const publicAnswer = {
  onSend: (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (e: null, p: unknown) => void,
  ) => {
    if (reply.statusCode < 400) reply.header('cache-control', publicCacheControl);
    done(null, payload);
  },
};

const publicFilters = contentCache<AcademyFilters>('public-filters', 1);

/**
 * The filters a visitor may use: topics, levels and the suggested filters that need neither an
 * account ("Mis compras") nor a subscription state.
 */
function loadPublicFilters(db: Database) {
  return publicFilters.get(db, 'filters', async () => {
    const [suggested, topics, levels] = await Promise.all([
      db.select().from(suggestedFilters).orderBy(asc(suggestedFilters.sortOrder)),
      db.select().from(contentCategories).orderBy(asc(contentCategories.sortOrder)),
      db.select().from(contentLevels).orderBy(asc(contentLevels.sortOrder)),
    ]);
    const colored = (r: { code: string; label: string; color: string; backgroundColor: string }) => ({
      value: r.code,
      label: r.label,
      color: r.color,
      backgroundColor: r.backgroundColor,
    });
    return {
      suggestedFilters: suggested
        .filter((f) => f.value !== 'my_purchases' && f.subscriptionRequired.length === 0)
        .map((f) => ({ value: f.value, label: f.label, subscriptionRequired: [] as string[] })),
      customFilters: { topic: topics.map(colored), level: levels.map(colored) },
    };
  });
}

/** A published item as a visitor sees it: no content addresses, its offer or the plans that open it. */
export async function loadPublicCourse(
  db: Database,
  courseId: string,
): Promise<{
  structure: CourseStructure;
  view: PublicCourse;
} | null> {
  const [structure, plans] = await Promise.all([getCourseStructure(db, courseId), loadActivePlansCached(db)]);
  if (!structure) return null;
  const { course } = structure;
  const { isAccessibleByUser: _never, ...view } = toCourseView(structure, course.isFree, false);
  const sold = course.kind === 'PROGRAM' || course.kind === 'PACK';
  const offer =
    sold && !course.isFree && course.priceCentavos !== null
      ? {
          price: course.priceCentavos,
          regularPrice: course.regularPriceCentavos,
          discountApplied: discountPercent(course.priceCentavos, course.regularPriceCentavos),
          saleStatus: saleStatus(course, anonymousViewer().today),
          saleable_start_date: course.saleableStartDate,
          saleable_end_date: course.saleableEndDate,
          installments: course.maxInstallments,
          audience: buyerAudienceSchema.catch('ALL').parse(course.audience),
        }
      : null;
  return {
    structure,
    view: {
      ...view,
      offer,
      plans: course.isFree || sold ? [] : plans.map(({ plan }) => ({ id: plan.id, name: plan.name })),
    },
  };
}

/**
 * GET /academy/public/courses, /academy/public/programs (programs and packs), /academy/public/filters
 * and /academy/public/{courseId}: the shop window's catalogue, for visitors without an account
 * (issue 30). No token is read: everyone gets the same answer, from the same in-process caches as
 * the academy's catalogue (emptied when the content import commits a change).
 */
/**
 * GET /api/academy/public/* — registered by app.ts on the academy prefix, written by the academy's
 * serializer like the learner's catalogue (a visitor's answers are its cards without addresses).
 */
export const publicCatalogModule: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(academySerializerCompiler(!app.config.isProduction));
  await app.register(publicCatalogRoutes);
};

export const publicCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['academy'] };

  app.get(
    '/public/courses',
    {
      ...publicAnswer,
      schema: {
        ...common,
        summary: 'Cursos publicados, sin cuenta',
        querystring: catalogQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = anonymousViewer();
      const { page, pageSize } = request.query;
      const [{ rows, total }, badges] = await Promise.all([
        catalogPage(
          app.db,
          ['COURSE'],
          { ...request.query, tags: withoutOwnTags(request.query.tags) },
          viewer,
        ),
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
    '/public/programs',
    {
      ...publicAnswer,
      schema: {
        ...common,
        summary: 'Programas y packs publicados, sin cuenta',
        querystring: catalogQuerySchema,
        response: { 200: programListResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = anonymousViewer();
      const { page, pageSize } = request.query;
      const { rows, total } = await catalogPage(
        app.db,
        ['PROGRAM', 'PACK'],
        { ...request.query, tags: withoutOwnTags(request.query.tags) },
        viewer,
      );
      return sendSerialized(reply, rows, viewerVariant(rows, viewer), () => ({
        items: rows.map((r) => toProgramCard(r, viewer)),
        page,
        pageSize,
        total,
      }));
    },
  );

  app.get(
    '/public/filters',
    {
      ...publicAnswer,
      schema: {
        ...common,
        summary: 'Filtros del catálogo público',
        response: { 200: academyFiltersResponseSchema },
      },
    },
    async () => loadPublicFilters(app.db),
  );

  app.get(
    '/public/:courseId',
    {
      ...publicAnswer,
      schema: {
        ...common,
        summary: 'Página pública de un curso, programa o pack',
        params: publicCourseParamsSchema,
        response: { 200: publicCourseSchema },
      },
    },
    async (request) => {
      const found = await loadPublicCourse(app.db, request.params.courseId);
      if (!found) throw courseNotFound();
      return found.view;
    },
  );
};

/** "Mis compras" means nothing without an account: dropped rather than answered empty. */
function withoutOwnTags(tags: string | undefined): string | undefined {
  const kept = (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && t !== 'my_purchases');
  return kept.length > 0 ? kept.join(',') : undefined;
}
