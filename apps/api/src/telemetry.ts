/**
 * OpenTelemetry tracing, off unless an OTLP endpoint is configured: OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), the standard variables of every OpenTelemetry SDK,
 * with OTEL_SERVICE_NAME (default `alcancia-api`) and OTEL_SDK_DISABLED=true to turn it off.
 *
 * It must run before the app: NODE_OPTIONS=--import=./apps/api/dist/telemetry.js (the build writes
 * it next to server.js; node:cluster workers inherit it), because an ES module — `pg`,
 * `node:http` — can only be instrumented when the loader hook is registered before it is imported.
 * Without that option nothing of OpenTelemetry is loaded; with it and no endpoint, nothing either.
 *
 * Spans: one per HTTP request (server side, named by the route pattern, the query string left
 * out: it can carry codes and signatures), one per outgoing HTTP call (the payment provider, the
 * identity provider), one per PostgreSQL query on the server (`pg`; the embedded PGlite is not
 * instrumented). Exported in batches over OTLP/HTTP (JSON).
 */
import { register } from 'node:module';

const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

if (endpoint && process.env.OTEL_SDK_DISABLED !== 'true') {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { registerInstrumentations }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
    ]);
  const [{ HttpInstrumentation }, { PgInstrumentation }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'alcancia-api' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  const pathOnly = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // probes and scrapes are not traced
        ignoreIncomingRequestHook: (request) =>
          ['/api/health', '/api/ready', '/metrics'].includes(pathOnly(request.url)),
        // the query string may carry a validation code or a file signature: keep the path only
        requestHook: (span, request) => {
          if ('headers' in request && !('method' in request && 'path' in request)) {
            const target = pathOnly((request as { url?: string }).url);
            span.setAttribute('http.target', target);
            span.setAttribute('url.path', target);
            span.setAttribute('http.url', target);
            span.setAttribute('url.full', target);
            span.setAttribute('url.query', '');
          }
        },
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  // Spans of the last seconds leave before the process does (server.ts exits after its drain).
  const flush = () => void provider.forceFlush().catch(() => {});
  process.once('SIGTERM', flush);
  process.once('SIGINT', flush);
}
