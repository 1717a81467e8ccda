import { sql } from 'drizzle-orm';
import { changeChannels } from '../../db/change-channels';
import type { Database } from '../../db/client';
import { cacheCounts } from '../../lib/cache-stats';

/**
 * In-process caches of catalogue content (course structures, catalogue pages, search results,
 * tag badges). That content changes only through the content import, which announces each change
 * on this PostgreSQL channel inside its transaction: PostgreSQL delivers the notification when the
 * import commits, and every API process listening (see src/change-listener.ts) drops its caches.
 */
export const contentChannel = changeChannels.content;

/**
 * A safety net, not the invalidation: an entry is reloaded after this long even if no notification
 * arrived (e.g. content edited by hand in SQL).
 */
const ttlMs = 10 * 60_000;

let generation = 0;

/** Drops every cached piece of content in this process (all databases), and every cached viewer. */
export function forgetContent(): void {
  generation++;
}

/** Bumped by forgetContent: caches that depend on content (viewers: packs, plans) compare it. */
export function contentGeneration(): number {
  return generation;
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
export function contentCache<V>(name: string, maxEntries: number): ContentCache<V> {
  const stores = new WeakMap<Database, Store<V>>();
  const stats = cacheCounts(name);
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
        stats.hits++;
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      stats.misses++;
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
