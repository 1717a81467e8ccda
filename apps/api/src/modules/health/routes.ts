import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealthRoute } from './get-health';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getHealthRoute);
};
