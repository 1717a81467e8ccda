import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by server.ts on SIGTERM/SIGINT before the server closes: readiness answers 503 from then
     * on, so a load balancer stops sending new requests while those in flight finish.
     */
    draining: boolean;
  }
}

const checkTimeoutMs = 2000;

const checkState = z.enum(['ok', 'failing', 'disabled']);
const checksSchema = z.object({
  database: checkState,
  redis: checkState.describe('disabled sin REDIS_URL'),
  storage: checkState,
});
export const readySchema = z.object({ status: z.literal('ready'), checks: checksSchema });
export const notReadySchema = z.object({
  internalCode: z.literal('SERVICE_UNAVAILABLE'),
  message: z.string(),
  checks: checksSchema,
});

type CheckState = z.infer<typeof checkState>;

async function probe(app: FastifyInstance, name: string, check: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), checkTimeoutMs);
      }),
    ]);
    return 'ok';
  } catch (error) {
    app.log.warn({ check: name, err: error }, 'readiness check failing');
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready — ready when this process can serve: the database answers, Redis answers PING
 * (when REDIS_URL is set) and the file storage is reachable; not ready otherwise and while
 * draining (the route answers 503). Load balancers route by this; /api/health only says the
 * process is alive.
 */
export async function checkReadiness(
  app: FastifyInstance,
): Promise<
  { ready: true; body: z.infer<typeof readySchema> } | { ready: false; body: z.infer<typeof notReadySchema> }
> {
  const redis = app.redis;
  const [database, redisState, storage] = await Promise.all([
    probe(app, 'database', () => app.database.ping()),
    redis ? probe(app, 'redis', () => redis.ping()) : Promise.resolve('disabled' as const),
    probe(app, 'storage', () => app.fileStorage.ping()),
  ]);
  const checks = { database, redis: redisState, storage };
  if (app.draining || Object.values(checks).includes('failing')) {
    return {
      ready: false,
      body: {
        internalCode: 'SERVICE_UNAVAILABLE' as const,
        message: app.draining
          ? 'El servicio se está deteniendo. Intentá nuevamente en unos segundos.'
          : 'El servicio no está disponible por el momento. Intentá nuevamente en unos minutos.',
        checks,
      },
    };
  }
  return { ready: true, body: { status: 'ready' as const, checks } };
}
