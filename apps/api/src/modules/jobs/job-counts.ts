import type { JobQueue } from './job-queue';

/** How many jobs one queue holds, by state, as pg-boss last counted them. */
export interface QueueCounts {
  queue: string;
  /** waiting, runnable now */
  ready: number;
  /** waiting for their time: a retry in its backoff, a job sent for later */
  deferred: number;
  /** running in some process */
  active: number;
  /** given up after their last retry, still kept (pg-boss deletes them after their retention) */
  failed: number;
}

/**
 * The depth of every queue the app defines, read from pg-boss's queue table (`getQueues`): one
 * short query, whose counts pg-boss's monitor refreshes about every minute. Empty before the queue
 * starts.
 */
export async function readQueueCounts(jobs: JobQueue): Promise<QueueCounts[]> {
  if (!jobs.started || jobs.names.length === 0) return [];
  const queues = await jobs.instance.getQueues(jobs.names);
  return queues.map((q) => ({
    queue: q.name,
    ready: q.readyCount,
    deferred: q.deferredCount + q.blockedCount,
    active: q.activeCount,
    failed: q.failedCount,
  }));
}
