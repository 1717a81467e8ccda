import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { DbHandle } from './client';

/**
 * One person, one money write at a time (issue 39, decision 0270). Every write that moves her money
 * or access (checkouts, webhook grants, renewals, refunds, withdrawals, baja, reactivation,
 * upgrades, operator grants and refunds) runs inside `withPersonLock(app.database, userId, fn)`,
 * and reads what it decides on ("already subscribed?", "already owns it?", "an order in flight?")
 * inside `fn`, so a second tap a few milliseconds later sees what the first one wrote.
 *
 * How it holds:
 * - In this process, one `fn` per person at a time (a promise queue): waiting costs no connection.
 * - Across processes (PostgreSQL server): a transaction-scoped advisory lock
 *   `pg_try_advisory_xact_lock(39039, hashtext(user id))`, retried with a short backoff, so a
 *   waiter holds no pool connection. The holder keeps one connection (its open transaction) while
 *   `fn` runs its own queries on others, so what `fn` writes is committed at once, as it goes.
 *   At most half the pool holds person locks at a time in one process (the rest queue in memory),
 *   so `fn` always finds a connection for its queries: the pool can never be all lock holders.
 *   `fn` may call the payment provider: each call ends within MERCADOPAGO_TIMEOUT_MS (15 s by
 *   default), so a lock is held for seconds at worst, never for ever.
 * - PGlite (one process, one connection): the in-process queue alone.
 * - Re-entrant: inside `fn`, taking her lock again just runs (a checkout that grants, a refund
 *   that ends access). Another person's lock inside `fn` is taken normally.
 * - Waiting longer than `PERSON_LOCK_MAX_WAIT_MS` answers CHECKOUT_IN_PROGRESS (409): her other
 *   money write is still running. A webhook answered so is retried by the provider.
 */
export async function withPersonLock<T>(handle: DbHandle, userId: string, fn: () => Promise<T>): Promise<T> {
  const held = heldLocks.getStore();
  if (held?.some((lock) => lock.userId === userId && lock.active)) return fn();
  const deadline = Date.now() + PERSON_LOCK_MAX_WAIT_MS;
  return inProcessQueue(userId, deadline, () =>
    holderSlots(handle, deadline, () =>
      acrossProcesses(handle, userId, deadline, async () => {
        const lock = { userId, active: true };
        try {
          return await heldLocks.run([...(held ?? []), lock], fn);
        } finally {
          // Work `fn` started and left running (a promise not awaited) no longer holds her lock.
          lock.active = false;
        }
      }),
    ),
  );
}

/** How long a write waits for her other money write before answering CHECKOUT_IN_PROGRESS. */
export const PERSON_LOCK_MAX_WAIT_MS = 60_000;
/** The first key of every person lock (the second: hashtext of her user id). */
const personLockClass = 39_039;

export const personBusy = () =>
  new AppError('CHECKOUT_IN_PROGRESS', 409, 'Ya estamos procesando otro pago tuyo. Esperá un momento.');

interface HeldLock {
  userId: string;
  active: boolean;
}
const heldLocks = new AsyncLocalStorage<HeldLock[]>();

const queues = new Map<string, Promise<void>>();

async function inProcessQueue<T>(userId: string, deadline: number, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(userId) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The next one waits for the previous one AND this one, even if this one gave up waiting.
  const tail = previous.then(() => mine);
  queues.set(userId, tail);
  void tail.then(() => {
    if (queues.get(userId) === tail) queues.delete(userId);
  });
  try {
    await untilDeadline(previous, deadline);
    return await fn();
  } finally {
    release();
  }
}

function untilDeadline(waited: Promise<unknown>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(personBusy()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([waited.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/** Per database handle: how many person locks this process holds, and who waits for a slot. */
const slots = new WeakMap<DbHandle, { taken: number; limit: number; waiting: Array<() => void> }>();

async function holderSlots<T>(handle: DbHandle, deadline: number, fn: () => Promise<T>): Promise<T> {
  if (handle.driver !== 'pg') return fn();
  let state = slots.get(handle);
  if (!state) {
    const pool = (handle.db as unknown as { $client?: { options?: { max?: number } } }).$client;
    state = { taken: 0, limit: Math.max(1, Math.floor((pool?.options?.max ?? 10) / 2)), waiting: [] };
    slots.set(handle, state);
  }
  const slotState = state;
  if (slotState.taken >= slotState.limit) {
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          slotState.waiting.splice(slotState.waiting.indexOf(wake), 1);
          reject(personBusy());
        },
        Math.max(0, deadline - Date.now()),
      );
      slotState.waiting.push(wake);
    });
  } else {
    slotState.taken += 1;
  }
  try {
    return await fn();
  } finally {
    // The slot passes straight to the next waiter (taken stays the same), or is given back.
    const next = slotState.waiting.shift();
    if (next) next();
    else slotState.taken -= 1;
  }
}

async function acrossProcesses<T>(
  handle: DbHandle,
  userId: string,
  deadline: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (handle.driver !== 'pg') return fn();
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    const outcome = await handle.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${personLockClass}, hashtext(${userId})) as locked`,
      );
      if (!rows[0]?.locked) return { locked: false as const };
      return { locked: true as const, value: await fn() };
    });
    if (outcome.locked) return outcome.value;
    if (Date.now() > deadline) throw personBusy();
    await new Promise((resolve) => setTimeout(resolve, wait + Math.floor(Math.random() * wait)));
  }
}
