import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DbHandle } from './client';
import * as schema from './schema';

/**
 * What must happen once while several API processes (node:cluster workers, machines, replicas)
 * start against one PostgreSQL server. Each name is one lock of that database.
 */
export const startLocks = {
  /** migrations, then the demo seed (boot.ts) */
  prepareDatabase: 'alcancia.prepare_database',
  /** the demo's charges at the Mercado Pago emulator, once the server listens (server.ts) */
  demoAfterListen: 'alcancia.demo_after_listen',
  /** pg-boss's start and the creation of the app's queues (modules/jobs/job-queue.ts) */
  jobQueues: 'alcancia.job_queues',
} as const;

/**
 * Runs `work` holding a PostgreSQL session advisory lock (`pg_advisory_lock(hashtext(name))`): a
 * process asking for the same lock waits until the holder is done, then runs `work` itself, which
 * therefore must check what is already done (migrations and seeds do). The lock belongs to a
 * session, so `work` gets a Database on the one pool connection that holds it: it works with a
 * pool of one, and a process that dies mid-way releases the lock with its connection.
 * The embedded PGlite is one process's database: `work` just runs.
 */
export async function withAdvisoryLock<T>(
  handle: DbHandle,
  name: string,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (handle.driver !== 'pg') return work(handle.db);
  // drizzle exposes the pool it was given as `$client`; Database is typed without it.
  const pool = (handle.db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('withAdvisoryLock: the database handle has no pg pool');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work(drizzlePg(client, { schema }) as unknown as Database);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed mid-way may still hold the lock: drop it rather than pool it.
    client.release(broken);
  }
}
