import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { listenToChanges } from './change-channels';
import { LockSession } from './lock-session';
import { newPglite } from './pglite';
import * as schema from './schema';

/**
 * Typed as the node-postgres flavour for both drivers: the query builder is the same, and raw
 * `execute` results of both carry `.rows`, which is all we read from them.
 */
export type Database = NodePgDatabase<typeof schema>;

export interface DbHandle {
  db: Database;
  driver: 'pg' | 'pglite';
  /**
   * PostgreSQL server: every pool connection listens on the change channels before it is first
   * used, and its notifications are emitted here ('notification', pg.Notification). A session
   * gets its own notifications before the answer to its COMMIT, so this process hears its own
   * writes before their promises resolve. An idle connection dropped by the server is reported
   * as 'connection-error' (Error). Null for PGlite (it has its own `listen`).
   */
  notifications: EventEmitter | null;
  /** PostgreSQL server: the backend pids of this pool's connections (to tell our own writes apart). */
  ownBackendPids: ReadonlySet<number>;
  /**
   * PostgreSQL server: the session, outside the pool, that holds this process's advisory locks
   * (lock-session.ts), so a held lock never takes a pool connection. Null for PGlite.
   */
  locks: LockSession | null;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DbSource =
  | { kind: 'pg'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; client: PGlite };

/**
 * How long a query waits for a free pool connection before it fails (pg's connectionTimeoutMillis;
 * it used to wait for ever). Far above any wait a healthy process sees: a checkout's statements take
 * milliseconds, and no code holds a connection while it waits for another one (lock-session.ts).
 */
export const poolWaitLimitMs = 30_000;

/**
 * The only place that knows which driver runs: everything above it sees a Drizzle `Database`.
 * With DATABASE_URL → the `pg` pool; without it → embedded PGlite persisted under DATA_DIR.
 */
export function openDatabase(source: DbSource): DbHandle {
  if (source.kind === 'pg') {
    const notifications = new EventEmitter();
    const ownBackendPids = new Set<number>();
    const pool = new pg.Pool({
      connectionString: source.url,
      max: source.poolSize ?? 10,
      // A query that waits this long for a connection fails instead of waiting for ever: the pool
      // is exhausted by something that should not hold it (decision 0285, the money model's hang).
      connectionTimeoutMillis: poolWaitLimitMs,
      // Awaited by the pool before the connection serves anything (typed as void, runs as async).
      onConnect: (async (client: pg.ClientBase) => {
        const pid = (client as pg.ClientBase & { processID?: number }).processID;
        if (pid) {
          ownBackendPids.add(pid);
          client.once('end', () => ownBackendPids.delete(pid));
        }
        client.on('notification', (message) => notifications.emit('notification', message));
        await client.query(listenToChanges);
      }) as unknown as (client: pg.ClientBase) => void,
    });
    // An idle connection the server drops (a restart, a terminated backend) leaves the pool, which
    // opens another on the next query; unhandled, that 'error' event would end the process.
    pool.on('error', (error) => notifications.emit('connection-error', error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const locks = new LockSession(source.url);
    return {
      db,
      driver: 'pg',
      notifications,
      ownBackendPids,
      locks,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await locks.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (source.kind === 'pglite') {
    const dir = path.join(source.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = newPglite(dir);
  } else {
    client = source.client;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    notifications: null,
    ownBackendPids: new Set(),
    locks: null,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
