import type { Database } from '../../db/client';
import { type CacheCounts, cacheCounts } from '../../lib/cache-stats';
import { contentGeneration } from './content-cache';

interface Entry<V> {
  at: number;
  value: Promise<V>;
}

interface Store<V> {
  generation: number;
  /** when the expired users were last dropped (Date.now()) */
  sweptAt: number;
  /** user id → her entries by key; in load order, so the user loaded longest ago goes first */
  users: Map<string, Map<string, Entry<V>>>;
}

/**
 * What an API process keeps about each user (her access, her progress), forgotten per user when
 * PostgreSQL says she changed (src/change-listener.ts), all at once when the content changes or a
 * notification may have been missed (contentGeneration). Kept per database handle, so two apps in
 * one process (tests) never share users. A failed load is not kept; concurrent callers share one
 * load. The TTL only bounds what a missed notification could cost.
 *
 * Users whose every entry is past the TTL are dropped at most once per TTL, on a lookup: the cache
 * holds the users of the last minutes, not every user seen since the process started (up to
 * `maxUsers`), so a worker's heap follows its traffic and a long-running one does not keep growing
 * into its old-space limit.
 */
export class UserCache<V> {
  private readonly stores = new WeakMap<Database, Store<V>>();
  private readonly stats: CacheCounts;

  constructor(
    name: string,
    private readonly maxUsers: number,
    private readonly ttlMs: number,
  ) {
    this.stats = cacheCounts(name);
  }

  get(db: Database, userId: string, key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const users = this.usersOf(db, now);
    let entries = users.get(userId);
    const hit = entries?.get(key);
    if (hit && now - hit.at < this.ttlMs) {
      this.stats.hits++;
      return hit.value;
    }
    this.stats.misses++;
    if (!entries) {
      entries = new Map();
      users.set(userId, entries);
      if (users.size > this.maxUsers) users.delete(users.keys().next().value as string);
    }
    const mine = entries;
    const value = load().catch((error: unknown) => {
      if (mine.get(key)?.value === value) mine.delete(key);
      throw error;
    });
    mine.set(key, { at: now, value });
    return value;
  }

  /** A load already in flight keeps answering its own callers; the next request loads again. */
  forget(db: Database, userId: string): void {
    this.stores.get(db)?.users.delete(userId);
  }

  forgetAll(db: Database): void {
    this.stores.delete(db);
  }

  /** How many users the cache holds for `db` (tests, and what a heap snapshot would count). */
  size(db: Database): number {
    return this.stores.get(db)?.users.size ?? 0;
  }

  private usersOf(db: Database, now: number): Map<string, Map<string, Entry<V>>> {
    let store = this.stores.get(db);
    const generation = contentGeneration();
    if (!store || store.generation !== generation) {
      store = { generation, sweptAt: now, users: new Map() };
      this.stores.set(db, store);
    }
    if (now - store.sweptAt >= this.ttlMs) {
      store.sweptAt = now;
      this.dropExpired(store.users, now);
    }
    return store.users;
  }

  private dropExpired(users: Map<string, Map<string, Entry<V>>>, now: number): void {
    for (const [userId, entries] of users) {
      let fresh = false;
      for (const entry of entries.values()) {
        if (now - entry.at < this.ttlMs) {
          fresh = true;
          break;
        }
      }
      if (!fresh) users.delete(userId);
    }
  }
}
