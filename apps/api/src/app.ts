import { createHmac, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerJobs } from './background-jobs';
import { listenForChanges } from './change-listener';
import type { Config } from './config';
import type { Database, DbHandle } from './db/client';
import { defaultWebDistDir } from './db/paths';
import { trackInFlightHandlers } from './lib/in-flight';
import { lazyRequestLogger } from './lib/lazy-request-logger';
import { AccessLogController, flushLogs, logDestination } from './lib/logging';
import { nameRequestSpans } from './lib/trace-names';
import { getFileUrlRoute } from './modules/academy/get-file-url';
import { offlineProgressHerData } from './modules/academy/offline-progress-her-data';
import { academyModule } from './modules/academy/routes';
import { registerHerDataPart } from './modules/account/her-data-parts';
import { accountModule } from './modules/account/routes';
import { adminModule } from './modules/admin/routes';
import { aladinaHerData } from './modules/aladina/her-data';
import { aladinaModule } from './modules/aladina/routes';
import { appHandoffRoutes } from './modules/auth/app-handoff';
import { authModule } from './modules/auth/routes';
import { bootstrapModule } from './modules/bootstrap/routes';
import { certificatesModule } from './modules/certificates/routes';
import { communityModule } from './modules/community/routes';
import { devModule, mailboxPageRoute } from './modules/dev/routes';
import { serveMediaRoutes, signedFilesModule } from './modules/files/routes';
import { guestMembershipsModule } from './modules/guest-memberships/routes';
import { healthModule } from './modules/health/routes';
import { registerInvoicing } from './modules/invoices/register-invoicing';
import type { JobQueueSettings } from './modules/jobs/job-queue';
import { registerMetrics } from './modules/metrics/metrics';
import { newsHerData } from './modules/news/her-data';
import { newsModule } from './modules/news/routes';
import { accountPaymentsModule } from './modules/payments/account-routes';
import { fiscalDocumentPdfRoute } from './modules/payments/get-fiscal-document-pdf';
import { getPaymentAttemptsRoute } from './modules/payments/payment-attempts';
import { PaymentRouter } from './modules/payments/payment-routing';
import { RefundRetrier } from './modules/payments/refund-retrier';
import { paymentsModule } from './modules/payments/routes';
import { pfmHerData } from './modules/pfm/her-data';
import { pfmModule } from './modules/pfm/routes';
import { programsModule } from './modules/programs/routes';
import { remindersHerData } from './modules/reminders/export-reminders';
import { registerReminders } from './modules/reminders/reminders-service';
import { remindersModule } from './modules/reminders/routes';
import { remoteConfigModule } from './modules/remote-config/routes';
import { serviceControlModule } from './modules/service-control/routes';
import { publicCatalogModule } from './modules/shop-window/routes';
import { registerWebApp } from './modules/shop-window/web-app';
import { guestCancellationRoutes } from './modules/subscriptions/confirm-guest-cancellation';
import { subscriptionsModule } from './modules/subscriptions/routes';
import { SubscriptionWatcher } from './modules/subscriptions/subscription-watcher';
import { withdrawalsModule } from './modules/withdrawals/routes';
import { registerApiDocs } from './plugins/api-docs';
import { registerAuthentication, resolveJwtSecret } from './plugins/authentication';
import { registerBadInputGuards } from './plugins/bad-input';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { mountLanguageModelStandIn } from './providers/answer-composer/answer-composer';
import {
  createExchangeRates,
  mountExchangeRatesStandIn,
} from './providers/exchange-rates/create-exchange-rates';
import { mountArcaStandIn } from './providers/invoicing/create-invoicing';
import { createMailService, type MailService } from './providers/mail/mail-service';
import { createSocialLogin, type SocialLogin } from './providers/oauth/social-login-service';
import {
  createHostedCheckoutGateway,
  createPaymentGateway,
  mountHostedCheckoutStandIn,
  mountMercadoPagoEmulator,
} from './providers/payments/create-payment-gateway';
import { createFileStorage } from './providers/storage/file-storage';
import { mountWhatsAppStandIn } from './providers/whatsapp/whatsapp-client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    db: Database;
    mail: MailService;
    socialLogin: SocialLogin;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DbHandle;
  /** pino options override, e.g. `false` in tests; by default `loggerOptions` to stdout, asynchronously */
  logger?: boolean | object;
  /** job queue settings (tests shorten pg-boss's intervals or leave schedules out) */
  jobs?: JobQueueSettings;
}

/** Logs never carry credentials, tokens or card data. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.mfaToken',
  '*.accessToken',
  '*.cardToken',
  '*.cardTokenId',
];

/**
 * A request as its log lines show it. The path only: query strings carry secrets (the codes of
 * login and password links, file URL signatures, OAuth codes), and logs must not.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger as production runs it: level, redaction of credentials, path-only request lines. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: redactPaths, censor: '[oculto]' },
    serializers: { req: serializeRequest },
  };
}

/** Builds the HTTP app: cross-cutting plugins first, then the modules, explicitly. */
export async function buildApp({
  config,
  database,
  logger,
  jobs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config.logLevel), stream: logDestination() },
    // One access-log line per request instead of Fastify's two (lib/logging.ts).
    logController: new AccessLogController(),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    childLoggerFactory: lazyRequestLogger,
    // Only the proxies named in TRUST_PROXY may set the client address (rate-limit keys use it).
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Addresses Fastify cannot parse (a bad percent-encoding) answer in our error form, in Spanish.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .send({ internalCode: 'BAD_REQUEST', message: 'La dirección pedida no es válida.' });
    },
    // Production drains requests in flight on shutdown (server.ts bounds it at 10 s). Elsewhere the
    // in-app payment stand-ins call this same server (webhooks, SDK calls), and a test closing the
    // app while one of those loops is mid-flight must not wait for it: close every connection.
    forceCloseConnections: config.isProduction ? 'idle' : true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: a graceful stop waits for the handlers still running (lib/in-flight.ts),
  // within the 10 s that server.ts gives the whole stop.
  trackInFlightHandlers(app, { waitOnClose: config.isProduction, maxWaitMs: 8_000 });
  // With OpenTelemetry on (src/telemetry.ts), request spans carry the route pattern.
  nameRequestSpans(app);
  // A callback hook: no promise per request on the hot paths.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Registered first, so it runs after the other onClose hooks (and their last lines).
  app.addHook('onClose', async () => {
    await flushLogs(app.log);
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('draining', false);
  app.decorate('db', database.db);
  const onConnectionError = (error: Error) =>
    app.log.warn({ err: error }, 'a database connection was dropped; the pool opens another');
  database.notifications?.on('connection-error', onConnectionError);
  app.addHook('onClose', async () => {
    database.notifications?.off('connection-error', onConnectionError);
  });
  const mail = await createMailService(config, database.db, app.log);
  app.decorate('mail', mail);
  app.addHook('onClose', async () => {
    await mail.close();
  });

  const socialLogin = await createSocialLogin(config);
  app.decorate('socialLogin', socialLogin);
  app.addHook('onClose', async () => {
    await socialLogin.close();
  });

  app.decorate('paymentGateway', createPaymentGateway(config));
  app.decorate('paymentRouter', new PaymentRouter());
  app.decorate('hostedCheckout', createHostedCheckoutGateway(config));
  app.decorate('exchangeRates', createExchangeRates(config, app.log));
  const refundRetrier = new RefundRetrier(app);
  app.decorate('refundRetrier', refundRetrier);
  app.addHook('onClose', async () => {
    await refundRetrier.close();
  });
  const subscriptionWatcher = new SubscriptionWatcher(app);
  app.decorate('subscriptionWatcher', subscriptionWatcher);
  app.addHook('onClose', async () => {
    await subscriptionWatcher.close();
  });
  registerInvoicing(app, config);
  registerReminders(app, config);
  // After the use-cases its jobs run: it stops (waiting for jobs in flight) before they close.
  registerJobs(app, jobs);

  registerErrorHandler(app);
  registerBadInputGuards(app);
  // Before every route: it adds itself as each route's last onSend hook.
  registerCompression(app);
  await registerSecurity(app, config);
  await app.register(cookie, {
    secret: createHmac('sha256', resolveJwtSecret(config)).update('cookies').digest('hex'),
  });
  registerAuthentication(app, config);
  app.decorate('fileStorage', await createFileStorage(config, resolveJwtSecret(config)));
  await registerRateLimit(app, config);
  await registerMetrics(app, config);
  await registerApiDocs(app, config);

  await app.register(
    async (api) => {
      await api.register(healthModule);
      await api.register(authModule, { prefix: '/users' });
      await api.register(appHandoffRoutes, { prefix: '/users' }); // the app opens the web signed in (issue 44)
      await api.register(accountModule, { prefix: '/users' });
      await api.register(serviceControlModule, { prefix: '/service-control' });
      listenForChanges(api); // caches and sessions hear what other processes change
      await api.register(academyModule, { prefix: '/academy' });
      await api.register(publicCatalogModule, { prefix: '/academy' }); // GET /api/academy/public/*
      await api.register(getFileUrlRoute, { prefix: '/academy' }); // GET /api/academy/file-url/*
      await api.register(signedFilesModule, { prefix: '/files' });
      await api.register(certificatesModule);
      await api.register(remoteConfigModule, { prefix: '/remote-config' });
      await api.register(communityModule, { prefix: '/community' });
      await api.register(newsModule, { prefix: '/news' }); // Novedades, her home (issue 44)
      await api.register(subscriptionsModule, { prefix: '/users' });
      await api.register(guestMembershipsModule, { prefix: '/users' });
      await api.register(paymentsModule, { prefix: '/payments' });
      await api.register(getPaymentAttemptsRoute, { prefix: '/users' });
      await api.register(programsModule);
      await api.register(accountPaymentsModule, { prefix: '/users' });
      await api.register(bootstrapModule, { prefix: '/users' });
      await api.register(fiscalDocumentPdfRoute, { prefix: '/users' });
      await api.register(withdrawalsModule);
      await api.register(pfmModule, { prefix: '/pfm' }); // Mis Cuentas (issue 43)
      await api.register(aladinaModule, { prefix: '/aladina' }); // Aladina: questions, her class notes (issue 42)
      await api.register(remindersModule); // /api/users/me/reminders*, /api/reminders/whatsapp/webhook
      await api.register(guestCancellationRoutes);
      await api.register(adminModule, { prefix: '/admin' });
      if (config.devToolsEnabled) await api.register(devModule, { prefix: '/dev' });
    },
    { prefix: '/api' },
  );
  if (config.devToolsEnabled) await app.register(mailboxPageRoute);
  await mountLanguageModelStandIn(app, config);
  registerHerDataPart(aladinaHerData); // her notes and questions: export and erasure (decision 0323)
  registerHerDataPart(remindersHerData); // her reminder settings, consents, browsers, sends
  registerHerDataPart(pfmHerData); // Mis Cuentas: her accounts, cards, movements (issue 43)
  registerHerDataPart(offlineProgressHerData); // progress sent from kept classes (issue 44)
  registerHerDataPart(newsHerData); // her weekly goal and learning days (issue 44)
  await mountMercadoPagoEmulator(app, config);
  await mountHostedCheckoutStandIn(app, config);
  await mountArcaStandIn(app, config);
  await mountExchangeRatesStandIn(app, config);
  await mountWhatsAppStandIn(app, config);
  await app.register(serveMediaRoutes, { prefix: '/media' });

  await registerWebApp(app, config.webDistDir ?? defaultWebDistDir);
  return app;
}
