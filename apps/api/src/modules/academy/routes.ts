import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFiltersRoute } from './get-filters';
import { getProgressOverviewRoute } from './get-progress-overview';
import { listCoursesRoutes } from './list-courses';
import { listEventsRoute } from './list-events';
import { listProgramsRoutes } from './list-programs';
import { searchCatalogRoute } from './search-catalog';

/** The academy catalogue, under /api/academy. */
export const academyModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchCatalogRoute);
  await app.register(listCoursesRoutes);
  await app.register(listProgramsRoutes);
  await app.register(listEventsRoute);
  await app.register(getFiltersRoute);
  await app.register(getProgressOverviewRoute);
};
