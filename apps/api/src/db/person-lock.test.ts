import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { DbHandle } from './client';
import { withPersonLock } from './person-lock';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withPersonLock', () => {
  it('runs one write per person at a time, in arrival order; other people are not held', async () => {
    const events: string[] = [];
    // Ana's first write holds her lock until Bea's write has ended: were Bea held behind Ana, it
    // would never end and a1 would fail after 10 s (no timing guess: the order is forced).
    let beaEnded = () => {};
    const beaDone = new Promise<void>((resolve) => {
      beaEnded = resolve;
    });
    const write = (who: string, label: string, body: () => Promise<unknown>) =>
      withPersonLock(handle, who, async () => {
        events.push(`${label} start`);
        await body();
        // her writes run on other connections while the lock is held
        await handle.ping();
        events.push(`${label} end`);
        return label;
      });
    const ana = '00000000-0000-4000-8000-00000000000a';
    const bea = '00000000-0000-4000-8000-00000000000b';
    const results = await Promise.all([
      write(ana, 'a1', () =>
        Promise.race([
          beaDone,
          pause(10_000).then(() => {
            throw new Error('Bea was held behind Ana');
          }),
        ]),
      ),
      write(ana, 'a2', () => pause(5)),
      write(bea, 'b1', async () => {
        await pause(5);
        beaEnded();
      }),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    // a2 starts only after a1 ended; b1 ran while a1 held Ana's lock
    expect(events.indexOf('a2 start')).toBeGreaterThan(events.indexOf('a1 end'));
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'));
  });

  it('is re-entrant for the same person, and a failure releases the lock', async () => {
    const cid = '00000000-0000-4000-8000-00000000000c';
    const nested = await withPersonLock(handle, cid, () => withPersonLock(handle, cid, async () => 'inner'));
    expect(nested).toBe('inner');
    await expect(
      withPersonLock(handle, cid, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(await withPersonLock(handle, cid, async () => 'after')).toBe('after');
  });

  it('does not exhaust the pool when many people hold locks at once', async () => {
    // the test pool has 4 connections: 12 people at once must all finish
    const people = Array.from(
      { length: 12 },
      (_, i) => `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
    );
    const done = await Promise.all(
      people.map((who) =>
        withPersonLock(handle, who, async () => {
          await pause(20);
          await handle.ping();
          return who;
        }),
      ),
    );
    expect(done).toEqual(people);
  });
});
