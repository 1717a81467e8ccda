import type { JobQueue } from './job-queue';

/** How many jobs one queue holds, by state. */
export interface QueueCounts {
  queue: string;
  /** waiting, runnable now */
  ready: number;
  /** waiting for their time: a retry in its backoff, a job sent for later */
  deferred: number;
  /** running in some process */
  active: number;
  /** given up after their last retry, still in the job table (archived after 12 hours) */
  failed: number;
}

/**
 * The depth of every queue the app defines, counted in pg-boss's job table (one short query;
 * failed jobs move to its archive after 12 hours, and are no longer counted). Empty before the
 * queue starts.
 */
export async function readQueueCounts(jobs: JobQueue): Promise<QueueCounts[]> {
  if (!jobs.started || jobs.names.length === 0) return [];
  const { rows } = await jobs.instance.getDb().executeSql(
    `select name,
            count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
            count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
            count(*) filter (where state = 'active')::int as active,
            count(*) filter (where state = 'failed')::int as failed
       from pgboss.job where name = any($1::text[]) group by name`,
    [jobs.names],
  );
  const byName = new Map(rows.map((row: Record<string, unknown>) => [String(row.name), row]));
  return jobs.names.map((queue) => {
    const row = byName.get(queue);
    return {
      queue,
      ready: Number(row?.ready ?? 0),
      deferred: Number(row?.deferred ?? 0),
      active: Number(row?.active ?? 0),
      failed: Number(row?.failed ?? 0),
    };
  });
}
