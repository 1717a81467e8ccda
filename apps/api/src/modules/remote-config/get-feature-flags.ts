import type { FeatureFlags } from '@alcancia/contract';
import type { Database } from '../../db/client';
import { featureFlags } from '../../db/schema';

/**
 * The purchase flags (GET /remote-config/feature-flags, anonymous; the bootstrap answer); a flag
 * missing from the table is off.
 */
export async function readFeatureFlags(db: Database): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags);
  const on = new Set(rows.filter((r) => r.enabled).map((r) => r.name));
  return {
    enableMonthlySubscriptionPurchase: on.has('enableMonthlySubscriptionPurchase'),
    enableAnnualSubscriptionPurchase: on.has('enableAnnualSubscriptionPurchase'),
  };
}
