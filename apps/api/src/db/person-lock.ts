import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../errors';
import type { DbHandle } from './client';
import { withSessionLock } from './lock-session';

/**
 * One person, one money write at a time (issue 39, decision 0270). Every write that moves her money
 * or access (checkouts, webhook grants, renewals, refunds, withdrawals, baja, reactivation,
 * upgrades, operator grants and refunds) runs inside `withPersonLock(app.database, userId, fn)`,
 * and reads what it decides on ("already subscribed?", "already owns it?", "an order in flight?")
 * inside `fn`, so a second tap a few milliseconds later sees what the first one wrote.
 *
 * How it holds (lock-session.ts):
 * - In this process, one `fn` per person at a time (a promise queue): waiting costs no connection.
 * - Across processes (PostgreSQL server): the advisory lock `(39039, hashtext(user id))`, held by
 *   the process's lock session, outside the pool, and retried with a short backoff while another
 *   process holds it. Holding it costs no pool connection: `fn` runs its queries on the pool like
 *   any code, and what it writes is committed as it goes. (It used to be held by a transaction on
 *   a pool connection; holders nested with the fiscal lock and its login lock could take the whole
 *   pool and wait for ever for a connection: decision 0285.)
 *   `fn` may call the payment provider: each call ends within MERCADOPAGO_TIMEOUT_MS (15 s by
 *   default), so a lock is held for seconds at worst, never for ever.
 * - PGlite (one process): the in-process queue alone.
 * - Re-entrant: inside `fn`, taking her lock again just runs (a checkout that grants, a refund
 *   that ends access). Another person's lock inside `fn` is taken normally.
 * - Waiting longer than `PERSON_LOCK_MAX_WAIT_MS` answers CHECKOUT_IN_PROGRESS (409): her other
 *   money write is still running. A webhook answered so is retried by the provider.
 */
export async function withPersonLock<T>(handle: DbHandle, userId: string, fn: () => Promise<T>): Promise<T> {
  const held = heldLocks.getStore();
  if (held?.some((lock) => lock.userId === userId && lock.active)) return fn();
  const deadline = Date.now() + PERSON_LOCK_MAX_WAIT_MS;
  return withSessionLock(handle, [personLockClass, userId], { deadline, busy: personBusy }, async () => {
    const lock = { userId, active: true };
    try {
      return await heldLocks.run([...(held ?? []), lock], fn);
    } finally {
      // Work `fn` started and left running (a promise not awaited) no longer holds her lock.
      lock.active = false;
    }
  });
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
