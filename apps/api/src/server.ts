import cluster from 'node:cluster';
import { buildApp } from './app';
import { openConfiguredDatabase, prepareDatabase } from './boot';
import { runPrimary } from './cluster-primary';
import { type Config, ConfigError, loadConfig } from './config';
import { startLocks, withAdvisoryLock } from './db/advisory-lock';
import { exitAfterFlush, exitOnFatalErrors } from './lib/logging';
import { seedDemoAfterSale } from './modules/subscriptions/seed-demo-after-sale';
import { seedDemoSubscriberCharge } from './modules/subscriptions/seed-demo-subscriber-charge';

/**
 * Process entry: parse configuration, then either serve in this process (WEB_CONCURRENCY=1, the
 * default outside production) or, with more, be the node:cluster primary that prepares the
 * database once and supervises that many workers (cluster-primary.ts), each of which runs `serve`.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config);
  await serve(config);
}

/** The demo charges the Mercado Pago emulator: in-app, or one at MERCADOPAGO_BASE_URL (never the real API). */
const paymentsAreEmulated = (config: Config) =>
  !config.isProduction &&
  config.mercadoPago.mode !== 'disabled' &&
  !config.mercadoPago.baseUrl.startsWith('https://api.mercadopago.com');

/** One API process: prepare (or, as a worker, just open) the database, listen, close gracefully. */
async function serve(config: Config) {
  const worker = cluster.isWorker;
  // A worker's primary has migrated and seeded already.
  const { database, seeded } = worker
    ? { database: openConfiguredDatabase(config), seeded: false }
    : await prepareDatabase(config);
  const app = await buildApp({ config, database });
  // A crash is logged at fatal, and every line logged before it written out, before the exit.
  exitOnFatalErrors(app.log);
  app.server.keepAliveTimeout = 72_000;
  app.server.headersTimeout = 75_000;
  app.server.requestTimeout = 30_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /api/ready answers 503 from now on; /api/health stays alive while requests in flight finish.
    app.draining = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      void exitAfterFlush(app.log, 1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      // The asynchronous log's last lines are written before the process ends (lib/logging.ts).
      await exitAfterFlush(app.log, 0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      await exitAfterFlush(app.log, 1);
    }
  };
  // `on`, not `once`: a second signal (Ctrl+C reaches the primary and every worker) must not end the drain.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A worker whose primary is gone receives no more connections: drain and leave.
  if (worker) process.once('disconnect', () => void shutdown('primary gone'));

  await app.listen({ port: config.port, host: config.host });
  if (config.seedDemoData && paymentsAreEmulated(config)) {
    // With the server listening (the SDK reaches an in-app emulator over HTTP), once across every
    // process: the others wait for the lock, then find the demo orders there and do nothing.
    await withAdvisoryLock(database, startLocks.demoAfterListen, async () => {
      await seedDemoSubscriberCharge(app, config.mercadoPago).catch((error: unknown) =>
        app.log.warn({ err: error }, 'demo subscriber charge not recorded'),
      );
      await seedDemoAfterSale(app, config.mercadoPago).catch((error: unknown) =>
        app.log.warn({ err: error }, 'demo subscriptions after the sale not recorded'),
      );
    }).catch((error: unknown) => app.log.warn({ err: error }, 'demo charges not recorded'));
  }
  if (worker) {
    app.log.info({ worker: cluster.worker?.id }, 'worker listening');
    return;
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: database.driver === 'pg' ? 'postgresql (DATABASE_URL)' : `pglite (${config.dataDir})`,
      demoSeeded: seeded,
      mail: config.smtpUrl ? 'smtp' : `capturado en ${config.publicUrl}/dev/correo`,
    },
    'Alcancía lista',
  );
  if (config.webConcurrencyNote) app.log.warn(config.webConcurrencyNote);
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Alcancía:', error instanceof Error ? error.message : error);
  process.exit(1);
});
