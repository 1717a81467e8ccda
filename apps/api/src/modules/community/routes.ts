import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityRoutes } from './community-access';

export const communityModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(communityRoutes);
};
