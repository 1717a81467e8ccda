import { featureFlagsResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFeatureFlags } from './get-feature-flags';

/** The purchase flags, under /api/remote-config. */
export const remoteConfigModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feature-flags',
    {
      schema: {
        tags: ['remote-config'],
        summary: 'Flags de funcionalidades',
        response: { 200: featureFlagsResponseSchema },
      },
    },
    async () => readFeatureFlags(app.db),
  );
};
