import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set (rate limits; readiness pings it). */
    redis: Redis | null;
  }
  interface FastifyContextConfig {
    /** Budgets counted over every client address: one e-mail or account, wherever it is tried from. */
    sharedLimits?: SharedLimit[];
  }
}

/**
 * A budget counted over every client address (issue 40): attempts on one e-mail or account from
 * any number of addresses. Routes naming the same counter share one budget.
 */
export interface SharedLimit {
  name: string;
  max: number;
  minutes: number;
  /** whom the request counts against (an e-mail, an account, an address); null: not counted */
  key(request: FastifyRequest): string | null;
}

const tooMany = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    429,
    'Hiciste demasiados intentos. Esperá unos minutos y volvé a intentarlo.',
  );

/** How long a rate-limit count (or the readiness PING) waits for Redis before going without it. */
const redisCommandTimeoutMs = 500;

/**
 * Counters live in Redis when REDIS_URL is set (shared by every API process), in memory
 * otherwise. Nothing is limited globally; credential and code routes opt in with `credentialLimit`.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
        // A Redis that stops answering without closing the connection (a frozen process, a network
        // dropping packets) would hold every limited request for ever: give up and fail open.
        commandTimeout: redisCommandTimeoutMs,
        connectTimeout: 2000,
      })
    : undefined;
  if (redis) {
    // Redis down: limits fail open (skipOnError) and the product keeps serving; say so once per
    // outage instead of letting ioredis print an unhandled error on every reconnect attempt.
    let down = false;
    redis.on('error', (error: Error) => {
      if (down) return;
      down = true;
      app.log.warn({ err: error }, 'redis unreachable: rate limits are not enforced until it is back');
    });
    redis.on('ready', () => {
      if (down) app.log.info('redis reachable again: rate limits enforced');
      down = false;
    });
    app.addHook('onClose', async () => void redis.disconnect());
  }
  if (!redis && config.rateLimitEnabled && config.isProduction) {
    app.log.warn(
      'REDIS_URL is unset: rate limits are counted per process and reset on restart (README, Configuration)',
    );
  }
  app.decorate('redis', redis ?? null);
  await app.register(rateLimit, {
    global: false,
    // after body parsing, so the key can include the e-mail the request is about
    hook: 'preHandler',
    redis,
    nameSpace: 'alcancia-rl:',
    skipOnError: true,
    enableDraftSpec: false,
    errorResponseBuilder: () => tooMany(),
  });

  // Each credential and code route counts per address and e-mail (or account), so people behind
  // one NAT keep their own budgets. One address also has a ceiling over all of them together: it
  // may not spray a password over many e-mails, or guess codes from many fresh accounts.
  const perAddress = app.createRateLimit({
    max: config.rateLimitAddressMax,
    timeWindow: 15 * 60_000,
    keyGenerator: (request: FastifyRequest) => `address:${request.ip}`,
  });
  // Shared budgets: one limiter per counter name (in memory each limiter keeps its own counts;
  // in Redis the key carries the name), keyed by what the route's `key` returned.
  const sharedKey = new WeakMap<FastifyRequest, string>();
  const sharedLimiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiterFor = (limit: SharedLimit) => {
    let limiter = sharedLimiters.get(limit.name);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.minutes * 60_000,
        keyGenerator: (request: FastifyRequest) => sharedKey.get(request) ?? '',
      });
      sharedLimiters.set(limit.name, limiter);
    }
    return limiter;
  };
  app.addHook('onRoute', (route) => {
    const config = route.config as { rateLimit?: RateLimitOptions; sharedLimits?: SharedLimit[] } | undefined;
    const limit = config?.rateLimit;
    const shared = config?.sharedLimits ?? [];
    if (!limit && shared.length === 0) return;
    const exempt = typeof limit?.allowList === 'function' ? limit.allowList : null;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [
      async (request: FastifyRequest) => {
        if (limit) {
          // what the route itself does not count (a preview without a promo code) does not count here
          if (exempt && (await exempt(request, ''))) return;
          const verdict = await perAddress(request);
          if (!verdict.isAllowed && verdict.isExceeded) throw tooMany();
        }
        for (const budget of shared) {
          const key = budget.key(request);
          if (key === null) continue;
          sharedKey.set(request, `${budget.name}:${key}`);
          const verdict = await limiterFor(budget)(request);
          if (!verdict.isAllowed && verdict.isExceeded) throw tooMany();
        }
      },
      ...own,
    ];
  });
}

/** The e-mail a credential request is about, so one attacker cannot lock out everyone behind a NAT. */
function subjectOf(request: FastifyRequest): string {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const fromQuery = (request.query as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : '';
  return email.trim().toLowerCase();
}

/**
 * Route config for a credential or code endpoint: `max` attempts per `minutes` for one client
 * address and e-mail; with `perEmail`, also that many for the e-mail from all addresses together
 * (an attacker with many addresses gets no more tries on one account). Disabled by
 * RATE_LIMIT_ENABLED=false (load tests only).
 */
export function credentialLimit(
  config: Config,
  name: string,
  max: number,
  minutes: number,
  options: { perEmail?: number } = {},
): { rateLimit?: RateLimitOptions; sharedLimits?: SharedLimit[] } {
  if (!config.rateLimitEnabled) return {};
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}:${subjectOf(request)}`,
    },
    ...(options.perEmail
      ? {
          sharedLimits: [
            {
              name: `${name}:any-address`,
              max: options.perEmail,
              minutes,
              key: (request: FastifyRequest) => subjectOf(request) || null,
            },
          ],
        }
      : {}),
  };
}
