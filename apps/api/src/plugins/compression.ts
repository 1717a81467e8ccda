import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

/** Answers smaller than this go as they are: compression would save less than its headers and CPU cost. */
export const compressionThresholdBytes = 1024;

/** Above this an answer is compressed on the thread pool instead of on the event loop. */
const syncLimitBytes = 64 * 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Text a compressor shrinks. Images, video, audio, PDF, fonts and archives are compressed already;
 * `text/event-stream` is a stream whose events must reach the client as they are written.
 */
const compressibleType =
  /^(?:application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: unknown): boolean {
  return typeof contentType === 'string' && compressibleType.test(contentType);
}

/** The q-value a client gives to `coding` (and to `*` when it names it only that way), 0 if refused. */
function quality(header: string, coding: string): number {
  let star = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    if (!Number.isFinite(q)) q = 0;
    if (token === coding) return q;
    star = q;
  }
  return star;
}

/**
 * The coding to answer with for this Accept-Encoding, or null for none. `prefer` breaks ties:
 * brotli for bytes compressed once and kept (smaller), gzip for an answer compressed on each
 * request (a third of brotli's CPU at these sizes for nearly the same bytes).
 */
export function chooseEncoding(header: string | undefined, prefer: Encoding): Encoding | null {
  if (!header) return null;
  // The common header has no parameters: `gzip, deflate, br` (browsers), `br, gzip`.
  if (header.indexOf(';') === -1 && header.indexOf('*') === -1) {
    const br = header.includes('br');
    const gz = header.includes('gzip');
    if (br && gz) return prefer;
    return br ? 'br' : gz ? 'gzip' : null;
  }
  const br = quality(header, 'br');
  const gz = quality(header, 'gzip');
  if (br <= 0 && gz <= 0) return null;
  if (br === gz) return prefer;
  return br > gz ? 'br' : 'gzip';
}

const brotliParams = (size: number) => ({
  params: {
    // 4–5 is the knee: quality 9 and up cost a hundred times more for 2–9 % fewer bytes.
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** Compresses `body` now (on the event loop): for bodies up to a few tens of KB. */
export function compressSync(encoding: Encoding, body: string | Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliParams(Buffer.byteLength(body)))
    : gzipSync(body, { level: 6 });
}

function compressAsync(
  encoding: Encoding,
  body: string | Buffer,
  callback: (error: Error | null, result: Buffer) => void,
): void {
  if (encoding === 'br') brotliCompress(body, brotliParams(Buffer.byteLength(body)), callback);
  else gzip(body, { level: 6 }, callback);
}

/** Adds Accept-Encoding to the answer's Vary (keeping what another plugin put there, e.g. Origin). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, Accept-Encoding`);
}

/**
 * Compresses JSON and text answers per request: a string or Buffer body of a compressible type,
 * at least `compressionThresholdBytes` long, not compressed already (the cached catalogue answers
 * arrive compressed: serialized-response.ts). Streams (files, Server-Sent Events, tus uploads) are
 * never touched: @fastify/static serves the web build's precompressed files itself.
 */
const compressAnswer: onSendHookHandler = (request, reply, payload, done) => {
  if (
    (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
    payload.length < compressionThresholdBytes ||
    reply.statusCode === 204 ||
    reply.statusCode === 304 ||
    request.method === 'HEAD' ||
    reply.hasHeader('content-encoding') ||
    !isCompressibleType(reply.getHeader('content-type'))
  ) {
    done(null, payload);
    return;
  }
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding'], 'gzip');
  if (!encoding) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (payload.length <= syncLimitBytes) {
    done(null, compressSync(encoding, payload));
    return;
  }
  compressAsync(encoding, payload, (error, compressed) => {
    if (error) {
      // The plain body is still a correct answer.
      reply.removeHeader('content-encoding');
      done(null, payload);
    } else done(null, compressed);
  });
};

/**
 * Compression of every route's answers, as each route's last onSend hook (route-level hooks run
 * after the scopes' own, so no other hook sees compressed bytes). Registered before the routes.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, compressAnswer];
  });
}
