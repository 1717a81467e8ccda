import {
  academyFiltersResponseSchema,
  catalogQuerySchema,
  courseListResponseSchema,
  programListResponseSchema,
  publicCourseParamsSchema,
  publicCourseSchema,
} from '@alcancia/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { academySerializerCompiler } from '../academy/response-serializer';
import { sendSerialized } from '../academy/serialized-response';
import { loadPublicFilters } from './get-public-filters';
import { listPublicCourses } from './list-public-courses';
import { listPublicPrograms } from './list-public-programs';
import { getPublicCourse, publicCacheControl } from './public-catalog';

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

/**
 * GET /api/academy/public/* — the shop window's catalogue for visitors without an account (issue
 * 30): /courses, /programs (programs and packs), /filters and /{courseId}. Registered by app.ts on
 * the academy prefix, written by the academy's serializer like the learner's catalogue (a
 * visitor's answers are its cards without addresses). No token is read: everyone gets the same
 * answer, from the same in-process caches as the academy's catalogue (emptied when the content
 * import commits a change). The pages themselves (/, /cursos, /programas/{id}) are web-app.ts's.
 */
export const publicCatalogModule: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(academySerializerCompiler(!app.config.isProduction));
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
      const { rows, variant, build } = await listPublicCourses(app.db, request.query);
      return sendSerialized(reply, rows, variant, build);
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
      const { rows, variant, build } = await listPublicPrograms(app.db, request.query);
      return sendSerialized(reply, rows, variant, build);
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
    async (request) => getPublicCourse(app.db, request.params.courseId),
  );
};
