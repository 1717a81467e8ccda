import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCourseRoutes } from './get-course';
import { getFiltersRoute } from './get-filters';
import { getProgressRoute } from './get-progress';
import { getProgressOverviewRoute } from './get-progress-overview';
import { keptClassesAccessRoute } from './kept-classes-access';
import { listCoursesRoutes } from './list-courses';
import { listEventsRoute } from './list-events';
import { listProgramsRoutes } from './list-programs';
import { academySerializerCompiler } from './response-serializer';
import { saveOfflineProgressRoute } from './save-offline-progress';
import { saveProgressRoute } from './save-progress';
import { saveProgressOnCloseRoute } from './save-progress-on-close';
import { searchCatalogRoute } from './search-catalog';
import { startCourseRoute } from './start-course';

/**
 * The academy catalogue, under /api/academy. Its responses are written by fast-json-stringify
 * from the contract (response-serializer.ts), and its caches drop what the content import or a
 * purchase changes (src/change-listener.ts, started by app.ts).
 */
export const academyModule: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(academySerializerCompiler(!app.config.isProduction));
  await app.register(searchCatalogRoute);
  await app.register(listCoursesRoutes);
  await app.register(listProgramsRoutes);
  await app.register(listEventsRoute);
  await app.register(getFiltersRoute);
  await app.register(getProgressOverviewRoute);
  await app.register(getProgressRoute);
  await app.register(saveProgressRoute);
  await app.register(saveProgressOnCloseRoute);
  // issue 44: classes kept for the bus
  await app.register(saveOfflineProgressRoute);
  await app.register(keptClassesAccessRoute);
  await app.register(startCourseRoute);
  // last: /:courseId must not shadow the static paths above (find-my-way prefers static anyway)
  await app.register(getCourseRoutes);
};
