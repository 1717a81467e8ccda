import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { log, repoRoot, type Settings } from './settings';

const apiDir = path.join(repoRoot, 'apps/api');
/**
 * The API's own build (apps/api/build.mjs), told to write dist/bench/server.js so a run never
 * rewrites the dist/server.js another engineer's tests may be starting. dist/bench/ is inside
 * apps/api, so the bundle still finds its package root and migrations.
 */
export const benchServerFile = path.join(apiDir, 'dist/bench/server.js');

export async function buildApi(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], {
      cwd: apiDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, API_BUILD_OUTFILE: benchServerFile },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`apps/api/build.mjs exited with ${code}`)),
    );
  });
}

export interface RunningProcess {
  pid: number;
  url: string;
  /** VmRSS and VmHWM (peak) of the process, in MB, from /proc/<pid>/status */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

export function processMemory(pid: number): { rssMb: number; peakMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

/** Polls `url` until it answers 2xx, the process dies or the time is up. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Ends a child we started, by its pid: SIGTERM, then SIGKILL after a grace period. With `signal`
 * false it waits for the child to end by itself (a log reader reaching the end of its pipe) and
 * ends it only after the grace period.
 */
export async function stopChild(child: ChildProcess, graceMs = 10_000, signal = true): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (signal) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Env of the API in production mode against the bench database, listening on 127.0.0.1 only. The
 * log level is production's default (`info`: one access-log line per request) unless the caller
 * sets LOG_LEVEL. A variable given as `''` is left unset (NODE_ENV: '' runs as `npm start` does).
 */
export function apiEnvironment(
  settings: Settings,
  webDistDir: string | undefined,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(settings.port),
    PUBLIC_URL: `http://127.0.0.1:${settings.port}`,
    DATABASE_URL: settings.databaseUrl,
    JWT_SECRET: settings.jwtSecret,
    // Mail is never sent during the bench: port 9 (discard) on loopback is closed here; the outbox keeps it.
    SMTP_URL: 'smtp://127.0.0.1:9',
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
    ...extra,
  };
  for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
  return env;
}

/**
 * The Node.js options production starts the API with: those of the root `npm start` script
 * (`node <options> apps/api/dist/server.js`), e.g. a heap limit, so the bench measures the
 * process as it runs in production.
 */
export function productionNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const start = pkg.scripts?.start ?? '';
  const options = /\bnode((?:\s+-[^\s]+)*)\s+apps\/api\/dist\/server\.js/.exec(start)?.[1] ?? '';
  return options.split(/\s+/).filter(Boolean);
}

/**
 * The API's standard output as a deployment's platform takes it: a pipe whose reader (`cat`, in a
 * process of its own, as a container runtime's or systemd's collector) appends it to `logFile`.
 * The API pays for its log lines and their writes to a pipe that is really drained; the reader's
 * CPU is on this machine too, as a collector's is on a real host. Never /dev/null.
 */
export interface PipedLog {
  logFile: string;
}

/** An API process whose output went to a `PipedLog`: stop() also waits for its reader to finish. */
export interface LoggedProcess extends RunningProcess {
  logFile: string;
}

/** Starts `cat >> logFile` and returns it; its stdin is the pipe the API writes its stdout to. */
function startLogReader(logFile: string): ChildProcess {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'w');
  try {
    return spawn('cat', [], { stdio: ['pipe', fd, 'inherit'] });
  } finally {
    closeSync(fd);
  }
}

/** Starts the bundled API as a child process, as `npm start` would, and waits for /api/health. */
export async function startApi(
  settings: Settings,
  webDistDir: string | undefined,
  extraEnv: Record<string, string>,
  output: PipedLog,
  port?: number,
): Promise<LoggedProcess>;
export async function startApi(
  settings: Settings,
  webDistDir: string | undefined,
  extraEnv?: Record<string, string>,
  /** where the API's output goes instead of the console (npm run soak: a file; info logs every request) */
  output?: (chunk: Buffer) => void,
  port?: number,
): Promise<RunningProcess>;
export async function startApi(
  settings: Settings,
  webDistDir: string | undefined,
  extraEnv: Record<string, string> = {},
  output?: ((chunk: Buffer) => void) | PipedLog,
  port = settings.port,
): Promise<RunningProcess | LoggedProcess> {
  const options = productionNodeOptions();
  if (options.length) log(`   node options of npm start: ${options.join(' ')}`);
  // For investigating, not for the report: e.g. BENCH_API_NODE_OPTIONS="--cpu-prof --trace-gc".
  const extra = (process.env.BENCH_API_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  if (extra.length) log(`   extra node options (BENCH_API_NODE_OPTIONS): ${extra.join(' ')}`);
  const piped = output && typeof output !== 'function' ? output : undefined;
  const reader = piped ? startLogReader(piped.logFile) : undefined;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...options, ...extra, benchServerFile], {
    cwd: repoRoot,
    env: apiEnvironment(settings, webDistDir, { PORT: String(port), PUBLIC_URL: url, ...extraEnv }),
    stdio: ['ignore', reader?.stdin ?? 'pipe', 'pipe'],
  });
  // The API holds the pipe's write end now; the reader sees its end when the API exits.
  reader?.stdin?.destroy();
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) log(`   [api] ${line.slice(0, 300)}`);
  };
  const toConsole = typeof output === 'function' ? output : relay;
  child.stdout?.on('data', toConsole);
  child.stderr?.on('data', toConsole);
  const stop = async () => {
    await stopChild(child);
    if (reader) await stopChild(reader, 10_000, false);
  };
  try {
    await waitForHttp(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.pid ?? 0;
  const running = { pid, url, memory: () => processMemory(pid), stop };
  return piped ? { ...running, logFile: piped.logFile } : running;
}
