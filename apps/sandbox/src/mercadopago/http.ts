import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';

// How the emulator speaks HTTP inside whatever Fastify instance hosts it: body parsing like the real
// API's, CORS for the browser-facing endpoints, and routes reachable with or without a trailing slash.

export function installBodyParsers(app: FastifyInstance): void {
  // The SDK sends `Content-Type: application/json` even with no body (a refund without amount);
  // the real API takes that as `{}`, Fastify's default parser would answer 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = String(text).trim();
    if (raw === '') return done(null, {});
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });
  // The pay page posts an HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(text))));
    },
  );
}

/**
 * The browser stand-in may be loaded from another origin than the page (the standalone emulator in
 * tests), and api.mercadopago.com answers CORS for these public endpoints, so the emulator does too.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', request.headers.origin ?? '*');
    reply.header('vary', 'origin');
  });
  app.options('/*', async (_request, reply) => {
    reply
      .header('access-control-allow-methods', 'GET, POST, PUT, OPTIONS')
      .header('access-control-allow-headers', 'content-type, authorization, x-idempotency-key')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Registers `url` and `url/`: the SDK calls `/preapproval/` and `/checkout/preferences/` with the
 * slash and the rest without, and a host may or may not set Fastify's `ignoreTrailingSlash`.
 */
export function route(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: RouteShorthandOptions,
  handler: RouteHandlerMethod,
): void {
  app.route({ ...options, method, url, handler });
  const config = app.initialConfig as {
    ignoreTrailingSlash?: boolean;
    routerOptions?: { ignoreTrailingSlash?: boolean };
  };
  const ignoresSlash = config.routerOptions?.ignoreTrailingSlash ?? config.ignoreTrailingSlash ?? false;
  if (!ignoresSlash) app.route({ ...options, method, url: `${url}/`, handler });
}
