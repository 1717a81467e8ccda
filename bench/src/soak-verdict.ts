import { percentile, type Sample } from './soak-sampler';
import type { SoakSettings } from './soak-settings';
import { type Kind, kinds } from './soak-traffic';

export interface Verdict {
  check: string;
  measured: string;
  ok: boolean;
}

export interface P99Comparison {
  kind: Kind;
  first: number;
  last: number;
  firstCount: number;
  lastCount: number;
  ok: boolean;
}

export interface Verdicts {
  lines: Verdict[];
  p99: P99Comparison[];
  rssSlopeMbPerHour: number | null;
  heapSlopeMbPerHour: number | null;
  /** the samples the stability checks use: those after the warm-up */
  steadyFrom: number;
}

/** Theil–Sen slope (the median of the pairwise slopes): a GC sawtooth does not tilt it much. */
export function theilSen(points: { x: number; y: number }[]): number | null {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i];
      const b = points[j];
      if (a && b && b.x !== a.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  if (!slopes.length) return null;
  slopes.sort((a, b) => a - b);
  const mid = Math.floor(slopes.length / 2);
  return slopes.length % 2 ? (slopes[mid] ?? 0) : ((slopes[mid - 1] ?? 0) + (slopes[mid] ?? 0)) / 2;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/**
 * The soak's verdicts: p99 stable (the last third of the steady samples against the first third,
 * per kind, from the pooled latencies), RSS flat (slope after the warm-up), no errors, and the
 * database connections within the pool's size; plus the checkouts' outcomes in the database.
 */
export function judge(
  soak: SoakSettings,
  connectionBound: number,
  samples: Sample[],
  latencies: Record<Kind, number[]>[],
  checkouts: { approved: number; granted: number; refused: number; refusedGranted: number },
): Verdicts {
  const steadyFrom = Math.max(
    0,
    samples.findIndex((s) => s.minute - s.seconds / 60 >= soak.warmupMinutes - 1e-6),
  );
  const steady = samples.slice(steadyFrom);
  const third = Math.max(1, Math.floor(steady.length / 3));
  const pooled = (from: number, to: number, kind: Kind) =>
    latencies
      .slice(steadyFrom + from, steadyFrom + to)
      .flatMap((w) => w[kind])
      .sort((a, b) => a - b);
  const p99: P99Comparison[] = [];
  for (const kind of kinds) {
    const first = pooled(0, third, kind);
    const last = pooled(steady.length - third, steady.length, kind);
    if (!first.length || !last.length) continue;
    const a = percentile(first, 99);
    const b = percentile(last, 99);
    p99.push({
      kind,
      first: a,
      last: b,
      firstCount: first.length,
      lastCount: last.length,
      ok: b <= a * (1 + soak.p99Tolerance) || b <= a + soak.p99SlackMs,
    });
  }
  const slopeOf = (value: (s: Sample) => number | null) => {
    const points = steady.flatMap((s) => {
      const y = value(s);
      return y === null ? [] : [{ x: s.minute / 60, y }];
    });
    return points.length >= 3 ? theilSen(points) : null;
  };
  const rssSlope = slopeOf((s) => s.rssMb);
  const heapSlope = slopeOf((s) => s.heapUsedMb);
  const errors = samples.reduce((sum, s) => sum + s.errors, 0);
  const dropped = samples.reduce((sum, s) => sum + s.dropped, 0);
  const connections = Math.max(0, ...samples.map((s) => s.pgConnectionsMax));
  const byApp: Record<string, number> = {};
  for (const s of samples)
    for (const [app, n] of Object.entries(s.pgConnectionsMaxBy)) byApp[app] = Math.max(byApp[app] ?? 0, n);
  const rss = steady.map((s) => s.rssMb);

  const lines: Verdict[] = [
    {
      check: `p99 stable: last third ≤ first third × ${1 + soak.p99Tolerance} (or + ${soak.p99SlackMs} ms), per kind, after the warm-up`,
      measured:
        steady.length < 3
          ? 'too few samples after the warm-up'
          : p99.map((p) => `${p.kind} ${ms(p.first)} → ${ms(p.last)}`).join('; ') || 'no answers',
      ok: steady.length >= 3 && p99.length > 0 && p99.every((p) => p.ok),
    },
    {
      check: `RSS flat: slope after the warm-up < ${soak.rssSlopeMbPerHour} MB per hour`,
      measured:
        rssSlope === null
          ? 'too few samples after the warm-up'
          : `${rssSlope.toFixed(1)} MB/h (${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB after the warm-up)`,
      ok: rssSlope !== null && rssSlope < soak.rssSlopeMbPerHour,
    },
    {
      check: '0 errors (unexpected statuses, network errors, timeouts, requests the API fell behind on)',
      measured: `${errors}${dropped ? ` (${dropped} not sent: too many in flight)` : ''}`,
      ok: errors === 0,
    },
    {
      check: `PostgreSQL connections of the API bounded: ≤ ${connectionBound} (${soak.connectionsPerProcess} per serving process: its pool, the job queue's, the change listener)`,
      measured: `max ${connections} (pg_stat_activity every 2 s; by application: ${Object.entries(byApp)
        .map(([app, n]) => `${app} ${n}`)
        .join(', ')})`,
      ok: connections <= connectionBound,
    },
    {
      check: 'Checkouts: every approved payment granted, no refused one',
      measured: `${checkouts.granted} of ${checkouts.approved} approved granted; ${checkouts.refusedGranted} of ${checkouts.refused} refused granted`,
      ok: checkouts.granted === checkouts.approved && checkouts.refusedGranted === 0,
    },
  ];
  return { lines, p99, rssSlopeMbPerHour: rssSlope, heapSlopeMbPerHour: heapSlope, steadyFrom };
}
