import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFeatureFlagsRoute } from './get-feature-flags';

export const remoteConfigModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getFeatureFlagsRoute);
};
