import pg from 'pg';
import type { DbHandle } from './client';

/** An advisory lock's two keys: a class, and a number or a text hashed by the server (hashtext). */
export type LockKey = readonly [classId: number, key: number | string];

/**
 * The one PostgreSQL session, outside the pool, that holds this process's advisory locks across
 * processes (the person lock, decision 0270; the fiscal numbering lock): session-level locks taken
 * with `pg_try_advisory_lock` and given back with `pg_advisory_unlock`.
 *
 * Why not a pool connection: a lock held in a pooled transaction keeps that connection for as long
 * as the lock's work runs, while the work's own queries need other connections of the same pool.
 * Holders nest (a webhook holding her person lock issues an invoice under the fiscal lock, whose
 * first ARCA call logs in under the login lock), so enough holders at once take every connection
 * and each waits for a connection only another one's end would free: the process stops for ever
 * (the money model's hang, decision 0285). Here a held lock costs no pool connection, whatever the
 * number of holders or their nesting; this session runs nothing but instant statements (a try
 * never waits, an unlock never waits), so it is never the one waited for.
 *
 * The callers keep one holder per key in the process (a promise queue): a session-level lock is
 * re-entrant for its session, so the server alone would let two holders of this process in.
 * If the session is lost (the server restarted, the connection dropped) the server has released
 * every lock it held; the next lock opens a new session.
 */
export class LockSession {
  private client: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  /** Takes the lock if it is free (or held by this session); never waits. */
  async tryLock([classId, key]: LockKey): Promise<boolean> {
    const text = `select pg_try_advisory_lock($1::int, ${keyExpression(key)}) as locked`;
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.query<{ locked: boolean }>(text, [classId, key]);
        return rows[0]?.locked === true;
      } catch (error) {
        // a session the server dropped before we heard of it: once more on a new one
        await this.drop();
        if (attempt >= 2 || this.closed) throw error;
      }
    }
  }

  /** Gives the lock back. A failure drops the session (and so every lock it held) rather than keep one for ever. */
  async unlock([classId, key]: LockKey): Promise<void> {
    try {
      await this.query(`select pg_advisory_unlock($1::int, ${keyExpression(key)})`, [classId, key]);
    } catch {
      await this.drop();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[]) {
    if (this.closed) throw new Error('the lock session is closed');
    const client = await this.connection();
    return client.query<R>(text, values);
  }

  private connection(): Promise<pg.Client> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: 'alcancia locks',
        connectionTimeoutMillis: 15_000,
        // every statement here is instant: one that is not means the server is gone
        query_timeout: 15_000,
      });
      const opening = client.connect().then(() => client);
      this.client = opening;
      const forget = () => {
        if (this.client === opening) this.client = null;
      };
      // A dropped session released its locks on the server: the next lock opens another one.
      client.on('error', forget);
      client.on('end', forget);
      opening.catch(forget);
    }
    return this.client;
  }

  private async drop(): Promise<void> {
    const opening = this.client;
    this.client = null;
    if (!opening) return;
    try {
      await (await opening).end();
    } catch {
      // already gone
    }
  }
}

const keyExpression = (key: number | string) => (typeof key === 'number' ? '$2::int' : 'hashtext($2::text)');

/** Per database handle and lock: the tail of the promise queue of this process's holders. */
const queues = new WeakMap<DbHandle, Map<string, Promise<void>>>();

/**
 * Runs `fn` holding an advisory lock: one holder at a time in this process (a promise queue, so
 * waiting costs no connection), and across processes on a PostgreSQL server the session lock of
 * `handle.locks`, retried with a backoff from 10 to 200 ms while another process holds it. No pool
 * connection is held while `fn` runs: `fn` runs its queries on the pool as any code does, and what
 * it writes is committed as it goes. PGlite (one process): the queue alone.
 * Waiting past `deadline` (ms since the epoch) throws `busy()`; the queue's order is kept.
 */
export async function withSessionLock<T>(
  handle: DbHandle,
  lock: LockKey,
  options: { deadline: number; busy: () => Error },
  fn: () => Promise<T>,
): Promise<T> {
  let perHandle = queues.get(handle);
  if (!perHandle) {
    perHandle = new Map();
    queues.set(handle, perHandle);
  }
  const name = `${lock[0]}:${lock[1]}`;
  const previous = perHandle.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The next one waits for the previous one AND this one, even if this one gave up waiting.
  const tail = previous.then(() => mine);
  perHandle.set(name, tail);
  const queue = perHandle;
  void tail.then(() => {
    if (queue.get(name) === tail) queue.delete(name);
  });
  try {
    await untilDeadline(previous, options);
    const session = handle.locks;
    if (!session) return await fn();
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      if (await session.tryLock(lock)) break;
      if (Date.now() > options.deadline) throw options.busy();
      await new Promise((resolve) => setTimeout(resolve, wait + Math.floor(Math.random() * wait)));
    }
    try {
      return await fn();
    } finally {
      await session.unlock(lock);
    }
  } finally {
    release();
  }
}

function untilDeadline(waited: Promise<unknown>, options: { deadline: number; busy: () => Error }) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(options.busy()), Math.max(0, options.deadline - Date.now()));
  });
  return Promise.race([waited.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
