import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { storageOrigins } from '../providers/storage/bucket-origin';

/** Where Mercado Pago's card form lives in production: its SDK, its APIs and its frames. */
const mercadoPagoBrowserSources = {
  script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  connect: [
    'https://api.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://events.mercadopago.com',
    'https://http2.mlstatic.com',
  ],
  frame: [
    'https://sdk.mercadopago.com',
    'https://www.mercadopago.com',
    'https://www.mercadopago.com.ar',
    'https://www.mercadolibre.com',
    'https://api-static.mercadopago.com',
  ],
  img: ['https://http2.mlstatic.com', 'https://www.mercadopago.com'],
};

/**
 * Extra CSP sources for the card form. The real Mercado Pago only when the config talks to it;
 * an emulator at MERCADOPAGO_BASE_URL (another origin) needs its own; the in-app emulator is 'self'.
 */
function paymentSources(config: Config): typeof mercadoPagoBrowserSources {
  const none = { script: [], connect: [], frame: [], img: [] };
  const mp = config.mercadoPago;
  if (mp.mode !== 'provider' || !/^https?:\/\//.test(mp.sdkUrl)) return none;
  const origin = new URL(mp.sdkUrl).origin;
  if (origin === 'https://sdk.mercadopago.com') return config.isProduction ? mercadoPagoBrowserSources : none;
  return { script: [origin], connect: [origin], frame: [], img: [] };
}

/**
 * The headers helmet sets for these options. Ours are the same for every request (no nonces, no
 * per-route policy), so they are computed once at boot instead of by helmet's middleware chain on
 * every request (a few percent of a catalogue request's CPU).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Security headers for the SPA and the API. The CSP allows only our own origin: scripts are
 * Vite's hashed files, so no inline script is needed. CORS is closed unless CORS_ORIGINS lists
 * origins (the web is served from the same origin, so it never needs CORS).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const payments = paymentSources(config);
  // Presigned URLs of the bucket (STORAGE_DRIVER=s3): the PDF viewer fetches materials there.
  const storage = storageOrigins(config);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...payments.script, ...config.csp.scriptOrigins],
        // React sets style attributes; no stylesheet is inlined by us.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...payments.img],
        mediaSrc: ["'self'", 'blob:', ...storage],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...payments.connect, ...config.csp.scriptOrigins, ...storage],
        // the embedded community (GET /community's url) and chat vendors are operator-allowed
        frameSrc: ["'self'", ...payments.frame, ...config.csp.frameOrigins],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Local development runs over plain http; HSTS only makes sense in production.
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Closed (the default): no CORS plugin at all, so no hook runs for it on every request; a
  // cross-origin browser request then gets no Access-Control-* header and is refused by the browser.
  if (config.corsOrigins.length === 0) return;
  await app.register(cors, { origin: config.corsOrigins, credentials: false });
}
