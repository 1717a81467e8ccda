import type { FastifyInstance } from 'fastify';
import { withSessionLock } from '../../db/lock-session';

/** The first key of every fiscal advisory lock (the second: punto de venta × 100 + type, 0 = login). */
const lockClass = 28_028;
const maxWaitMs = 60_000;

/**
 * Runs `fn` holding an advisory lock, so that one holder at a time (in this process and across
 * processes) asks ARCA for the next number of a punto de venta and voucher type (numbers must be
 * sequential: two requests for the same number would see one refused and the other maybe lost).
 * The lock is held by the process's lock session (db/lock-session.ts), never by a pool connection:
 * issuance runs under a person lock's webhook and nests the login lock inside this one, and
 * holders that each kept a pool connection could take the whole pool (decision 0285). `fn` runs its
 * own queries on the pool, so what it writes is committed at once (a number it reserves survives
 * the process dying mid-request).
 */
export function withAdvisoryLock<T>(app: FastifyInstance, key: number, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + maxWaitMs;
  const busy = () => new Error(`fiscal lock ${key} busy for ${maxWaitMs} ms`);
  return withSessionLock(app.database, [lockClass, key], { deadline, busy }, fn);
}

export const issuanceLockKey = (pointOfSale: number, type: number) => pointOfSale * 100 + type;
