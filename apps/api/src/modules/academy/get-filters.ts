import { academyFiltersResponseSchema } from '@alcancia/contract';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentCategories, contentLevels, suggestedFilters } from '../../db/schema';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';

/**
 * GET /academy/filters — suggested filters (with who may see them) and the topic and level
 * filters with their colours. The client hides suggested filters by subscription rules.
 */
export const getFiltersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/filters',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['academy'],
        summary: 'Filtros de la academia',
        security: [{ bearerAuth: [] }],
        response: { 200: academyFiltersResponseSchema },
      },
    },
    async (request) => {
      requireUserId(request);
      const [suggested, topics, levels] = await Promise.all([
        app.db.select().from(suggestedFilters).orderBy(asc(suggestedFilters.sortOrder)),
        app.db.select().from(contentCategories).orderBy(asc(contentCategories.sortOrder)),
        app.db.select().from(contentLevels).orderBy(asc(contentLevels.sortOrder)),
      ]);
      const colored = (r: { code: string; label: string; color: string; backgroundColor: string }) => ({
        value: r.code,
        label: r.label,
        color: r.color,
        backgroundColor: r.backgroundColor,
      });
      return {
        suggestedFilters: suggested.map((f) => ({
          value: f.value,
          label: f.label,
          subscriptionRequired: f.subscriptionRequired,
        })),
        customFilters: { topic: topics.map(colored), level: levels.map(colored) },
      };
    },
  );
};
