import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCeiling } from './ceiling';
import { medianPair } from './cost-report';
import { type Call, drive, type LoadResult } from './load';
import {
  benchServerFile,
  type LoggedProcess,
  processMemory,
  productionNodeOptions,
  type RunningProcess,
  startApi,
  stopChild,
  waitForHttp,
} from './run-api';
import { settings as defaultSettings, log, outDir, repoRoot, type Settings } from './settings';

/**
 * Issue 31: what one request costs the server, as `npm start` ships it and in production mode,
 * beside a bare node:http process answering the very same bytes; and what an idle server costs.
 * CPU comes from /proc/<pid>/stat (user + system), so it does not depend on how many requests the
 * load generator (on the same 2 cores) manages to send.
 */

/**
 * What a browser sends: the catalogue answer is measured as browsers get it. BENCH_ACCEPT_ENCODING
 * overrides it when investigating (`identity` measures the uncompressed answers).
 */
export const browserAcceptEncoding = process.env.BENCH_ACCEPT_ENCODING || 'gzip, deflate, br';

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU seconds (user + system) the process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // after the command name (which may hold spaces), fields 3… ; utime and stime are 14 and 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
}

/** One request's raw answer (no decompression: fetch would undo it). */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface CostLoad extends LoadResult {
  /** server CPU (user + system) per answered request, µs */
  cpuUs: number;
}

/** One back-to-back pair: the bare server's load, then the API's (a fresh API process per round). */
export interface CostPair {
  api: CostLoad;
  bare: CostLoad;
  /** the round's API RSS after its load, MB */
  rssMb: number;
}

export interface CostRun {
  /** `as shipped` (NODE_ENV unset, LOG_LEVEL info) or `production` (NODE_ENV=production) */
  mode: string;
  /** the round whose CPU ratio is the median of `rounds` (its figures are reported together) */
  api: CostLoad;
  bare: CostLoad;
  /** every paired round, in the order measured */
  rounds: CostPair[];
  /** bytes of one catalogue answer: uncompressed, and as sent to `accept-encoding: gzip, deflate, br` */
  bytes: { identity: number; compressed: number; encoding: string };
  /** API RSS after the load, MB */
  rssMb: number;
}

export interface IdleCost {
  seconds: number;
  /** % of one core, user + system, over `seconds` */
  cpuPercent: number;
  rssMb: number;
  /** seconds the server was left alone after it answered before the measurement began */
  settleSeconds: number;
}

export interface CostReport {
  runs: CostRun[];
  idle?: IdleCost;
  /** 1-, 5- and 15-minute load averages before the first load and after the last */
  loadBefore: number[];
  loadAfter?: number[];
}

/** How long a freshly started API is left alone before its loads. */
const settleMs = 5000;

/** A warm-up, then the measured load with the server's CPU read before and after it. */
async function loadWithCpu(
  settings: Settings,
  baseUrl: string,
  /** the processes whose CPU the answers cost: the server, and on PostgreSQL its backends */
  pids: () => Promise<number[]>,
  call: (i: number) => Call,
  /** calls the warm-up must reach at least (the number of distinct callers) */
  warmCalls = 0,
): Promise<CostLoad> {
  const common = {
    baseUrl,
    connections: settings.connections,
    call,
    headers: { 'accept-encoding': browserAcceptEncoding },
  };
  // Warm until every caller of the rotation has been seen once: a user's first request loads her
  // access from the database, which the steady state (and the bare server) never pays.
  let warm = await drive({ ...common, seconds: settings.warmup, offset: 0 });
  for (let round = 0; warm.next < warmCalls && round < 10; round++)
    warm = await drive({ ...common, seconds: settings.warmup, offset: warm.next });
  const before = new Map((await pids()).map((pid) => [pid, cpuSeconds(pid)]));
  const result = await drive({ ...common, seconds: settings.duration, offset: warm.next });
  // a backend that opened during the load counts from zero; one that closed is lost (the pool keeps its connections)
  let used = 0;
  for (const pid of await pids()) {
    try {
      used += cpuSeconds(pid) - (before.get(pid) ?? 0);
    } catch {
      // ended between the list and the read
    }
  }
  return { ...result, cpuUs: result.ok > 0 ? (used / result.ok) * 1e6 : Number.NaN };
}

const loadLine = (label: string, r: CostLoad) =>
  `   ${label.padEnd(34)} ${r.cpuUs.toFixed(0).padStart(5)} µs CPU/request  ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99.toFixed(1)} ms${r.non2xx || r.errors ? `  non-2xx ${r.non2xx} errors ${r.errors}` : ''}`;

/** Who the load's requests come from, made once the first API of a mode answers. */
export interface CostCallers {
  call: (i: number) => Call;
  /** distinct callers in the rotation: the warm-up reaches each once */
  count: number;
}

/**
 * How each mode starts the API (issue 41). "as shipped" is the README's `npm start`: NODE_ENV
 * unset, the embedded PGlite in a fresh data directory seeded with the demo data, `info` logs;
 * the database runs inside the API process, so its CPU is the API's. "production" is
 * NODE_ENV=production on the PostgreSQL server's bench database; there the database's backends
 * serving the API's pool are other processes, and their CPU is added to the API's.
 */
function modeEnvironment(mode: CostMode, env: Record<string, string>): Record<string, string> {
  if (mode === 'production') return { ...env, NODE_ENV: 'production' };
  return {
    // as `npm start`: nothing set but the port (startApi) and a data directory of its own
    NODE_ENV: '',
    DATABASE_URL: '',
    SEED_DEMO_DATA: '',
    SMTP_URL: '',
    JWT_SECRET: '',
    ACCESS_TOKEN_TTL_SECONDS: '',
    MERCADOPAGO_ACCESS_TOKEN: '',
    MERCADOPAGO_PUBLIC_KEY: '',
    MERCADOPAGO_WEBHOOK_SECRET: '',
    MERCADOPAGO_BASE_URL: '',
    DATA_DIR: embeddedDataDir,
    // the one setting beside npm start's: two accounts at 64 connections would meet the academy
    // home's per-account budget at once and measure 429s (reported with the figures)
    RATE_LIMIT_ENABLED: 'false',
  };
}

export type CostMode = 'as shipped' | 'production';
const embeddedDataDir = path.join(outDir, 'cost-embedded-data');

/**
 * The demo's callers on a fresh embedded server: a learner who registers now and the demo
 * subscriber (`suscriptora@alcancia.local`), each logged in once.
 */
export async function embeddedCallers(apiUrl: string): Promise<CostCallers> {
  const email = `bench+${Date.now()}@example.com`;
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${apiUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<{ accessToken?: string }>;
  };
  await post('/api/users/register', {
    name: 'Banca',
    email,
    password: 'Alcancia2026',
    country: 'AR',
    telephone: '+5491123456789',
  });
  const tokens: string[] = [];
  for (const who of [email, 'suscriptora@alcancia.local']) {
    const { accessToken } = await post('/api/users/login', { email: who, password: 'Alcancia2026' });
    if (!accessToken) throw new Error(`no access token for ${who}`);
    tokens.push(accessToken);
  }
  return {
    call: (i) => ({ method: 'GET', path: '/api/academy/courses', token: tokens[i % tokens.length] ?? '' }),
    count: tokens.length,
  };
}

/** The pids of the PostgreSQL backends connected to `databaseUrl`'s database (but our own). */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * The logged-in catalogue on an API process in `mode` and a bare node:http process answering the
 * bytes that API sent (compressed as it compressed them), both at the bench's connections, in
 * `settings.costRounds` paired rounds (bare, then API, back to back), each round's API a fresh
 * process.
 */
export async function measureCost(
  settings: Settings,
  mode: CostMode,
  /** the callers of the load, asked of the first API process of the mode */
  callersFor: (apiUrl: string) => Promise<CostCallers>,
  env: Record<string, string>,
  track: (p: RunningProcess) => () => void,
): Promise<CostRun> {
  if (mode === 'as shipped') {
    rmSync(embeddedDataDir, { recursive: true, force: true });
    mkdirSync(embeddedDataDir, { recursive: true });
  }
  /** A fresh API process for a round, and how to stop it. */
  const startRoundApi = async (round: number) => {
    const api: LoggedProcess = await startApi(
      settings,
      undefined,
      { ...modeEnvironment(mode, env), LOG_LEVEL: 'info', WEB_CONCURRENCY: '1' },
      { logFile: path.join(outDir, `api-cost-${mode.replace(' ', '-')}-${round}.log`) },
      settings.port + 4,
    );
    const untrack = track(api);
    return {
      api,
      stop: async () => {
        await api.stop();
        untrack();
      },
    };
  };
  let current = await startRoundApi(1);
  try {
    const callers = await callersFor(current.api.url);
    const first = callers.call(0);
    const auth = { authorization: `Bearer ${first.token}` };
    const plain = await rawGet(`${current.api.url}${first.path}`, auth);
    const sample = await rawGet(`${current.api.url}${first.path}`, {
      ...auth,
      'accept-encoding': browserAcceptEncoding,
    });
    if (sample.status !== 200) throw new Error(`${first.path} answered ${sample.status} (${mode})`);
    const encoding = String(sample.headers['content-encoding'] ?? 'identity');
    const bare = await startCeiling(
      settings,
      sample.body,
      String(sample.headers['content-type'] ?? 'application/json'),
      encoding === 'identity' ? {} : { 'content-encoding': encoding, vary: 'Accept-Encoding' },
    );
    const untrackBare = track(bare);
    const rounds: CostPair[] = [];
    try {
      for (let round = 1; round <= settings.costRounds; round++) {
        // Each round on a process of its own: a process's own state (how its collector settled,
        // decision 0247) is one sample, not all of them.
        if (round > 1) {
          await current.stop();
          current = await startRoundApi(round);
        }
        // The boot's own work (the job queue's first passes, compiling) is not the requests' cost.
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        const bareLoad = await loadWithCpu(
          settings,
          bare.url,
          async () => [bare.pid],
          () => ({ ...first, token: 'none' }),
        );
        log(loadLine(`round ${round}: bare node:http (${mode} bytes)`, bareLoad));
        // the warm-up reaches every caller once: a fresh process loads each one's access first
        const { api } = current;
        const pids =
          mode === 'production'
            ? async () => [api.pid, ...(await backendPids(settings.databaseUrl))]
            : async () => [api.pid];
        const apiLoad = await loadWithCpu(settings, api.url, pids, callers.call, callers.count);
        log(loadLine(`round ${round}: API ${mode}`, apiLoad));
        rounds.push({ api: apiLoad, bare: bareLoad, rssMb: api.memory().rssMb });
      }
    } finally {
      await bare.stop();
      untrackBare();
    }
    const median = medianPair(rounds);
    return {
      mode,
      api: median.api,
      bare: median.bare,
      rounds,
      bytes: { identity: plain.body.length, compressed: sample.body.length, encoding },
      rssMb: median.rssMb,
    };
  } finally {
    await current.stop();
  }
}

/**
 * An idle server as `npm start` leaves it: NODE_ENV unset, the embedded PGlite in a fresh data
 * directory (demo data seeded), default log level, nothing else set. After it answers and
 * `settleSeconds` more (boot work: migrations, seeding, the job queue's first passes), its CPU
 * over `seconds` with no request at all, and its RSS.
 */
export async function measureIdle(
  seconds: number,
  settleSeconds: number,
  port: number,
  track: (p: RunningProcess) => () => void,
): Promise<IdleCost> {
  const dataDir = path.join(outDir, 'idle-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // for investigating, as startApi: e.g. BENCH_API_NODE_OPTIONS="--cpu-prof"
  const extra = (process.env.BENCH_API_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...productionNodeOptions(), ...extra, benchServerFile],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      log(`   [idle api] ${line.slice(0, 300)}`);
  });
  const pid = child.pid ?? 0;
  const running: RunningProcess = {
    pid,
    url: `http://127.0.0.1:${port}`,
    memory: () => processMemory(pid),
    stop: () => stopChild(child),
  };
  const untrack = track(running);
  try {
    await waitForHttp(`${running.url}/api/health`, child, 180_000);
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    const before = cpuSeconds(pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const elapsed = (performance.now() - started) / 1000;
    const cpuPercent = ((cpuSeconds(pid) - before) / elapsed) * 100;
    const idle = { seconds: elapsed, cpuPercent, rssMb: running.memory().rssMb, settleSeconds };
    log(
      `   idle (npm start defaults, embedded PGlite): ${cpuPercent.toFixed(2)} % of a core over ${elapsed.toFixed(0)} s, RSS ${idle.rssMb.toFixed(0)} MB`,
    );
    return idle;
  } finally {
    await running.stop();
    untrack();
  }
}

export const loadAverages = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** `node --import tsx bench/src/cost.ts idle [seconds]`: the idle measurement alone (needs the bench build). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [what, secondsArg] = process.argv.slice(2);
  if (what !== 'idle') throw new Error('usage: cost.ts idle [seconds]');
  const seconds = Number(secondsArg ?? 60);
  log(`load average before: ${loadAverages().join(' ')}`);
  await measureIdle(seconds, 15, defaultSettings.port + 5, () => () => {});
  log(`load average after: ${loadAverages().join(' ')}`);
}
