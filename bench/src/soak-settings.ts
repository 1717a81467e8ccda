import path from 'node:path';
import { outDir, repoRoot, type Settings, settings } from './settings';

/**
 * Everything `npm run soak` can be told, read once from the environment. The defaults are the
 * issue's run: 30 minutes of mixed traffic at a steady 100 requests per second (a small fraction
 * of what one API process serves, see docs/performance.md) on the production-scale data set,
 * judged after a 10-minute warm-up (40 minutes of load in all). Ten minutes is what V8's
 * old-space reserve takes to reach its working size at this rate: judged from minute 5, RSS
 * rose 18.9 MB/h in a 30-minute window of the 80-minute run; from minute 10, 3.2 MB/h
 * (bench/soak-analysis.md).
 */
const number = (name: string, fallback: number, allowZero = false): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`);
  return value;
};
const flag = (name: string): boolean =>
  ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

const minutes = number('SOAK_MINUTES', 40);
const reportPath = path.resolve(repoRoot, process.env.SOAK_REPORT || 'docs/performance.md');
const databaseName = process.env.SOAK_DATABASE || 'alcancia_soak';

export const soakSettings = {
  /** minutes of load (the samples and verdicts cover exactly this) */
  minutes,
  /** seconds per sample: latency percentiles, throughput and errors are per window of this length */
  sampleSeconds: number('SOAK_SAMPLE_SECONDS', 30),
  /** requests started per second, on a fixed schedule whatever the answers take (open loop) */
  rate: number('SOAK_RATE', 100),
  /** the first minutes are warm-up: caches fill and the heap grows to its working size */
  warmupMinutes: number('SOAK_WARMUP_MINUTES', Math.min(10, minutes / 4), true),
  /** p99 stable: the last third's p99 may exceed the first third's by this fraction … */
  p99Tolerance: number('SOAK_P99_TOLERANCE', 0.5, true),
  /** … or by this many milliseconds (single-digit latencies move by a millisecond or two) */
  p99SlackMs: number('SOAK_P99_SLACK_MS', 5, true),
  /** RSS flat: the slope after warm-up (Theil–Sen, MB per hour) stays below this */
  rssSlopeMbPerHour: number('SOAK_RSS_SLOPE_MB_PER_HOUR', 20),
  /**
   * connections bounded: what one serving process may open, by design: its pool (max 10,
   * apps/api/src/db/client.ts), the job queue's own pool (max 3, modules/jobs/job-queue.ts) and
   * the change listener's connection (1, modules/academy/change-listener.ts)
   */
  connectionsPerProcess: Math.round(number('SOAK_CONNECTIONS_PER_PROCESS', 14)),
  /** requests in flight beyond this are not sent and count as errors: the API fell behind */
  maxInFlight: Math.round(number('SOAK_MAX_IN_FLIGHT', 256)),
  /** the markdown file that gets the "Sustained load" section; the chart and samples go beside it */
  reportPath,
  chartPath: path.join(path.dirname(reportPath), 'soak.svg'),
  samplesPath: path.join(path.dirname(reportPath), 'soak.json'),
  /** the API's output (info level: two lines per request) goes here, not to the console */
  apiLogPath: path.join(outDir, 'soak-api.log'),
  /** bearer of GET /metrics, where the API's heap and pool figures are read (as Prometheus would) */
  metricsToken: 'soak-metrics-token-0123456789abcdef',
};

export type SoakSettings = typeof soakSettings;

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The bench's settings pointed at the soak's own database and port, so the bench's data
 * generation, fixtures, build and API start run unchanged (and never touch `alcancia_bench`).
 */
export const soakBenchSettings: Settings = {
  ...settings,
  databaseName,
  databaseUrl: withDatabase(settings.adminUrl, databaseName),
  scale: number('SOAK_SCALE', 1),
  seed: Math.round(number('SOAK_SEED', 42)),
  port: Math.round(number('SOAK_PORT', 3490)),
  reuseData: flag('SOAK_REUSE_DATA'),
  reportPath,
};
