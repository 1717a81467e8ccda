import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealthRoute } from './get-health';
import { getReadyRoute } from './get-ready';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getHealthRoute);
  await app.register(getReadyRoute);
};
