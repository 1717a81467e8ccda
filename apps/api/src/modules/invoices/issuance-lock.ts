import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** The first key of every fiscal advisory lock (the second: punto de venta × 100 + type, 0 = login). */
const lockClass = 28_028;
const maxWaitMs = 60_000;

const processQueues = new Map<string, Promise<unknown>>();

/** One at a time in this process, per key (the embedded database has one process). */
function inProcess<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = processQueues.get(key) ?? Promise.resolve();
  const next = previous.then(fn, fn);
  const settled = next.catch(() => undefined);
  processQueues.set(key, settled);
  void settled.then(() => {
    if (processQueues.get(key) === settled) processQueues.delete(key);
  });
  return next;
}

/**
 * Runs `fn` while holding a transaction-scoped advisory lock, so that one process at a time asks
 * ARCA for the next number of a punto de venta and voucher type (numbers must be sequential: two
 * requests for the same number would see one refused and the other maybe lost). Waiting is done
 * by retrying `pg_try_advisory_xact_lock` with a short sleep, never holding a pool connection
 * while waiting; `fn` runs its own queries on other connections, so what it writes is committed
 * at once (a number it reserves survives the process dying mid-request).
 */
export async function withAdvisoryLock<T>(
  app: FastifyInstance,
  key: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (app.database.driver === 'pglite') return inProcess(`fiscal:${key}`, fn);
  const started = Date.now();
  for (let wait = 20; ; wait = Math.min(wait * 2, 400)) {
    const outcome = await app.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${lockClass}, ${key}) as locked`,
      );
      if (!rows[0]?.locked) return { locked: false as const };
      return { locked: true as const, value: await fn() };
    });
    if (outcome.locked) return outcome.value;
    if (Date.now() - started > maxWaitMs) throw new Error(`fiscal lock ${key} busy for ${maxWaitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait + Math.floor(Math.random() * wait)));
  }
}

export const issuanceLockKey = (pointOfSale: number, type: number) => pointOfSale * 100 + type;
