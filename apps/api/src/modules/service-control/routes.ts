import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getServiceControlRoute } from './get-service-control';

export const serviceControlModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getServiceControlRoute);
};
