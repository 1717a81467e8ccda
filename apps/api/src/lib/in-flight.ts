import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The route handlers still running, so a graceful stop can wait for them before it closes the
 * database. Closing the server waits for open connections only: a handler whose client has gone
 * (a load balancer's timeout, a closed tab) keeps running after its connection closed, and used to
 * meet a closed pool ("Cannot use a pool after calling end on the pool").
 */
export class InFlightHandlers {
  private running = 0;
  private waiters: Array<() => void> = [];

  get count(): number {
    return this.running;
  }

  /** Counts `result` while it is pending; returns it unchanged (a callback-style handler's
   * undefined is returned as it is, so Fastify sees exactly what the route returned). */
  track<T>(result: T): T {
    const thenable = result as unknown as PromiseLike<unknown> | undefined;
    if (!thenable || typeof thenable.then !== 'function') return result;
    this.running++;
    const done = () => {
      this.running--;
      if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
    };
    thenable.then(done, done);
    return result;
  }

  /** Resolves when no handler runs (at once when none does), or after `maxWaitMs`. */
  idle(maxWaitMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * Wraps every route's handler registered after this call (register it before the modules) and,
 * when the app closes, waits up to `maxWaitMs` for the running ones before the other close hooks
 * (preClose: the job queue, the mail dispatcher and, in server.ts, the database close after it).
 * Only where `waitOnClose` (production): elsewhere the in-app payment stand-ins call this same
 * server, and a test closing the app mid-flight must not wait for them (see app.ts).
 */
export function trackInFlightHandlers(
  app: FastifyInstance,
  { waitOnClose, maxWaitMs }: { waitOnClose: boolean; maxWaitMs: number },
): InFlightHandlers {
  const inFlight = new InFlightHandlers();
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function trackedHandler(this: FastifyInstance, request, reply) {
      return inFlight.track(handler.call(this, request, reply));
    };
  });
  if (waitOnClose) {
    app.addHook('preClose', async () => {
      await inFlight.idle(maxWaitMs);
    });
  }
  return inFlight;
}
