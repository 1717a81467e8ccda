import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { recomputeAccess } from './recompute-access';

/**
 * The cache on users follows her grants as days pass (decision 90): when a queued grant starts or
 * a heavier one ends while another runs on, the plan shown changes with no payment to trigger it.
 * Run by the subscriptions watcher: users with a live plan grant that started or ended in the last
 * week and whose cache does not name a plan running today are recomputed, a batch at a time.
 */
export async function refreshAtBoundaries(
  app: FastifyInstance,
  today = argentinaDate(),
  batch = 200,
): Promise<number> {
  const weekAgo = addToDate(today, { days: -7 });
  const { rows } = await app.db.execute<{ id: string }>(sql`
    select distinct e.user_id as id
      from entitlements e
      join users u on u.id = e.user_id
     where e.state = 'active' and e.kind = 'plan'
       and (e.starts_on between ${weekAgo}::date and ${today}::date
            or e.ends_on between ${weekAgo}::date and ${today}::date)
       and not exists (
         select 1 from entitlements r
          where r.user_id = u.id and r.state = 'active' and r.kind = 'plan'
            and r.plan_id is not distinct from u.subscription_plan_id
            and r.starts_on <= ${today}::date and r.ends_on >= ${today}::date
            and u.subscription_end_date >= r.ends_on)
       and exists (
         select 1 from entitlements r
          where r.user_id = u.id and r.state = 'active' and r.kind = 'plan'
            and r.starts_on <= ${today}::date and r.ends_on >= ${today}::date)
     limit ${batch}`);
  for (const row of rows) await app.db.transaction((tx) => recomputeAccess(tx, row.id, today));
  return rows.length;
}
