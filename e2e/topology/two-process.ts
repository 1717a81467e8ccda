import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { startProxy } from './proxy';
import { startSandboxService } from './sandbox-service';
import { topologyPorts } from './settings';

/**
 * The webServer of `E2E_TOPOLOGY=two-process` (playwright.config.ts): the product as a small
 * deployment runs it, on one machine.
 *
 *   browser ─▶ proxy :PORT ─┬─▶ API process a :PORT+1 ─┬─▶ PostgreSQL (DATABASE_URL)
 *                           ├─▶ API process b :PORT+2 ─┴─▶ Redis (REDIS_URL)
 *                           └─▶ /sandbox/* ─▶ the stand-ins (Mercado Pago, hosted checkout; OIDC mock)
 *
 * The files are in the S3 stand-in's bucket (STORAGE_DRIVER=s3, decision 84): the hosts of a
 * deployment share no disk, so an upload received by one process is served by the other.
 *
 * Two `node apps/api/dist/server.js` (WEB_CONCURRENCY=1 each) start together on a fresh database
 * (the migration lock makes one of them migrate and seed), with the same PUBLIC_URL (the proxy)
 * and secrets. Like a supervisor, it starts a process again when it dies. Their stdout and stderr
 * go to E2E_SERVER_LOG, which the e2e teardown scans for secrets. A control port (PORT+3) answers
 * `GET /ready` (both processes healthy: Playwright waits for it), `GET /state` (pids, restarts,
 * the proxy's counts) and `POST /backends/<name>/kill` (SIGKILL, for kill-one-process.spec.ts).
 * SIGTERM drains both processes, then prints the proxy's counts.
 */

const env = process.env;
const required = (name: string) => {
  const value = env[name];
  if (!value) throw new Error(`two-process topology: ${name} is required`);
  return value;
};
const proxyPort = Number(required('PORT'));
const publicUrl = required('PUBLIC_URL');
required('DATABASE_URL');
const redisUrl = required('REDIS_URL');
const dataDir = required('DATA_DIR');
const logFile = required('E2E_SERVER_LOG');
const apiServer = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');
const ports = topologyPorts(proxyPort);

mkdirSync(path.dirname(logFile), { recursive: true });
const logFd = openSync(logFile, 'a');
const say = (line: string) => process.stderr.write(`${line}\n`);

class ApiProcess {
  child: ChildProcess | null = null;
  restarts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start() {
    const child = spawn(process.execPath, [apiServer], {
      env: { ...this.env, PORT: String(this.port), DATA_DIR: path.join(dataDir, this.name) },
      // stdout straight into the log file; stderr also to the runner's output, as one process does
      stdio: ['ignore', logFd, 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      writeSync(logFd, chunk);
      process.stderr.write(chunk);
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      say(
        `two-process: API process ${this.name} (pid ${child.pid}) exited (${signal ?? code}); starting it again`,
      );
      // A moment's pause, as a supervisor's restart delay; during a shutdown nothing restarts.
      setTimeout(() => {
        if (stopping) return;
        this.restarts += 1;
        this.start();
      }, 250);
    });
  }

  get pid() {
    return this.child?.exitCode === null && this.child.signalCode === null ? (this.child.pid ?? null) : null;
  }

  healthy(): Promise<boolean> {
    return new Promise((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port: this.port, path: '/api/health', agent: false, timeout: 2000 },
        (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        },
      );
      request.once('error', () => resolve(false));
      request.once('timeout', () => request.destroy());
    });
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** Empties the run's own Redis database (rate-limit counters of an earlier run would count here). */
async function emptyRedisDatabase(url: string): Promise<void> {
  const { hostname, port, pathname, password } = new URL(url);
  const database = Number(pathname.slice(1) || '0');
  if (!Number.isInteger(database) || database === 0) {
    throw new Error(`REDIS_URL must name a database of its own for the e2e run (e.g. /9), not ${database}`);
  }
  // Redis' inline commands: one per line, each answered with one line (+OK or -ERR …).
  const commands = [
    ...(password ? [`AUTH ${decodeURIComponent(password)}`] : []),
    `SELECT ${database}`,
    'FLUSHDB',
  ];
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port || 6379), hostname);
    let answers = '';
    socket.on('data', (chunk) => {
      answers += chunk.toString();
      const lines = answers.split('\r\n').filter(Boolean);
      const error = lines.find((line) => line.startsWith('-'));
      if (error) {
        socket.destroy();
        reject(new Error(`Redis refused: ${error}`));
      } else if (lines.length === commands.length) {
        socket.end();
        resolve();
      }
    });
    socket.once('error', reject);
    socket.write(`${commands.join('\r\n')}\r\n`);
  });
}

let stopping = false;

await emptyRedisDatabase(redisUrl);
const sandbox = await startSandboxService({ publicUrl });
const apiEnv: NodeJS.ProcessEnv = {
  ...env,
  ...sandbox.apiEnv,
  WEB_CONCURRENCY: '1',
  // Both processes must agree on every secret (tokens, cookies and file URLs signed by one are
  // checked by the other); left unset, each would generate its own in its DATA_DIR.
  JWT_SECRET: env.JWT_SECRET || 'e2e-two-process-jwt-secret-0123456789abcdef',
  // The client address comes from the proxy's X-Forwarded-For (rate limits key on it).
  TRUST_PROXY: 'loopback',
};
delete apiEnv.E2E_SERVER_LOG;
const processes = [
  new ApiProcess('a', ports.backends[0] as number, apiEnv),
  new ApiProcess('b', ports.backends[1] as number, apiEnv),
];

// The proxy first: the processes' first start sends webhooks to PUBLIC_URL (the demo's charges).
const proxy = await startProxy({
  port: proxyPort,
  backends: processes.map((p) => `http://127.0.0.1:${p.port}`),
  routes: [{ prefix: '/sandbox/', target: sandbox.url }],
  log: say,
});
for (const apiProcess of processes) apiProcess.start();

const control = http.createServer(async (request, response) => {
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const kill = /^\/backends\/(\w+)\/kill$/.exec(request.url ?? '');
  if (request.method === 'GET' && request.url === '/ready') {
    const healthy = await Promise.all(processes.map((p) => p.healthy()));
    return json(healthy.every(Boolean) ? 200 : 503, { healthy });
  }
  if (request.method === 'GET' && request.url === '/state') {
    const backends = await Promise.all(
      processes.map(async (p) => ({
        name: p.name,
        port: p.port,
        pid: p.pid,
        restarts: p.restarts,
        healthy: await p.healthy(),
      })),
    );
    return json(200, { backends, proxy: proxy.stats() });
  }
  if (request.method === 'POST' && kill) {
    const target = processes.find((p) => p.name === kill[1]);
    const pid = target?.pid;
    if (!target || !pid) return json(409, { error: 'no such running process' });
    process.kill(pid, 'SIGKILL');
    say(`two-process: SIGKILL sent to API process ${target.name} (pid ${pid})`);
    return json(200, { name: target.name, pid });
  }
  json(404, { error: 'not found' });
});
await new Promise<void>((resolve) => control.listen(ports.control, '127.0.0.1', resolve));
say(
  `two-process: proxy ${proxy.url} → API processes :${ports.backends.join(', :')}; stand-ins ${sandbox.url}; control :${ports.control}`,
);

const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all(processes.map((p) => p.stop()));
  const stats = proxy.stats();
  say(`two-process: proxy counts ${JSON.stringify(stats)}`);
  control.close();
  await proxy.close();
  await sandbox.close();
  closeSync(logFd);
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
