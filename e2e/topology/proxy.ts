import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small reverse proxy in front of several API processes, as a load balancer runs it:
 * - requests go round-robin to the backends; paths under a fixed route (`/sandbox/`) go to that
 *   route's one upstream;
 * - a request is retried on the next backend when its backend failed before answering: always
 *   for idempotent methods, and for the others only when the connection was refused
 *   (ECONNREFUSED: the request provably never reached a process). A POST whose connection broke
 *   after it was sent is not retried (the backend may have done it): 502 with
 *   `x-proxy-error: not-retried`;
 * - a backend that refused a connection is skipped for a second (then tried again);
 * - it sets X-Forwarded-For (appending the client's address), X-Forwarded-Proto and
 *   X-Forwarded-Host, and keeps Host (the backends trust loopback: TRUST_PROXY).
 * Request bodies are read whole before forwarding (the API's limit is 1 MB), so a retry can send
 * them again; responses stream through.
 */

/** RFC 9110 idempotent methods: sending one twice has the effect of sending it once. */
const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);
/** Hop-by-hop headers belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const maxBodyBytes = 2 * 1024 * 1024;
const skipRefusingBackendMs = 1000;

export interface ProxyOptions {
  port: number;
  host?: string;
  /** balanced backends, e.g. ['http://127.0.0.1:3171', 'http://127.0.0.1:3172'] */
  backends: string[];
  /** paths starting with `prefix` go to `target` alone (not balanced, not retried elsewhere) */
  routes?: { prefix: string; target: string }[];
  /** one line per retry and per failure */
  log?: (line: string) => void;
}

export interface ProxyStats {
  requests: number;
  /** answered by each backend (after retries) */
  answeredBy: Record<string, number>;
  /** requests that needed another backend, by the first failure's code */
  retried: Record<string, number>;
  /** requests answered 502 by the proxy, by reason */
  failed: Record<string, number>;
}

export interface RunningProxy {
  url: string;
  stats(): ProxyStats;
  close(): Promise<void>;
}

interface Backend {
  url: URL;
  skipUntil: number;
}

type Attempt =
  | { kind: 'response'; response: http.IncomingMessage }
  | { kind: 'error'; code: string; error: Error };

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const log = options.log ?? (() => {});
  const backends: Backend[] = options.backends.map((url) => ({ url: new URL(url), skipUntil: 0 }));
  const routes = (options.routes ?? []).map((route) => ({ ...route, target: new URL(route.target) }));
  // Keep-alive to the backends, closing idle connections before the API does (its keepAliveTimeout is 72 s).
  const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
  const stats: ProxyStats = { requests: 0, answeredBy: {}, retried: {}, failed: {} };
  const count = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  let next = 0;

  /** The backends in the order to try: round-robin, those that just refused a connection last. */
  const candidates = (path: string): URL[] => {
    const route = routes.find((r) => path.startsWith(r.prefix));
    if (route) return [route.target];
    const start = next++ % backends.length;
    const ordered = backends.map((_, i) => backends[(start + i) % backends.length] as Backend);
    const now = Date.now();
    return [...ordered.filter((b) => b.skipUntil <= now), ...ordered.filter((b) => b.skipUntil > now)].map(
      (b) => b.url,
    );
  };

  const forward = (target: URL, request: http.IncomingMessage, body: Buffer): Promise<Attempt> =>
    new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = {};
      const listedInConnection = String(request.headers.connection ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase());
      for (const [name, value] of Object.entries(request.headers)) {
        if (!hopByHop.has(name) && !listedInConnection.includes(name)) headers[name] = value;
      }
      const client = request.socket.remoteAddress ?? '';
      const before = request.headers['x-forwarded-for'];
      headers['x-forwarded-for'] = before ? `${before}, ${client}` : client;
      headers['x-forwarded-proto'] = 'http';
      headers['x-forwarded-host'] = request.headers.host ?? '';
      if (body.length > 0 || request.headers['content-length'] !== undefined) {
        headers['content-length'] = String(body.length);
      }
      const upstream = http.request({
        agent,
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
      });
      upstream.once('response', (response) => resolve({ kind: 'response', response }));
      // `on`, not `once`: a connection breaking mid-answer errors again (the answer handles that).
      upstream.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'error', code: error.code ?? error.message, error }),
      );
      upstream.end(body);
    });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    stats.requests += 1;
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?', 1)[0];
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.writeHead(413).end();
      return;
    }
    const targets = candidates(request.url ?? '/');
    let firstFailure: string | null = null;
    for (const target of targets) {
      const attempt = await forward(target, request, body);
      if (attempt.kind === 'response') {
        if (firstFailure) {
          count(stats.retried, firstFailure);
          log(`proxy: ${method} ${path} answered by ${target.host} after ${firstFailure}`);
        }
        count(stats.answeredBy, target.host);
        relay(attempt.response, response);
        return;
      }
      const refused = attempt.code === 'ECONNREFUSED';
      if (refused) {
        const backend = backends.find((b) => b.url.host === target.host);
        if (backend) backend.skipUntil = Date.now() + skipRefusingBackendMs;
      }
      firstFailure ??= attempt.code;
      if (!refused && !idempotentMethods.has(method)) {
        // It may have reached the backend and been done there: sending it again could do it twice.
        count(stats.failed, `not-retried ${attempt.code}`);
        log(`proxy: ${method} ${path} lost by ${target.host} (${attempt.code}); not retried`);
        answer502(response, 'not-retried');
        return;
      }
    }
    count(stats.failed, `no-backend ${firstFailure}`);
    log(`proxy: ${method} ${path} failed on every backend (${firstFailure})`);
    answer502(response, 'no-backend');
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`proxy: ${String(error)}`);
      if (!response.headersSent) answer502(response, 'proxy-error');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => structuredClone(stats),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/** Streams the backend's answer to the client; a backend that dies mid-answer cuts the client off. */
function relay(from: http.IncomingMessage, to: http.ServerResponse) {
  // The client left while the backend was working on it.
  if (to.destroyed) {
    from.destroy();
    return;
  }
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(from.headers)) {
    if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
  }
  to.writeHead(from.statusCode ?? 502, from.statusMessage, headers);
  from.pipe(to);
  from.once('aborted', () => to.destroy());
  from.once('error', () => to.destroy());
  // The client went away: stop reading from the backend.
  to.once('close', () => {
    if (!from.complete) from.destroy();
  });
}

function answer502(response: http.ServerResponse, reason: string) {
  response
    .writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'x-proxy-error': reason })
    .end(
      JSON.stringify({ internalCode: 'BAD_GATEWAY', message: 'No pudimos comunicarnos con el servidor.' }),
    );
}
