import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { prepareDatabase } from './boot';
import type { Config } from './config';
import { serveClusterMetrics } from './modules/metrics/cluster-metrics';

/** A worker that dies this many times in a row before it listens means the start itself fails. */
const maxFailedStarts = 3;
/** Workers drain for at most 10 s (server.ts); past this the primary kills what is left. */
const shutdownTimeoutMs = 15_000;

/**
 * The node:cluster primary (WEB_CONCURRENCY > 1). It serves nothing itself: it migrates and seeds
 * the database once, forks the workers (which share the port: the primary hands each new
 * connection to the next worker), replaces a worker that dies, and on SIGTERM/SIGINT asks every
 * worker to drain (each answers /api/ready with 503 and finishes its requests) and exits once all
 * of them have.
 */
export async function runPrimary(config: Config): Promise<void> {
  // Lines shaped like the workers' (pino, same pid/hostname/time fields), marked as the primary's.
  const log = pino({ level: config.logLevel }).child({ role: 'primary' });
  const { database, seeded } = await prepareDatabase(config);
  await database.close();

  // GET /metrics, answered by any worker, reports every worker (modules/metrics/cluster-metrics.ts).
  serveClusterMetrics();

  const workers = new Set<Worker>();
  const listening = new Set<Worker>();
  let failedStarts = 0;
  let ready = false;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
  };

  cluster.on('listening', (worker, address) => {
    // Outside production a worker also listens for its dev mail capture: only the app's port counts.
    if (config.port !== 0 && address.port !== config.port) return;
    listening.add(worker);
    failedStarts = 0;
    if (!ready && listening.size === config.webConcurrency) {
      ready = true;
      log.info(
        {
          url: config.publicUrl,
          processes: config.webConcurrency,
          workerPids: [...listening].map((w) => w.process.pid),
          database: 'postgresql (DATABASE_URL)',
          demoSeeded: seeded,
          mail: config.smtpUrl ? 'smtp' : `capturado en ${config.publicUrl}/dev/correo`,
        },
        'Alcancía lista',
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const hadListened = listening.delete(worker);
    workers.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (workers.size === 0) {
        log.info({ exitCode }, 'all workers stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (!hadListened && ++failedStarts >= maxFailedStarts) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'workers keep failing to start; stopping');
      exitCode = 1;
      stop('failed starts');
      return;
    }
    log.warn({ workerPid: worker.process.pid, code, signal }, 'worker died; starting another');
    if (hadListened) fork();
    // A worker that could not start (database down?) is retried after a pause, not in a tight loop.
    else setTimeout(() => !stopping && fork(), 1000).unref();
  });

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: workers.size }, 'stopping every worker');
    if (workers.size === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.webConcurrency; i++) fork();
}
