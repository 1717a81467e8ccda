import type { AdminFeatureFlag, AdminServiceControl } from '@alcancia/contract/admin';
import type { featureFlags, serviceControls } from '../../../db/schema';

/** A service control or a feature flag as the panel shows it. */
export const toControl = (row: typeof serviceControls.$inferSelect): AdminServiceControl => ({
  name: row.name,
  enabled: row.enabled,
  resource: row.resource,
  reference: row.reference,
  updatedAt: row.updatedAt.toISOString(),
});
export const toFlag = (row: typeof featureFlags.$inferSelect): AdminFeatureFlag => ({
  name: row.name,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});
