import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { AggregatorRegistry, Gauge, type Metric, Registry } from 'prom-client';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { allCacheCounts } from '../../lib/cache-stats';
import { processRegistry } from '../../lib/process-metrics';
import { readQueueCounts } from '../jobs/job-counts';
import { askPrimaryForClusterMetrics } from './cluster-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer token check in constant time: both sides are hashed to the same length first. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(given), expected);
}

const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const requestMetric = 'alcancia_http_request_duration_seconds';

interface RequestSeries {
  labels: { method: string; route: string; status_code: number };
  /** per bucket, not cumulative; the last slot counts what exceeds every bound */
  counts: number[];
  sum: number;
  count: number;
}

const methodIndexes: Record<string, number> = {
  GET: 0,
  HEAD: 1,
  POST: 2,
  PUT: 3,
  PATCH: 4,
  DELETE: 5,
  OPTIONS: 6,
};
const otherMethod = 7;

/**
 * The request histogram, kept by hand: prom-client's Histogram validates and hashes the label
 * object on every observation (about 0.8 µs); this costs one map lookup and a few additions per
 * request, and hands prom-client the same samples at scrape time.
 */
class RequestHistogram {
  /** by route pattern (the same string object every time: its hash is cached), then status and method */
  private readonly series = new Map<string, Map<number, RequestSeries>>();

  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    const pattern = route ?? 'unmatched';
    let byRoute = this.series.get(pattern);
    if (!byRoute) {
      byRoute = new Map();
      this.series.set(pattern, byRoute);
    }
    const methodIndex = methodIndexes[method] ?? otherMethod;
    const key = status * 8 + methodIndex;
    let series = byRoute.get(key);
    if (!series) {
      const methodLabel = methodIndex === otherMethod ? 'OTHER' : method;
      series = {
        labels: { method: methodLabel, route: pattern, status_code: status },
        counts: new Array(requestBuckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byRoute.set(key, series);
    }
    let i = 0;
    while (i < requestBuckets.length && seconds > (requestBuckets[i] as number)) i++;
    series.counts[i] = (series.counts[i] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The samples in prom-client's JSON shape, so a node:cluster primary can sum the workers'. */
  values(): Array<{ metricName: string; labels: Record<string, string | number>; value: number }> {
    const out: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const byRoute of this.series.values()) {
      for (const { labels, counts, sum, count } of byRoute.values()) {
        let cumulative = 0;
        requestBuckets.forEach((bound, i) => {
          cumulative += counts[i] as number;
          out.push({
            metricName: `${requestMetric}_bucket`,
            labels: { ...labels, le: bound },
            value: cumulative,
          });
        });
        out.push({ metricName: `${requestMetric}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
        out.push({ metricName: `${requestMetric}_sum`, labels, value: sum });
        out.push({ metricName: `${requestMetric}_count`, labels, value: count });
      }
    }
    return out;
  }

  /** A metric a prom-client registry can hold (its `get` is what registries and primaries read). */
  asMetric(): Metric {
    const help = 'HTTP responses by method, route pattern and status code, with their duration';
    const read = () => ({
      name: requestMetric,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: this.values(),
    });
    return {
      name: requestMetric,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => read(),
    } as unknown as Metric;
  }
}

const cacheMetricName = 'alcancia_cache_requests_total';

/** The in-process caches' hits and misses (lib/cache-stats.ts), summed over workers by a primary. */
function cacheMetric(): Metric {
  const help =
    'Lookups in the in-process caches (catalogue pages, course structures, search results, plans, viewer facts, progress) by result: hit ratio = hit / (hit + miss)';
  const read = () => ({
    name: cacheMetricName,
    help,
    type: 'counter',
    aggregator: 'sum',
    values: allCacheCounts().flatMap(([cache, { hits, misses }]) => [
      { labels: { cache, result: 'hit' }, value: hits },
      { labels: { cache, result: 'miss' }, value: misses },
    ]),
  });
  return {
    name: cacheMetricName,
    help,
    type: 'counter',
    aggregator: 'sum',
    get: async () => read(),
  } as unknown as Metric;
}

/**
 * Prometheus metrics of this app: one histogram of every response (its `_count` is the request
 * count) by method, route pattern and status; database pool usage (PostgreSQL server only); mail
 * and refund backlogs and the job queues' depth read at scrape time; plus the process registry
 * (Node runtime, payments, webhooks, job runs). GET /metrics answers them to a bearer of
 * METRICS_TOKEN, and 404 when it is unset.
 */
export async function registerMetrics(app: FastifyInstance, config: Config): Promise<void> {
  const registry = new Registry();
  const requests = new RequestHistogram();
  registry.registerMetric(requests.asMetric());
  registry.registerMetric(cacheMetric());

  const pgPool =
    app.database.driver === 'pg' ? (app.database.db as unknown as { $client: pg.Pool }).$client : null;
  // The backlogs are the database's, the same for every process: a primary keeps one value (max),
  // where per-process figures (pool, requests, runtime) are summed.
  new Gauge({
    name: 'alcancia_db_pool_connections',
    help: 'PostgreSQL pool connections of the serving processes: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pgPool) return;
      this.set({ state: 'total' }, pgPool.totalCount);
      this.set({ state: 'idle' }, pgPool.idleCount);
      this.set({ state: 'waiting' }, pgPool.waitingCount);
    },
  });
  const mailPending = new Gauge({
    name: 'alcancia_mail_outbox_pending',
    help: 'Mails waiting in the outbox to be sent (or retried)',
    registers: [registry],
    aggregator: 'max',
    collect: () => refreshBacklogs(),
  });
  const mailFailed = new Gauge({
    name: 'alcancia_mail_outbox_failed',
    help: 'Mails given up after two days of retries: someone has to look (the outbox keeps them)',
    registers: [registry],
    aggregator: 'max',
    collect: () => refreshBacklogs(),
  });
  const refunds = new Gauge({
    name: 'alcancia_refunds',
    help: 'Refunds still being retried (pending) and given up (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    aggregator: 'max',
    collect: () => refreshBacklogs(),
  });
  const jobQueue = new Gauge({
    name: 'alcancia_job_queue_jobs',
    help: 'Jobs in each background queue by state (ready, deferred: a retry in its backoff or a later job, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    aggregator: 'max',
    collect: () => refreshBacklogs(),
  });
  const merged = Registry.merge([processRegistry, registry]);

  // The route pattern, never the raw URL (ids and query strings would explode the label set).
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  /** One read of the database's backlogs per scrape, however many gauges ask for it. */
  let backlogs: Promise<void> | null = null;
  function refreshBacklogs(): Promise<void> {
    backlogs ??= readBacklogs()
      .catch((error: unknown) => {
        // The runtime and request metrics still matter most when the database is down.
        app.log.warn({ err: error }, 'metrics: database gauges not refreshed');
      })
      .finally(() => {
        backlogs = null;
      });
    return backlogs;
  }
  async function readBacklogs() {
    const result = await app.db.execute<{
      mail: number;
      mailFailed: number;
      pending: number;
      failed: number;
    }>(sql`
      select
        (select count(*) from mail_outbox where status = 'pending')::int as mail,
        (select count(*) from mail_outbox where status = 'failed')::int as "mailFailed",
        (select count(*) from payment_refunds where status = 'PENDING')::int as pending,
        (select count(*) from payment_refunds where status = 'FAILED')::int as failed`);
    const row = result.rows[0];
    if (row) {
      mailPending.set(row.mail);
      mailFailed.set(row.mailFailed);
      refunds.set({ status: 'pending' }, row.pending);
      refunds.set({ status: 'failed' }, row.failed);
    }
    for (const { queue, ...states } of await readQueueCounts(app.jobs)) {
      for (const [state, count] of Object.entries(states)) jobQueue.set({ queue, state }, count);
    }
  }

  // Under node:cluster each scrape reaches one worker; the primary asks every worker for its
  // samples (prom-client's AggregatorRegistry, over the cluster's IPC channel) and sums them, so
  // Prometheus sees the deployment, not whichever worker took the connection (cluster-metrics.ts).
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([processRegistry, registry]);
    new AggregatorRegistry();
  }

  const expected = config.metricsToken ? digest(config.metricsToken) : null;
  app.get(
    '/metrics',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request: FastifyRequest<{ Querystring: { scope?: string } }>, reply: FastifyReply) => {
      if (!expected) throw AppError.notFound('El recurso solicitado no existe.');
      if (!bearerMatches(request.headers.authorization, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHORIZED', 401, 'Falta el token de métricas o no es válido.');
      }
      reply.type(merged.contentType);
      // ?scope=process: only the process that answered (the soak samples each worker this way).
      if (cluster.isWorker && request.query.scope !== 'process') {
        const text = await askPrimaryForClusterMetrics().catch((error: unknown) => {
          request.log.error({ err: error }, 'metrics: the cluster primary did not answer');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            503,
            'Las métricas del conjunto de procesos no están disponibles ahora.',
          );
        });
        return reply.send(text);
      }
      return reply.send(await merged.metrics());
    },
  );
}
