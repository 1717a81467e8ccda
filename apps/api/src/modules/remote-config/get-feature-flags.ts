import { featureFlagsResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featureFlags } from '../../db/schema';

/** GET /remote-config/feature-flags — anonymous; a flag missing from the table is off. */
export const getFeatureFlagsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feature-flags',
    {
      schema: {
        tags: ['remote-config'],
        summary: 'Flags de funcionalidades',
        response: { 200: featureFlagsResponseSchema },
      },
    },
    async () => {
      const rows = await app.db.select().from(featureFlags);
      const on = new Set(rows.filter((r) => r.enabled).map((r) => r.name));
      return {
        enableMonthlySubscriptionPurchase: on.has('enableMonthlySubscriptionPurchase'),
        enableAnnualSubscriptionPurchase: on.has('enableAnnualSubscriptionPurchase'),
      };
    },
  );
};
