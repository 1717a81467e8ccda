import type { CostLoad, CostPair, CostReport } from './cost';

/** Issue 31's goals for the logged-in catalogue, against a bare node:http with the same bytes. */
export const costGoals = {
  cpuRatio: 2.5,
  throughputRatio: 0.6,
  p99Ms: 15,
  idleCpuPercent: 2,
  /** compressed answer at most this share of the uncompressed one */
  compressedShare: 0.5,
};

/**
 * The round whose API/bare CPU ratio is the median (the lower middle of an even count). One
 * 10-second load on this shared VM can land in a noisy moment (±40 % between back-to-back runs),
 * and one API process can run GC-bound for its whole life (decision 0247); pairs measured back to
 * back share most of the moment, each round has its own process, and the median pair drops an
 * outlier either way instead of picking the best.
 */
export function medianPair(rounds: CostPair[]): CostPair {
  const byRatio = [...rounds].sort((a, b) => a.api.cpuUs / a.bare.cpuUs - b.api.cpuUs / b.bare.cpuUs);
  const median = byRatio[Math.floor((byRatio.length - 1) / 2)];
  if (!median) throw new Error('no cost round measured');
  return median;
}

type Status = 'met' | 'missed' | 'not measured';
interface Line {
  budget: string;
  measured: string;
  status: Status;
}
const check = (ok: boolean | undefined): Status =>
  ok === undefined ? 'not measured' : ok ? 'met' : 'missed';

const cpuRatio = (run: CostPair) => run.api.cpuUs / run.bare.cpuUs;
const rpsRatio = (run: CostPair) => run.api.rps / run.bare.rps;

/** The budget lines of issue 31, one set per mode measured. */
export function costBudgets(cost: CostReport | undefined): Line[] {
  const lines: Line[] = [];
  const label = 'GET /api/academy/courses';
  for (const mode of ['as shipped', 'production']) {
    const run = cost?.runs.find((r) => r.mode === mode);
    lines.push({
      budget: `${label} (${mode}): server CPU per request ≤ ${costGoals.cpuRatio}× bare node:http`,
      measured: run
        ? `${cpuRatio(run).toFixed(2)}× (${run.api.cpuUs.toFixed(0)} of ${run.bare.cpuUs.toFixed(0)} µs)`
        : '–',
      status: check(run ? cpuRatio(run) <= costGoals.cpuRatio : undefined),
    });
    lines.push({
      budget: `${label} (${mode}): throughput ≥ ${costGoals.throughputRatio} of bare node:http`,
      measured: run
        ? `${rpsRatio(run).toFixed(2)} (${run.api.rps.toFixed(0)} of ${run.bare.rps.toFixed(0)} req/s)`
        : '–',
      status: check(run ? rpsRatio(run) >= costGoals.throughputRatio : undefined),
    });
    lines.push({
      budget: `${label} (${mode}): p99 ≤ ${costGoals.p99Ms} ms`,
      measured: run ? `${run.api.p99.toFixed(1)} ms` : '–',
      status: check(run ? run.api.p99 <= costGoals.p99Ms && run.api.non2xx === 0 : undefined),
    });
  }
  const run = cost?.runs[0];
  lines.push({
    budget: `${label}: compressed answer (accept-encoding: gzip, deflate, br) < half of its JSON`,
    measured: run
      ? `${run.bytes.compressed.toLocaleString('en')} of ${run.bytes.identity.toLocaleString('en')} bytes (${run.bytes.encoding})`
      : '–',
    status: check(run ? run.bytes.compressed < run.bytes.identity * costGoals.compressedShare : undefined),
  });
  lines.push({
    budget: `Idle server (npm start defaults, embedded PGlite): ≤ ${costGoals.idleCpuPercent} % of a core`,
    measured: cost?.idle
      ? `${cost.idle.cpuPercent.toFixed(2)} % over ${cost.idle.seconds.toFixed(0)} s, RSS ${cost.idle.rssMb.toFixed(0)} MB`
      : '–',
    status: check(cost?.idle ? cost.idle.cpuPercent <= costGoals.idleCpuPercent : undefined),
  });
  return lines;
}

const cells = (r: CostLoad) => [
  r.cpuUs.toFixed(0),
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  `${r.non2xx + r.errors}`,
];

/** The report's section "Server cost per request" (markdown lines). */
export function costSection(cost: CostReport | undefined, connections: number): string[] {
  if (!cost) return [];
  const out: string[] = [];
  out.push('### Server cost per request, as shipped and in production mode (issue 31)');
  out.push('');
  out.push(
    `The logged-in catalogue at ${connections} connections, every request with \`accept-encoding: gzip, deflate, br\` as a browser sends it, on one API process (its CPU, user + system, read from \`/proc/<pid>/stat\` before and after the measured seconds, divided by the answers), then a bare \`node:http\` process answering the very bytes that API sent (compressed as it compressed them) measured the same way. Each mode is measured in paired rounds (the bare server's load, then the API's, back to back; each round's API a freshly started process, left 5 s to settle and warmed until every caller of the rotation was seen); the budgets take the round whose CPU ratio is the median, and the table lists every round (✱ marks the median one). "As shipped" is the README's \`npm start\` (NODE_ENV unset, so development: contract checks on the answers; the embedded PGlite in a fresh data directory with the demo data, inside the API process, so its CPU is the API's; LOG_LEVEL info, the access log on, to a drained pipe; callers: a learner registered then and the demo subscriber; one setting beside npm start's: RATE_LIMIT_ENABLED=false, since two accounts at this many connections would otherwise measure the academy home's per-account 429s); "production" is NODE_ENV=production on the PostgreSQL server's bench database with its generated users, the CPU of the database backends connected to it added to the API's. The load generator shares the machine's cores: CPU per request does not depend on how many requests it manages to send, throughput does.`,
  );
  out.push('');
  out.push(
    '| mode | round | server | CPU µs / request | req/s | p50 ms | p99 ms | errors | CPU ratio | throughput ratio |',
  );
  out.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const run of cost.runs) {
    run.rounds.forEach((pair, i) => {
      const round = `${i + 1}${pair.api === run.api ? ' ✱' : ''}`;
      out.push(
        `| ${run.mode} | ${round} | API | ${cells(pair.api).join(' | ')} | ${cpuRatio(pair).toFixed(2)}× | ${rpsRatio(pair).toFixed(2)} |`,
      );
      out.push(`| ${run.mode} | ${round} | bare node:http | ${cells(pair.bare).join(' | ')} | | |`);
    });
  }
  out.push('');
  const bytes = cost.runs.map(
    (r) =>
      `${r.mode}: ${r.bytes.compressed.toLocaleString('en')} bytes ${r.bytes.encoding} for ${r.bytes.identity.toLocaleString('en')} bytes of JSON (${((r.bytes.compressed / r.bytes.identity) * 100).toFixed(0)} %); API RSS after its load ${r.rssMb.toFixed(0)} MB (the median round's process)`,
  );
  for (const line of bytes) out.push(`- ${line}`);
  if (cost.idle) {
    out.push(
      `- idle (\`npm start\` defaults: NODE_ENV unset, embedded PGlite in a fresh data directory with the demo data, no request for ${cost.idle.seconds.toFixed(0)} s after ${cost.idle.settleSeconds} s of settling): ${cost.idle.cpuPercent.toFixed(2)} % of a core, RSS ${cost.idle.rssMb.toFixed(0)} MB`,
    );
  }
  out.push(
    `- load average (1, 5, 15 min) before these loads: ${cost.loadBefore.join(', ')}; after: ${cost.loadAfter?.join(', ') ?? '–'} (on a quiet machine the 1-minute figure stays near the load the bench itself puts on it)`,
  );
  out.push('');
  return out;
}
