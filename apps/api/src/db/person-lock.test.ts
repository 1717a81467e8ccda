import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { withAdvisoryLock } from '../modules/invoices/issuance-lock';
import { type DbHandle, openDatabase } from './client';
import { withPersonLock } from './person-lock';

let handle: DbHandle;
/** A second process on the same database (PostgreSQL server); PGlite has one process: the same handle. */
let otherProcess: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  if (handle.driver !== 'pg') {
    otherProcess = handle;
    return;
  }
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL || 'postgres://unused');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  otherProcess = openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });
});
afterAll(async () => {
  if (otherProcess !== handle) await otherProcess?.close();
  await handle.close();
});

/** `work`, or a failure after `ms` when it never ends (a starved pool waits for ever). */
function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  return Promise.race([work, stuck]).finally(() => clearTimeout(timer));
}

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

  it("holds no pool connection: two people's locks and the fiscal lock with its login lock inside, all at once, all run their queries", async () => {
    // The money model's hang (decision 0285): each held lock kept a pooled transaction open while
    // its work needed other connections. Two people's checkouts under their locks, and the invoice
    // issuer under the fiscal lock with ARCA's login lock inside it, took the test pool's 4
    // connections; every holder then waited for a connection only another holder's end would
    // free, and nothing ever ended (nor could the pool close).
    const app = { database: handle, db: handle.db } as unknown as FastifyInstance;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let holding = 0;
    const work = async (label: string) => {
      holding += 1;
      await gate;
      // a query on the pool, and a transaction with two statements, while the locks are held
      await handle.ping();
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      return label;
    };
    const ana = '00000000-0000-4000-8000-0000000000a1';
    const bea = '00000000-0000-4000-8000-0000000000b1';
    const all = Promise.all([
      withPersonLock(handle, ana, () => work('ana')),
      withPersonLock(handle, bea, () => work('bea')),
      withAdvisoryLock(app, 311, () => withAdvisoryLock(app, 0, () => work('invoice'))),
    ]);
    // the three are inside their locks before any of them queries
    await withinMs(
      (async () => {
        while (holding < 3) await pause(5);
      })(),
      15_000,
      'taking the locks',
    );
    open();
    expect(await withinMs(all, 15_000, "the holders' queries")).toEqual(['ana', 'bea', 'invoice']);
  });

  it('keeps one holder per person across processes, and lets other people through', async () => {
    const ana = '00000000-0000-4000-8000-0000000000aa';
    const bea = '00000000-0000-4000-8000-0000000000bb';
    const events: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = withPersonLock(handle, ana, async () => {
      events.push('here: ana start');
      entered();
      await held;
      events.push('here: ana end');
    });
    await inside;
    // the other process: Ana waits for this one's Ana; Bea runs at once
    const second = withPersonLock(otherProcess, ana, async () => {
      events.push('other: ana');
    });
    await withinMs(
      withPersonLock(otherProcess, bea, async () => {
        events.push('other: bea');
      }),
      15_000,
      'another person in the other process',
    );
    await pause(150);
    release();
    await withinMs(Promise.all([first, second]), 15_000, "both of Ana's writes");
    expect(events).toEqual(['here: ana start', 'other: bea', 'here: ana end', 'other: ana']);
  });

  it('opens a new lock session when the server dropped the old one', async () => {
    const dan = '00000000-0000-4000-8000-0000000000dd';
    expect(await withPersonLock(handle, dan, async () => 'first')).toBe('first');
    if (handle.driver === 'pg') {
      // the server ends the lock session (a restart, a dropped connection)
      await handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and application_name = 'alcancia locks'`,
      );
      await pause(100);
    }
    expect(await withPersonLock(handle, dan, async () => 'after')).toBe('after');
  });
});
