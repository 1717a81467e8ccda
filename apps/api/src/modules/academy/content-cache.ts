import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';

/**
 * In-process caches of catalogue content (course structures, catalogue pages, search results,
 * tag badges). That content changes only through the content import, which announces each change
 * on this PostgreSQL channel inside its transaction: PostgreSQL delivers the notification when the
 * import commits, and every API process listening (see listenForContentChanges) drops its caches.
 */
export const contentChannel = 'alcancia_content_changed';

/**
 * A safety net, not the invalidation: an entry is reloaded after this long even if no notification
 * arrived (e.g. content edited by hand in SQL).
 */
const ttlMs = 10 * 60_000;

let generation = 0;

/** Drops every cached piece of content in this process (all databases). */
export function forgetContent(): void {
  generation++;
}

interface Store<V> {
  generation: number;
  entries: Map<string, { at: number; value: Promise<V> }>;
}

export interface ContentCache<V> {
  /** The cached value of `key` for this database, loading it once (concurrent callers share the load). */
  get(db: Database, key: string, load: () => Promise<V>): Promise<V>;
}

/**
 * A bounded cache (least recently used entries go first) kept per database handle, so two apps
 * in one process (tests) never see each other's rows. A failed load is not kept.
 */
export function contentCache<V>(maxEntries: number): ContentCache<V> {
  const stores = new WeakMap<Database, Store<V>>();
  return {
    get(db, key, load) {
      let store = stores.get(db);
      if (!store || store.generation !== generation) {
        store = { generation, entries: new Map() };
        stores.set(db, store);
      }
      const { entries } = store;
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && now - hit.at < ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load().catch((error: unknown) => {
        if (entries.get(key)?.value === value) entries.delete(key);
        throw error;
      });
      entries.set(key, { at: now, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

type Executor = Pick<Database, 'execute'>;

/**
 * Called by the content import inside its transaction: the notification goes out when it
 * commits (and never if it rolls back). This process also forgets at once, so a caller that
 * imports and then reads in the same process sees the new content.
 */
export async function announceContentChange(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${contentChannel}, '')`);
  forgetContent();
}

/**
 * Listens on the content channel for the life of the app: a dedicated connection for a PostgreSQL
 * server (reconnecting after a loss, and forgetting everything then, since a notification may have
 * been missed), PGlite's own listener for the embedded database.
 */
export function listenForContentChanges(app: FastifyInstance): void {
  const client = (app.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await client.listen(contentChannel, forgetContent);
    });
    app.addHook('onClose', async () => {
      await stop?.().catch(() => undefined);
    });
    return;
  }
  if (!(client instanceof pg.Pool)) return;
  const options = client.options;
  let closing = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Never throws: a failed attempt is retried in the background. */
  const connect = async () => {
    retry = null;
    const listener = new pg.Client({ ...options, application_name: 'alcancia content listener' });
    current = listener;
    const lost = (error?: Error) => {
      if (current !== listener) return;
      current = null;
      forgetContent();
      listener.end().catch(() => undefined);
      if (closing) return;
      if (error) app.log.warn({ err: error }, 'content listener lost its connection; reconnecting');
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    listener.on('notification', (message) => {
      if (message.channel === contentChannel) forgetContent();
    });
    listener.on('error', lost);
    listener.on('end', () => lost());
    try {
      await listener.connect();
      await listener.query(`listen ${contentChannel}`);
      // Anything cached before the listener was in place may predate a change it did not hear.
      forgetContent();
    } catch (error) {
      lost(error as Error);
    }
  };
  // The app is ready once it listens (or has failed to once and keeps trying in the background).
  app.addHook('onReady', connect);
  app.addHook('onClose', async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    const listener = current;
    current = null;
    await listener?.end().catch(() => undefined);
  });
}
