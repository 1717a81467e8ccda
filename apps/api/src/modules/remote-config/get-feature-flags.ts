import { type FeatureFlags, featureFlagsResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { featureFlags } from '../../db/schema';

/** The purchase flags (GET /remote-config/feature-flags, the bootstrap answer); a flag missing from the table is off. */
export async function readFeatureFlags(db: Database): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags);
  const on = new Set(rows.filter((r) => r.enabled).map((r) => r.name));
  return {
    enableMonthlySubscriptionPurchase: on.has('enableMonthlySubscriptionPurchase'),
    enableAnnualSubscriptionPurchase: on.has('enableAnnualSubscriptionPurchase'),
  };
}

/** GET /remote-config/feature-flags — anonymous. */
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
    async () => readFeatureFlags(app.db),
  );
};
