import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { UserCache } from './user-cache';

/** The per-user cache (viewer facts, progress): what it keeps in memory over time. */
describe('UserCache', () => {
  const db = {} as Database;
  const ttlMs = 5 * 60_000;
  afterEach(() => vi.useRealTimers());

  it('drops users not seen for a TTL, so memory follows recent traffic rather than every user since the start', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T03:00:00Z'));
    const cache = new UserCache<string>('test-sweep', 50_000, ttlMs);
    for (let i = 0; i < 1000; i++) await cache.get(db, `old-${i}`, 'facts', async () => `facts ${i}`);
    expect(cache.size(db)).toBe(1000);

    // Four minutes later one of them comes back and a new one arrives: nothing is past the TTL yet.
    vi.setSystemTime(new Date('2026-11-25T03:04:00Z'));
    await cache.get(db, 'old-7', 'facts', async () => 'fresh 7');
    await cache.get(db, 'new-1', 'facts', async () => 'new');
    expect(cache.size(db)).toBe(1001);

    // Past the TTL of the first ones: the next lookup drops every user whose entries all expired.
    vi.setSystemTime(new Date('2026-11-25T03:05:30Z'));
    expect(await cache.get(db, 'new-1', 'facts', async () => 'reloaded')).toBe('new');
    expect(cache.size(db)).toBe(1);
    // old-7's entry was a hit at 03:04 but loaded at 03:00: it expired too and loads again.
    expect(await cache.get(db, 'old-7', 'facts', async () => 'again')).toBe('again');
  });

  it('keeps a user any of whose entries is still fresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T03:00:00Z'));
    const cache = new UserCache<string>('test-sweep-2', 50_000, ttlMs);
    await cache.get(db, 'ana', 'course-a', async () => 'a');
    vi.setSystemTime(new Date('2026-11-25T03:03:00Z'));
    await cache.get(db, 'ana', 'course-b', async () => 'b');
    vi.setSystemTime(new Date('2026-11-25T03:06:00Z'));
    await cache.get(db, 'eva', 'course-a', async () => 'e');
    expect(cache.size(db)).toBe(2);
    expect(await cache.get(db, 'ana', 'course-b', async () => 'reloaded')).toBe('b');
  });

  it('still bounds the users it holds within a TTL', async () => {
    const cache = new UserCache<string>('test-bound', 3, ttlMs);
    for (const user of ['a', 'b', 'c', 'd']) await cache.get(db, user, 'k', async () => user);
    expect(cache.size(db)).toBe(3);
    expect(await cache.get(db, 'a', 'k', async () => 'loaded again')).toBe('loaded again');
  });
});
