import type { Database } from '../../db/client';
import { type CacheCounts, cacheCounts } from '../../lib/cache-stats';
import { contentGeneration } from './content-cache';

interface Entry<V> {
  at: number;
  value: Promise<V>;
}

interface Store<V> {
  generation: number;
  /** user id → her entries by key; in load order, so the user loaded longest ago goes first */
  users: Map<string, Map<string, Entry<V>>>;
}

/**
 * What an API process keeps about each user (her access, her progress), forgotten per user when
 * PostgreSQL says she changed (change-listener.ts), all at once when the content changes or a
 * notification may have been missed (contentGeneration). Kept per database handle, so two apps in
 * one process (tests) never share users. A failed load is not kept; concurrent callers share one
 * load. The TTL only bounds what a missed notification could cost.
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
    const users = this.usersOf(db);
    let entries = users.get(userId);
    const hit = entries?.get(key);
    const now = Date.now();
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

  private usersOf(db: Database): Map<string, Map<string, Entry<V>>> {
    let store = this.stores.get(db);
    const generation = contentGeneration();
    if (!store || store.generation !== generation) {
      store = { generation, users: new Map() };
      this.stores.set(db, store);
    }
    return store.users;
  }
}
