import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { ConfigError, loadConfig } from './config';
import { seedDemoAfterSale } from './modules/subscriptions/seed-demo-after-sale';
import { seedDemoSubscriberCharge } from './modules/subscriptions/seed-demo-subscriber-charge';

/** Process entry: parse configuration, prepare the database, listen, close gracefully. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { database, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, database });
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
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.seedDemoData && config.mercadoPago.mode === 'emulator') {
    // Once (it checks), with the server listening: the SDK reaches the in-app emulator over HTTP.
    await seedDemoSubscriberCharge(app, config.mercadoPago).catch((error: unknown) =>
      app.log.warn({ err: error }, 'demo subscriber charge not recorded'),
    );
    await seedDemoAfterSale(app, config.mercadoPago).catch((error: unknown) =>
      app.log.warn({ err: error }, 'demo subscriptions after the sale not recorded'),
    );
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
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Alcancía:', error instanceof Error ? error.message : error);
  process.exit(1);
});
