import type { EventEmitter } from 'node:events';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * Where the API logs in production: standard output through pino's asynchronous destination
 * (sonic-boom). A log call appends to a buffer and returns; the buffer goes out in one write
 * while the previous write is still in flight, so under load many lines leave in one system
 * call and the event loop never waits on a slow pipe. `minLength: 1` writes as soon as there is
 * anything to write (a line never sits in the buffer on a quiet server), and unlike 0 it keeps
 * `logger.flush(callback)` meaningful: with 0, sonic-boom calls the callback at once without
 * waiting for what is in flight.
 *
 * What is still in the buffer when the process exits is written synchronously by pino's own exit
 * handler; `flushLogs` is the orderly way, before a graceful or a fatal exit.
 */
export function logDestination(dest: number | string = 1) {
  return pino.destination({ dest, sync: false, minLength: 1 });
}

const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const writes = (logger: FastifyBaseLogger, level: number) => (levelValues[logger.level] ?? 100) <= level;

/**
 * The access log: one line per request, when its response is finished, instead of Fastify's two
 * ("incoming request", "request completed"). It holds the method, the route's pattern (never the
 * raw URL: paths carry ids and query strings carry codes, signatures and tokens), the status, the
 * duration in ms, the request id and, when the request carried a valid access token, the user's
 * id; no header, no query, no body. Written at `info` (`error`, with the error, when the response
 * failed), through the app's logger with the request id as a field: building the request's child
 * logger for this line would cost more than the line (lib/lazy-request-logger.ts). Those fields
 * cannot hold a secret, so the line skips the redaction, which made it about 2.5 times as
 * expensive (its wildcard paths run on every field); a failed response's line, which carries the
 * error, keeps it. A route's own `logLevel` still decides (health checks and metrics scrapes log
 * at `warn`, so only failures). Every other line Fastify writes (errors, 404s, closing) is
 * unchanged.
 */
export class AccessLogController extends LogController {
  readonly #accessLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!writes(reply.log, error ? 50 : 30)) return;
    const line = accessLine(request, reply);
    if (error) request.server.log.error({ ...line, err: error }, 'request errored');
    else this.accessLogger(request.server.log).info(line, 'request completed');
  }

  /** The app's logger without redaction (same level, destination and base fields), made once. */
  private accessLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
    let access = this.#accessLoggers.get(logger);
    if (!access) {
      access = logger.child({}, { redact: [] });
      this.#accessLoggers.set(logger, access);
    }
    return access;
  }
}

/** The fields of a request's access-log line. */
export function accessLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    reqId: request.id,
    method: request.method,
    // the pattern of the matched route; the not-found handler (SPA fallback, unknown /api paths) has none
    route: request.routeOptions.url ?? '(not found)',
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 100) / 100,
    userId: request.authUserId,
  };
}

type Flushable = EventEmitter & { flushSync(): void };

function destinationOf(logger: FastifyBaseLogger): Flushable | undefined {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  return stream && typeof (stream as Flushable).flushSync === 'function' ? (stream as Flushable) : undefined;
}

/**
 * Resolves once every line logged so far has been written (or after `timeoutMs`, so a stuck
 * log reader never holds a shutdown). A logger without an asynchronous destination (tests,
 * `logger: false`) resolves at once.
 */
export function flushLogs(logger: FastifyBaseLogger, timeoutMs = 2_000): Promise<void> {
  const destination = destinationOf(logger);
  const flush = (logger as { flush?: (callback: (error?: Error) => void) => void }).flush;
  if (!destination || typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    // The callback may carry an error (fsync of a pipe is refused): the lines were written anyway.
    flush.call(logger, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Flushes the log, then exits: the end of a graceful shutdown and of every fatal exit. */
export async function exitAfterFlush(logger: FastifyBaseLogger, code: number): Promise<never> {
  await flushLogs(logger);
  process.exit(code);
}

/**
 * A crash (an exception or a rejection nobody handled) is logged at `fatal` with what was
 * buffered before it, then the process exits with 1, as Node's default would.
 */
export function exitOnFatalErrors(logger: FastifyBaseLogger): void {
  const fatal = (error: unknown, origin: string) => {
    process.exitCode = 1;
    logger.fatal({ err: error, origin }, 'fatal error, exiting');
    void exitAfterFlush(logger, 1);
  };
  process.once('uncaughtException', (error, origin) => fatal(error, origin));
  process.once('unhandledRejection', (reason) => fatal(reason, 'unhandledRejection'));
}
