import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changeChannels } from '../../../db/change-channels';
import type { Database } from '../../../db/client';
import { uploadLocks } from '../../../db/schema';

export interface UploadLockerOptions {
  db: Database;
  /** how long a lease lasts unrenewed: what a process that died leaves behind */
  leaseMs?: number;
  /** how often a holder renews its lease */
  renewEveryMs?: number;
  /** how often a waiting request tries again, and asks the holder again to give the upload up */
  retryEveryMs?: number;
  /** how long a request waits for the upload before it fails (500, as @tus/server's MemoryLocker) */
  acquireTimeoutMs?: number;
  /** a renewal that failed (the database did not answer) */
  onRenewalError?: (error: unknown, uploadId: string) => void;
}

interface HeldLease {
  uploadId: string;
  requestRelease: RequestRelease;
  renewal: NodeJS.Timeout | null;
}

/** Every locker of this process, for the release requests its change listener hears. */
const lockers = new Set<UploadLocker>();

/**
 * A release request heard on the uploads channel (src/change-listener.ts): the request that
 * holds that token, if it runs in this process, gives its upload up.
 */
export function uploadLockReleaseRequested(holder: string): void {
  for (const locker of lockers) locker.releaseRequested(holder);
}

/**
 * The tus locker shared by every API process (decision 85): one lease per upload in
 * `upload_locks`, so that two processes never write one upload at once (@tus/server's default,
 * MemoryLocker, only knows its own process's requests).
 *
 * - A request takes the lease in one statement: insert, or take over a lease that expired. While
 *   it holds it, it renews it; a process that dies leaves a lease that expires (`leaseMs`).
 * - A request that finds the upload held asks the holder to give it up, as MemoryLocker does
 *   (tus then ends the holder's request after its `lockDrainTimeout`): directly when the holder
 *   runs in this process, otherwise with a NOTIFY on the uploads channel that the holder's
 *   process hears. It asks again at each try, so a notice lost while a listener reconnects does
 *   not matter. It fails after `acquireTimeoutMs`, or when its own request is stopped.
 * - A holder that finds its lease taken (it could not renew in time) gives its upload up.
 * - Unlock deletes the lease only while it is still this request's.
 * Times come from the database's clock, so hosts whose clocks differ agree on expiry.
 */
export class UploadLocker implements Locker {
  readonly db: Database;
  readonly leaseMs: number;
  readonly renewEveryMs: number;
  readonly retryEveryMs: number;
  readonly acquireTimeoutMs: number;
  private readonly onRenewalError: (error: unknown, uploadId: string) => void;
  /** the leases held by this locker's requests, by holder token */
  private readonly held = new Map<string, HeldLease>();

  constructor(options: UploadLockerOptions) {
    this.db = options.db;
    this.leaseMs = options.leaseMs ?? 20_000;
    this.renewEveryMs = options.renewEveryMs ?? 5_000;
    this.retryEveryMs = options.retryEveryMs ?? 250;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.onRenewalError = options.onRenewalError ?? (() => undefined);
    lockers.add(this);
  }

  newLock(id: string): Lock {
    return new UploadLease(id, this);
  }

  /** The holder of `holder`, if it is one of ours, gives its upload up. */
  releaseRequested(holder: string): void {
    const lease = this.held.get(holder);
    if (lease) void Promise.resolve(lease.requestRelease()).catch(() => undefined);
  }

  /** Takes the lease, or answers who holds it (null: nobody any more, try again). */
  async tryAcquire(
    uploadId: string,
    holder: string,
  ): Promise<{ acquired: true } | { holder: string | null }> {
    const expiresAt = this.leaseEnd();
    const taken = await this.db
      .insert(uploadLocks)
      .values({ uploadId, holder, expiresAt })
      .onConflictDoUpdate({
        target: uploadLocks.uploadId,
        set: { holder, expiresAt },
        setWhere: lt(uploadLocks.expiresAt, sql`now()`),
      })
      .returning({ holder: uploadLocks.holder });
    if (taken.length > 0) return { acquired: true };
    const [current] = await this.db
      .select({ holder: uploadLocks.holder })
      .from(uploadLocks)
      .where(eq(uploadLocks.uploadId, uploadId));
    return { holder: current?.holder ?? null };
  }

  /** Asks the holder of a lease to give its upload up: here directly, elsewhere by NOTIFY. */
  async askToRelease(holder: string): Promise<void> {
    if (this.held.has(holder)) {
      this.releaseRequested(holder);
      return;
    }
    await this.db.execute(sql`select pg_notify(${changeChannels.uploadLocks}, ${holder})`);
  }

  /** Keeps a lease taken by one of this locker's requests, renewing it until it is released. */
  hold(holder: string, uploadId: string, requestRelease: RequestRelease): void {
    const lease: HeldLease = { uploadId, requestRelease, renewal: null };
    this.held.set(holder, lease);
    let renewedAt = Date.now();
    const renew = async () => {
      const stillHeld = () => this.held.get(holder) === lease;
      try {
        const kept = await this.db
          .update(uploadLocks)
          .set({ expiresAt: this.leaseEnd() })
          .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
          .returning({ holder: uploadLocks.holder });
        if (kept.length === 0 && stillHeld()) {
          // Taken over after it expired: someone else may write now, so this request stops.
          this.forget(holder);
          void Promise.resolve(requestRelease()).catch(() => undefined);
          return;
        }
        renewedAt = Date.now();
      } catch (error) {
        this.onRenewalError(error, uploadId);
        if (stillHeld() && Date.now() - renewedAt >= this.leaseMs) {
          void Promise.resolve(requestRelease()).catch(() => undefined);
        }
      }
      if (stillHeld()) schedule();
    };
    const schedule = () => {
      lease.renewal = setTimeout(() => void renew(), this.renewEveryMs);
      lease.renewal.unref();
    };
    schedule();
  }

  /** Gives a lease up: deletes it only while it is still this holder's. */
  async release(holder: string, uploadId: string): Promise<void> {
    this.forget(holder);
    await this.db
      .delete(uploadLocks)
      .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
  }

  /** Stops renewing and gives up the leases still held (the app closes). */
  async close(): Promise<void> {
    lockers.delete(this);
    const leases = [...this.held.entries()];
    await Promise.all(
      leases.map(([holder, lease]) => this.release(holder, lease.uploadId).catch(() => undefined)),
    );
  }

  private forget(holder: string): void {
    const lease = this.held.get(holder);
    if (lease?.renewal) clearTimeout(lease.renewal);
    this.held.delete(holder);
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }
}

/** One request's hold on one upload (tus asks a new one for each request). */
class UploadLease implements Lock {
  private holder: string | null = null;

  constructor(
    private readonly uploadId: string,
    private readonly locker: UploadLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const holder = randomUUID();
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const attempt = await this.locker.tryAcquire(this.uploadId, holder);
      if ('acquired' in attempt) {
        this.holder = holder;
        this.locker.hold(holder, this.uploadId, requestRelease);
        if (stopSignal.aborted) {
          await this.unlock();
          throw ERRORS.ERR_LOCK_TIMEOUT;
        }
        return;
      }
      if (attempt.holder) await this.locker.askToRelease(attempt.holder);
      const left = deadline - Date.now();
      if (left <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(Math.min(this.locker.retryEveryMs, left), undefined, { signal: stopSignal }).catch(
        () => undefined,
      );
    }
  }

  async unlock(): Promise<void> {
    const holder = this.holder;
    if (!holder) return;
    this.holder = null;
    await this.locker.release(holder, this.uploadId);
  }
}

/** The locker of an app's tus server: renewals stop and leases go when the app closes. */
export function uploadLockerFor(app: FastifyInstance): UploadLocker {
  const locker = new UploadLocker({
    db: app.db,
    onRenewalError: (error, uploadId) => app.log.warn({ err: error, uploadId }, 'upload lease not renewed'),
  });
  app.addHook('onClose', () => locker.close());
  return locker;
}
