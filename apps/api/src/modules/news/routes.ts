import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHomeRoute } from './get-home';
import { setGoalRoute } from './set-goal';

/** /api/news: Novedades, her home (issue 44). */
export const newsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getHomeRoute);
  await app.register(setGoalRoute);
};
