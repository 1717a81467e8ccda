/**
 * Hits and misses of the in-process caches, by cache name, for /metrics
 * (`alcancia_cache_requests_total{cache,result}`). Plain counters: one addition per lookup on the
 * hot paths, read at scrape time. Per process, like the caches themselves.
 */
export interface CacheCounts {
  hits: number;
  misses: number;
}

const counts = new Map<string, CacheCounts>();

/** The counters of the cache called `name` (created at zero on first use). */
export function cacheCounts(name: string): CacheCounts {
  let entry = counts.get(name);
  if (!entry) {
    entry = { hits: 0, misses: 0 };
    counts.set(name, entry);
  }
  return entry;
}

export function allCacheCounts(): Array<[string, CacheCounts]> {
  return [...counts.entries()];
}
