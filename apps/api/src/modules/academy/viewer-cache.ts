import type { Database } from '../../db/client';
import { contentGeneration } from './content-cache';

/**
 * In-process cache of what each user owns and her subscription (the "viewer facts" every academy
 * read needs). Invalidation, so that a purchase or a renewal opens content on the very next request:
 * - PostgreSQL triggers (migration 0011) notify the viewer channel (db/change-channels.ts) with the user's id whenever a row
 *   of `users` changes its subscription, plan or community access, or a row of `user_purchases`
 *   changes; every API process listens (listenForChanges in content-cache.ts) and forgets her.
 * - This process hears its own writes before they resolve (every pool connection listens, and
 *   PostgreSQL sends a session its own notifications before answering the COMMIT), so the next
 *   request after a grant, in any process, reads the new state.
 * - The content import (packs, plans) and a lost listener connection forget everyone
 *   (contentGeneration).
 * A TTL bounds how long a missed notification could matter.
 */
const ttlMs = 5 * 60_000;
const maxEntries = 50_000;

interface Entry<V> {
  at: number;
  value: Promise<V>;
}

interface Store {
  generation: number;
  entries: Map<string, Entry<unknown>>;
}

/** One store per database handle, so two apps in one process (tests) never share users. */
const stores = new WeakMap<Database, Store>();

function storeOf(db: Database): Map<string, Entry<unknown>> {
  let store = stores.get(db);
  const generation = contentGeneration();
  if (!store || store.generation !== generation) {
    store = { generation, entries: new Map() };
    stores.set(db, store);
  }
  return store.entries;
}

/** The cached facts of `userId`, loading them once (concurrent callers share the load). */
export function cachedViewerFacts<V>(db: Database, userId: string, load: () => Promise<V>): Promise<V> {
  const entries = storeOf(db);
  const hit = entries.get(userId) as Entry<V> | undefined;
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) return hit.value;
  const value = load().catch((error: unknown) => {
    if (entries.get(userId)?.value === value) entries.delete(userId);
    throw error;
  });
  // Re-inserting keeps the map in load order: the oldest load goes first when it is full.
  entries.delete(userId);
  entries.set(userId, { at: now, value });
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  return value;
}

/**
 * Forgets one user (on her notification). A load already in flight keeps answering its own
 * callers, but the next request loads again.
 */
export function forgetViewer(db: Database, userId: string): void {
  stores.get(db)?.entries.delete(userId);
}
