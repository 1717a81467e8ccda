import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, MpApiError } from './errors';

// Fault injection: the provider answering 5xx or 429, answering slowly, or not in time. Tests (and
// developers) arm faults through the control API; each matching request consumes one. The emulator
// also keeps a log of the requests it served, so a test can check what a client retried and with
// which X-Idempotency-Key.

/** What a fault does to the requests it matches. */
export interface FaultSpec {
  /** answer this HTTP status (400–599) in Mercado Pago's error shape instead of the real answer */
  status?: number;
  /**
   * 'before' (default): the request is not processed (nothing is charged); 'after': it is
   * processed (a payment is created, its idempotency key remembered) and then answered `status`
   */
  when?: 'before' | 'after';
  /**
   * wait this long (ms, up to 60 000) before processing: a slow provider, or, past the client's
   * timeout, one that charges but answers too late
   */
  delayMs?: number;
  /** with status 429: the `Retry-After` header, in seconds */
  retryAfterSeconds?: number;
  /** only requests of this method */
  method?: 'GET' | 'POST' | 'PUT';
  /** only requests whose path (relative to the emulator, no query) starts with this, e.g. `/v1/payments` */
  path?: string;
  /** how many matching requests it affects (1–100, default 1) */
  times?: number;
}

/** An armed fault with its remaining uses. */
export interface Fault extends Required<Pick<FaultSpec, 'when' | 'delayMs' | 'times'>> {
  status: number | null;
  retryAfterSeconds: number | null;
  method: string | null;
  path: string | null;
}

/** One request the emulator received (control routes excepted), in arrival order. */
export interface ServedRequest {
  at: string;
  method: string;
  /** relative to the emulator, without the query */
  path: string;
  idempotencyKey: string | null;
  /** the status the emulator answered (null: not answered yet) */
  status: number | null;
  /** the client hung up before the answer (it timed out) */
  clientGone: boolean;
  /** set when a fault changed or delayed it */
  fault: { status: number | null; when: 'before' | 'after'; delayMs: number } | null;
}

const maxServed = 200;
const controlPath = /^\/_control(\/|$)/;

const methods = new Set(['GET', 'POST', 'PUT']);

function checkedInteger(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${field} must be an integer from ${min} to ${max}`, {
      code: 'invalid_fault',
      description: field,
    });
  }
  return value;
}

/** Validates a fault as given to the control API (a 400 naming the bad field otherwise). */
export function parseFault(spec: FaultSpec): Fault {
  const status = spec.status === undefined ? null : checkedInteger(spec.status, 'status', 400, 599);
  const delayMs = spec.delayMs === undefined ? 0 : checkedInteger(spec.delayMs, 'delayMs', 0, 60_000);
  if (status === null && delayMs === 0) {
    throw badRequest('a fault needs a status, a delayMs, or both', {
      code: 'invalid_fault',
      description: 'status',
    });
  }
  const when = spec.when ?? 'before';
  if (when !== 'before' && when !== 'after') {
    throw badRequest('when must be before or after', { code: 'invalid_fault', description: 'when' });
  }
  if (spec.method !== undefined && !methods.has(spec.method)) {
    throw badRequest('method must be GET, POST or PUT', { code: 'invalid_fault', description: 'method' });
  }
  if (spec.path !== undefined && (typeof spec.path !== 'string' || !spec.path.startsWith('/'))) {
    throw badRequest('path must start with /', { code: 'invalid_fault', description: 'path' });
  }
  return {
    status,
    when,
    delayMs,
    retryAfterSeconds:
      spec.retryAfterSeconds === undefined
        ? null
        : checkedInteger(spec.retryAfterSeconds, 'retryAfterSeconds', 0, 3600),
    method: spec.method ?? null,
    path: spec.path ?? null,
    times: spec.times === undefined ? 1 : checkedInteger(spec.times, 'times', 1, 100),
  };
}

/** Armed faults (in memory: they never survive a restart) and the log of served requests. */
export class FaultInjector {
  private faults: Fault[] = [];
  private served: ServedRequest[] = [];
  private readonly taken = new WeakMap<FastifyRequest, Fault>();
  private readonly entries = new WeakMap<FastifyRequest, ServedRequest>();

  arm(spec: FaultSpec): Fault {
    const fault = parseFault(spec);
    this.faults.push(fault);
    return { ...fault };
  }

  /** Disarms every fault (the request log stays). */
  clear(): void {
    this.faults = [];
  }

  armed(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  requests(): ServedRequest[] {
    return this.served.map((entry) => ({ ...entry }));
  }

  /** The first armed fault matching the request consumes one use; it is dropped when spent. */
  private take(method: string, path: string): Fault | null {
    const index = this.faults.findIndex(
      (fault) =>
        (fault.method === null || fault.method === method) &&
        (fault.path === null || path.startsWith(fault.path)),
    );
    if (index < 0) return null;
    const fault = this.faults[index] as Fault;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  /** Installs the hooks on the emulator's (encapsulated) Fastify context. */
  install(app: FastifyInstance): void {
    const prefix = app.prefix;
    const relative = (request: FastifyRequest) => {
      const path = request.url.split('?', 1)[0] ?? '';
      return path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
    };
    const answer = (fault: Fault) =>
      new MpApiError(
        fault.status ?? 500,
        fault.status === 429 ? 'Too many requests' : 'Emulated provider failure',
        fault.status === 429 ? 'too_many_requests' : 'internal_error',
        [{ code: 'emulated_fault', description: `injected by the emulator's fault control` }],
      ).body();

    // Every request is logged as it arrives; its status when the emulator answers it (also when
    // the client has already given up, which is what a timeout looks like from here).
    app.addHook('onRequest', async (request, reply) => {
      const path = relative(request);
      if (controlPath.test(path)) return;
      const header = request.headers['x-idempotency-key'];
      const entry: ServedRequest = {
        at: new Date().toISOString(),
        method: request.method,
        path,
        idempotencyKey: (Array.isArray(header) ? header[0] : header) ?? null,
        status: null,
        clientGone: false,
        fault: null,
      };
      this.entries.set(request, entry);
      this.served.push(entry);
      if (this.served.length > maxServed) this.served.splice(0, this.served.length - maxServed);
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) entry.clientGone = true;
      });
    });

    // After body parsing, before the route's own checks: a fault applies whatever the request.
    app.addHook('preHandler', async (request, reply) => {
      const entry = this.entries.get(request);
      if (!entry) return;
      const fault = this.take(request.method, entry.path);
      if (!fault) return;
      this.taken.set(request, fault);
      entry.fault = { status: fault.status, when: fault.when, delayMs: fault.delayMs };
      if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (fault.status !== null && fault.when === 'before') {
        if (fault.status === 429 && fault.retryAfterSeconds !== null)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        return reply.status(fault.status).send(answer(fault));
      }
    });

    // 'after': the request was processed; its answer is replaced.
    app.addHook('onSend', async (request, reply, payload) => {
      const fault = this.taken.get(request);
      if (fault && fault.status !== null && fault.when === 'after') {
        if (fault.status === 429 && fault.retryAfterSeconds !== null)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        reply.status(fault.status).header('content-type', 'application/json; charset=utf-8');
        payload = JSON.stringify(answer(fault));
      }
      const entry = this.entries.get(request);
      if (entry) entry.status = reply.statusCode;
      return payload;
    });
  }
}
