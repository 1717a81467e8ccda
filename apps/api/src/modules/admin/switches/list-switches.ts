import type { Switches } from '@alcancia/contract/admin';
import { asc } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { featureFlags, serviceControls } from '../../../db/schema';
import { toControl, toFlag } from './switch-views';

/** GET /admin/switches: every service control and feature flag, by name. */
export async function listSwitches(db: Database): Promise<Switches> {
  return {
    serviceControls: (await db.select().from(serviceControls).orderBy(asc(serviceControls.name))).map(
      toControl,
    ),
    featureFlags: (await db.select().from(featureFlags).orderBy(asc(featureFlags.name))).map(toFlag),
  };
}
