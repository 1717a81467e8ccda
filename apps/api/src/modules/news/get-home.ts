import { type NewsContinue, newsHomeSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { progressOverviewOf } from '../academy/get-progress-overview';
import { dollarRates } from './dollar-rates';
import { loadHerWeek } from './her-week';
import { newContent } from './new-content';
import { herNewsLimit } from './news-limits';
import { publishedPosts } from './news-posts';
import { requireNewsOn } from './news-switch';

/**
 * GET /news/home — Novedades, her home (issue 44), in one answer: the class to continue (the
 * course viewer's own "Seguí viendo" data, so one tap opens the player where she left), her week
 * and streak, the newest courses and the events, the academy's posts, the day's dollar rates (the
 * same provider as Mis Cuentas, never waited on for long). Private, never stored.
 */
export const getHomeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      config: herNewsLimit(app.config, 'news-home', 60),
      schema: {
        tags: ['news'],
        summary: 'Novedades: su inicio (seguir la clase, su semana, lo nuevo, novedades de la academia)',
        security: [{ bearerAuth: [] }],
        response: { 200: newsHomeSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      await requireNewsOn(app.db);
      const [overview, week, content, posts, rates] = await Promise.all([
        progressOverviewOf(app.db, userId),
        loadHerWeek(app.db, userId),
        newContent(app.db),
        publishedPosts(app.db),
        dollarRates(app.exchangeRates),
      ]);
      const last = overview.continue_watching[0];
      const continueClass: NewsContinue | null = last
        ? {
            courseId: last.course_id,
            courseName: last.name,
            sectionId: last.section_id,
            sectionName: last.section_name,
            fraction: last.fraction,
          }
        : null;
      reply.header('cache-control', 'private, no-store');
      return { continueClass, week, ...content, posts, rates };
    },
  );
};
