import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { herAccessRoute } from './her-access';

/** Her grants as Mi cuenta lists them, under /api/users. */
export const entitlementsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(herAccessRoute);
};
