import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { readQueueCounts } from '../jobs/job-counts';
import { processRegistry } from './process-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer token check in constant time: both sides are hashed to the same length first. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(given), expected);
}

const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const requestMetric = 'alcancia_http_request_duration_seconds';

interface RequestSeries {
  labels: string;
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

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/**
 * The request histogram, kept by hand: prom-client's Histogram validates and hashes the label
 * object on every observation (about 0.8 µs); this costs one map lookup and a few additions per
 * request, and is written in the same exposition format at scrape time.
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
        labels: `method="${methodLabel}",route="${escapeLabel(pattern)}",status_code="${status}"`,
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

  render(): string {
    const lines = [
      `# HELP ${requestMetric} HTTP responses by method, route pattern and status code, with their duration`,
      `# TYPE ${requestMetric} histogram`,
    ];
    for (const { labels, counts, sum, count } of [...this.series.values()].flatMap((m) => [...m.values()])) {
      let cumulative = 0;
      requestBuckets.forEach((bound, i) => {
        cumulative += counts[i] as number;
        lines.push(`${requestMetric}_bucket{le="${bound}",${labels}} ${cumulative}`);
      });
      lines.push(`${requestMetric}_bucket{le="+Inf",${labels}} ${count}`);
      lines.push(`${requestMetric}_sum{${labels}} ${sum}`);
      lines.push(`${requestMetric}_count{${labels}} ${count}`);
    }
    return `${lines.join('\n')}\n`;
  }
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
  const pool = new Gauge({
    name: 'alcancia_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const mailPending = new Gauge({
    name: 'alcancia_mail_outbox_pending',
    help: 'Mails waiting in the outbox to be sent (or retried)',
    registers: [registry],
  });
  const mailFailed = new Gauge({
    name: 'alcancia_mail_outbox_failed',
    help: 'Mails given up after two days of retries: someone has to look (the outbox keeps them)',
    registers: [registry],
  });
  const refunds = new Gauge({
    name: 'alcancia_refunds',
    help: 'Refunds still being retried (pending) and given up (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const jobQueue = new Gauge({
    name: 'alcancia_job_queue_jobs',
    help: 'Jobs in each background queue by state (ready, deferred: a retry in its backoff or a later job, active, failed), as pg-boss last counted them',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const merged = Registry.merge([processRegistry, registry]);

  // The route pattern, never the raw URL (ids and query strings would explode the label set).
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const pgPool =
    app.database.driver === 'pg' ? (app.database.db as unknown as { $client: pg.Pool }).$client : null;

  async function refreshGauges() {
    if (pgPool) {
      pool.set({ state: 'total' }, pgPool.totalCount);
      pool.set({ state: 'idle' }, pgPool.idleCount);
      pool.set({ state: 'waiting' }, pgPool.waitingCount);
    }
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

  const expected = config.metricsToken ? digest(config.metricsToken) : null;
  app.get(
    '/metrics',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!expected) throw AppError.notFound('El recurso solicitado no existe.');
      if (!bearerMatches(request.headers.authorization, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHORIZED', 401, 'Falta el token de métricas o no es válido.');
      }
      try {
        await refreshGauges();
      } catch (error) {
        // The runtime and request metrics still matter most when the database is down.
        request.log.warn({ err: error }, 'metrics: database gauges not refreshed');
      }
      return reply.type(merged.contentType).send((await merged.metrics()) + requests.render());
    },
  );
}
