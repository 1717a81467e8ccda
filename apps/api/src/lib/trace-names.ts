import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * Names each request's server span by its route pattern (`GET /api/academy/:courseId`), as
 * tracing backends group them. Without tracing (telemetry.ts not started) there is no active span
 * and this is one lookup per request.
 */
export function nameRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    const route = request.routeOptions.url;
    if (span && route) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}
