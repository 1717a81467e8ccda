import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Everything `npm run bench` can be told, read once from the environment. The defaults are the
 * full production-scale run; the variables exist so a developer can do a short run while the
 * machine is busy (e.g. BENCH_SCALE=0.05 BENCH_DURATION=3 BENCH_WARMUP=1).
 */
const number = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
};
const flag = (name: string): boolean =>
  ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchRoot, '..');
export const outDir = path.join(benchRoot, '.out');

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = process.env.BENCH_DATABASE || 'alcancia_bench';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export const settings = {
  /** the server the throw-away database is created on; connected to as admin */
  adminUrl,
  databaseName,
  databaseUrl: withDatabase(adminUrl, databaseName),
  /** 1 = the production size (100 000 users, ~3.2 M section-progress rows) */
  scale: number('BENCH_SCALE', 1),
  seed: Math.round(number('BENCH_SEED', 42)),
  /** seconds of measured load per endpoint, after `warmup` seconds that are not counted */
  duration: number('BENCH_DURATION', 10),
  warmup: number('BENCH_WARMUP', 2),
  connections: Math.round(number('BENCH_CONNECTIONS', 64)),
  /** seconds an idle API (npm start defaults, embedded PGlite) is watched for its CPU (issue 31) */
  idleSeconds: number('BENCH_IDLE_SECONDS', 60),
  /**
   * paired rounds of the cost loads per mode (issue 31): bare node:http then the API, back to back,
   * each round a ratio; the report keeps the median round and lists every one
   */
  costRounds: Math.max(1, Math.round(number('BENCH_COST_ROUNDS', 3))),
  /**
   * the API listens on `port`, the bare node:http ceiling on `port + 1`, the payment provider on
   * `port + 2`, the API at LOG_LEVEL=warn on `port + 3`, the API of the cost loads on `port + 4`
   * and the idle one on `port + 5` (all on 127.0.0.1 only)
   */
  port: Math.round(number('BENCH_PORT', 3390)),
  /** keep the database of a previous run with the same scale and seed instead of regenerating */
  reuseData: flag('BENCH_REUSE_DATA'),
  skipWeb: flag('BENCH_SKIP_WEB'),
  skipLighthouse: flag('BENCH_SKIP_LIGHTHOUSE'),
  /** comma-separated endpoint names to load (default: all), e.g. "catalogue,progress-write"; "none" loads none (web only) */
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  /** Lighthouse runs per page; the report gives the median (by performance score) and lists all */
  lighthouseRuns: Math.round(number('BENCH_LIGHTHOUSE_RUNS', 3)),
  /** issue 30's first-view figures (first-view.ts): cold runs per page, the median reported */
  firstViewRuns: Math.round(number('BENCH_FIRST_VIEW_RUNS', 5)),
  skipFirstView: flag('BENCH_SKIP_FIRST_VIEW'),
  /** where the markdown report goes */
  reportPath: path.resolve(repoRoot, process.env.BENCH_REPORT || 'docs/performance.md'),
  /** the secret the API signs access tokens with: the bench mints real users' tokens with it */
  jwtSecret: 'bench-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
};

export type Settings = typeof settings;

/** Console output of the bench (Biome forbids console.log in this repository). */
export function log(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function step(title: string): void {
  log();
  log(`== ${title}`);
}

export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`   ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
