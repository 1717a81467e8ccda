import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminDashboardResult, adminDashboardBudget } from './admin-dashboard';
import type { CostReport } from './cost';
import { costBudgets, costSection } from './cost-report';
import type { StatementCount } from './count-statements';
import {
  conversionBudget,
  conversionSection,
  type EntitlementsConversionResult,
} from './entitlements-conversion';
import type { ExplainedStatement } from './explain';
import { type FirstViewResult, slowNetwork } from './first-view';
import type { DataSummary } from './generate-data';
import type { AuditResult } from './lighthouse';
import type { LoadResult } from './load';
import type { LogCount } from './log-count';
import { log, type Settings } from './settings';
import { keepSoakSection } from './soak-section';
import type { RouteSize } from './web-sizes';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  /** 1-minute load average when the run started and when the load ended: other work on the machine */
  loadAverage: { start: number; afterLoad?: number; samples?: { label: string; value: number }[] };
  node: string;
  postgres: string;
}

export interface EndpointOutcome {
  name: string;
  label: string;
  kind: 'read' | 'write';
  catalogue: boolean;
  /** why it was not loaded, e.g. "not available yet" */
  skipped?: string;
  result?: LoadResult;
  /** the same load on the same API at LOG_LEVEL=warn (no access log) */
  warn?: LoadResult;
  /** API RSS right after this endpoint's run, MB */
  rssMb?: number;
  /** bytes of one answer's body (reads: the probe's answer), to compare with the ceiling's */
  bodyBytes?: number;
}

export interface WriteCheck {
  rowsBefore: number;
  rowsAfter: number;
  sent: number;
  acknowledged: number;
  /** answered with another status than 200 */
  failed: number;
  /** sent but still in flight when the run ended: they may or may not have landed */
  unanswered: number;
  newPairsAcknowledged: number;
  newPairsSent: number;
  expectedMin: number;
  expectedMax: number;
  acknowledgedFound: number;
  acknowledgedDistinct: number;
}

/** One endpoint loaded on two API processes, beside its one-process figures. */
export interface TwoProcessRow {
  name: string;
  label: string;
  one?: LoadResult;
  two: LoadResult;
}

export interface BenchReport {
  date: Date;
  machine: Machine;
  settings: Settings;
  data: DataSummary;
  /** issue 27: the migrations to grants run again on the generated users (entitlements-conversion.ts) */
  entitlementsConversion?: EntitlementsConversionResult;
  ceiling?: LoadResult;
  ceilingBytes?: number;
  endpoints: EndpointOutcome[];
  write?: WriteCheck;
  apiPeakRssMb?: number;
  /** GET /api/admin/metrics, one request at a time (admin-dashboard.ts) */
  adminDashboard?: AdminDashboardResult;
  /** what the API processes logged: at info (access log on) for `answered` answers, and at warn */
  accessLog?: { info: LogCount; warn: LogCount; answered: number };
  /** a few endpoints again with WEB_CONCURRENCY=2 (node:cluster), access log on */
  twoProcesses?: { rows: TwoProcessRow[]; workers: number; log: LogCount };
  /** issue 31: CPU per request beside bare node:http, as shipped and in production; the idle server */
  cost?: CostReport;
  /** the Node.js options of the root `npm start` the API ran with */
  apiNodeOptions: string[];
  statements: StatementCount[];
  explains: ExplainedStatement[];
  web?: RouteSize[];
  lighthouse?: AuditResult[];
  /** issue 30: first views on an emulated slow network (first-view.ts) */
  firstView?: FirstViewResult[];
  notes: string[];
  seconds: number;
}

type Status = 'met' | 'missed' | 'not measured';
interface BudgetLine {
  budget: string;
  measured: string;
  status: Status;
}

const ms = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const check = (ok: boolean | undefined): Status =>
  ok === undefined ? 'not measured' : ok ? 'met' : 'missed';
const mark = (s: Status) => (s === 'met' ? '✅ met' : s === 'missed' ? '❌ missed' : '– not measured');

/** ", up to N during the loads (after …)" from the samples taken after each load. */
function loadDuring(machine: Machine): string {
  const samples = machine.loadAverage.samples ?? [];
  const highest = samples.reduce<{ label: string; value: number } | undefined>(
    (top, sample) => (top && top.value >= sample.value ? top : sample),
    undefined,
  );
  return highest ? `, up to ${highest.value.toFixed(1)} during the loads (${highest.label})` : '';
}

export function isSmallRun(settings: Settings): boolean {
  return settings.scale < 1 || settings.duration < 10 || settings.connections !== 64;
}

function statementsOf(report: BenchReport, name: string) {
  return report.statements.find((s) => s.name === name);
}

export function budgets(report: BenchReport): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const measured = report.endpoints.filter((e) => e.result);
  const reads = measured.filter((e) => e.kind === 'read');
  for (const e of reads) {
    const p99 = e.result?.p99 ?? Number.NaN;
    lines.push({
      budget: `${e.label}: p99 ≤ 25 ms at ${report.settings.connections} connections`,
      measured: ms(p99),
      status: check(p99 <= 25 && (e.result?.non2xx ?? 0) === 0),
    });
  }
  for (const e of measured.filter((x) => x.catalogue)) {
    const ratio = report.ceiling && e.result ? e.result.rps / report.ceiling.rps : undefined;
    lines.push({
      budget: `${e.label}: ≥ 50% of the ceiling's throughput`,
      measured:
        ratio === undefined
          ? '–'
          : `${(ratio * 100).toFixed(1)}% (${e.result?.rps.toFixed(0)} of ${report.ceiling?.rps.toFixed(0)} req/s)`,
      status: check(ratio === undefined ? undefined : ratio >= 0.5),
    });
  }
  // Issue 19: as production runs it by default, with its access log on.
  const catalogue = measured.find((e) => e.name === 'catalogue');
  const catalogueRatio =
    report.ceiling && catalogue?.result ? catalogue.result.rps / report.ceiling.rps : undefined;
  lines.push({
    budget: `${catalogue?.label ?? 'GET /api/academy/courses'}, access log on: ≥ 60% of the ceiling's throughput (bare node:http)`,
    measured:
      catalogueRatio === undefined
        ? '–'
        : `${(catalogueRatio * 100).toFixed(1)}% (${catalogue?.result?.rps.toFixed(0)} of ${report.ceiling?.rps.toFixed(0)} req/s)`,
    status: check(catalogueRatio === undefined ? undefined : catalogueRatio >= 0.6),
  });
  lines.push({
    budget: `${catalogue?.label ?? 'GET /api/academy/courses'}, access log on: p99 ≤ 15 ms at ${report.settings.connections} connections`,
    measured: ms(catalogue?.result?.p99),
    status: check(
      catalogue?.result ? catalogue.result.p99 <= 15 && catalogue.result.non2xx === 0 : undefined,
    ),
  });
  for (const e of report.endpoints.filter((x) => !x.skipped)) {
    const s = statementsOf(report, e.name);
    lines.push({
      budget: `${e.label}: ≤ 3 SQL statements per request`,
      measured: s ? `max ${s.max}, mean ${s.mean.toFixed(1)} (warm); ${s.cold} cold` : '–',
      status: check(s ? s.max <= 3 : undefined),
    });
  }
  const write = report.endpoints.find((e) => e.kind === 'write' && e.result);
  lines.push({
    budget: 'Progress writes: ≥ 3 000 per second',
    measured: write?.result ? `${write.result.rps.toFixed(0)} /s` : '–',
    status: check(write?.result ? write.result.rps >= 3000 : undefined),
  });
  lines.push({
    budget: 'Progress writes, access log on: ≥ 5 000 per second',
    measured: write?.result ? `${write.result.rps.toFixed(0)} /s` : '–',
    status: check(write?.result ? write.result.rps >= 5000 : undefined),
  });
  lines.push({
    budget: 'Progress writes: p99 ≤ 30 ms',
    measured: ms(write?.result?.p99),
    status: check(write?.result ? write.result.p99 <= 30 : undefined),
  });
  const w = report.write;
  lines.push({
    budget: 'Progress writes: nothing lost (rows counted after the run)',
    measured: w
      ? `${w.rowsAfter.toLocaleString('en')} rows, expected ${w.expectedMin === w.expectedMax ? w.expectedMin.toLocaleString('en') : `${w.expectedMin.toLocaleString('en')}–${w.expectedMax.toLocaleString('en')}`}; ${w.acknowledgedFound.toLocaleString('en')} of ${w.acknowledgedDistinct.toLocaleString('en')} acknowledged pairs present`
      : '–',
    status: check(
      w
        ? w.rowsAfter >= w.expectedMin &&
            w.rowsAfter <= w.expectedMax &&
            w.acknowledgedFound === w.acknowledgedDistinct
        : undefined,
    ),
  });
  lines.push({
    budget: 'One API process under 300 MB RSS during the run',
    measured: report.apiPeakRssMb === undefined ? '–' : `${report.apiPeakRssMb.toFixed(0)} MB peak (VmHWM)`,
    status: check(report.apiPeakRssMb === undefined ? undefined : report.apiPeakRssMb < 300),
  });
  lines.push(adminDashboardBudget(report.adminDashboard));
  lines.push(conversionBudget(report.entitlementsConversion));
  lines.push(...costBudgets(report.cost));
  const size = (route: string) => report.web?.find((r) => r.route === route);
  for (const [route, limit] of [
    ['/login', 100],
    ['/academy', 160],
  ] as const) {
    const r = size(route);
    lines.push({
      budget: `First-load JavaScript of ${route} ≤ ${limit} KB gzip`,
      measured: r?.available ? kb(r.jsGzip) : '–',
      status: check(r?.available ? r.jsGzip <= limit * 1024 : undefined),
    });
  }
  const audit = (route: string) =>
    report.lighthouse?.find((r) => r.route === route && r.performance !== undefined);
  // issue 8's pages, and issue 20's course page and checkout
  for (const route of ['/login', '/academy', 'course page', 'checkout']) {
    const a = audit(route);
    lines.push({
      budget: `Lighthouse mobile ${route}: performance ≥ 95`,
      measured: a ? String(a.performance) : '–',
      status: check(a ? (a.performance ?? 0) >= 95 : undefined),
    });
    lines.push({
      budget: `Lighthouse mobile ${route}: accessibility 100`,
      measured: a ? String(a.accessibility) : '–',
      status: check(a ? a.accessibility === 100 : undefined),
    });
  }
  const viewer = audit('course viewer');
  lines.push({
    budget: 'Lighthouse mobile course viewer: performance ≥ 90',
    measured: viewer ? String(viewer.performance) : 'page not available yet',
    status: check(viewer ? (viewer.performance ?? 0) >= 90 : undefined),
  });
  // issue 30: a phone on a slow network (400 ms a round trip, 1.5 Mb/s), cold
  for (const [route, what, limit] of [
    ['/academy', 'logged-in, first course card', 2500],
    ['/cursos/{courseId}', 'visitor, title and cover', 2000],
  ] as const) {
    const f = report.firstView?.find((x) => x.route === route);
    lines.push({
      budget: `First view of ${route} (${what}) at 400 ms a round trip and 1.5 Mb/s: ≤ ${(limit / 1000).toFixed(1)} s`,
      measured: f?.median
        ? `${(f.median.ms / 1000).toFixed(2)} s (median of ${f.runs?.length})`
        : f?.error
          ? `failed: ${f.error}`
          : '–',
      status: check(f?.median ? f.median.ms <= limit : undefined),
    });
  }
  for (const a of report.lighthouse?.filter((x) => x.cls !== undefined) ?? []) {
    lines.push({
      budget: `CLS ≤ 0.05 on ${a.route}`,
      measured: (a.cls ?? 0).toFixed(3),
      status: check((a.cls ?? 1) <= 0.05),
    });
  }
  return lines;
}

function table(header: string[], rows: string[][]): string {
  const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escapeCell).join(' | ')} |`),
  ].join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const { settings, machine, data } = report;
  const small = isSmallRun(settings);
  const out: string[] = [];
  out.push('# Performance');
  out.push('');
  out.push(
    'Generated by `npm run bench` (see docs/benchmarks.md). Every figure below was measured in the run described here; the table of budgets is the one of issue 8, with the access-log budgets of issue 19.',
  );
  out.push('');
  if (small) {
    out.push(
      `> **Small-scale development run** (BENCH_SCALE=${settings.scale}, ${settings.duration} s per endpoint, ${settings.connections} connections) on a machine shared with other test suites. These figures show the bench works end to end; they are not the production-scale measurement. The full run (\`npm run bench\` with the defaults, on an idle machine) replaces this file.`,
    );
    out.push('');
  }
  out.push(
    table(
      ['run', ''],
      [
        ['date', `${report.date.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
        [
          'machine',
          `${machine.cpus} CPUs (nproc), ${machine.cpuModel}, ${machine.memoryGiB.toFixed(0)} GiB memory`,
        ],
        ['software', `Node ${machine.node}, PostgreSQL ${machine.postgres}`],
        [
          'API process',
          `as \`npm start\` runs it: NODE_ENV=production, Node options ${report.apiNodeOptions.length ? report.apiNodeOptions.map((o) => `\`${o}\``).join(' ') : 'none'}, LOG_LEVEL unset (production's \`info\`: one access-log line per request), standard output a pipe drained by a reader process (\`cat\`) into a file, as a platform's log collector; one process (WEB_CONCURRENCY=1), and two in the table "Two processes"; beside every load, the same API at LOG_LEVEL=warn (no access log); rate limits off (all the load comes from one address)`,
        ],
        [
          'load average (1 min)',
          `${machine.loadAverage.start.toFixed(1)} at the start, ${machine.loadAverage.afterLoad?.toFixed(1) ?? '–'} after the API load${loadDuring(machine)} (${machine.cpus} CPUs: the load itself keeps it near ${machine.cpus}–3; well above that means other work competed for the CPU)`,
        ],
        [
          'load',
          `autocannon, ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s per endpoint, tokens of ${settings.scale < 1 ? 'up to ' : ''}2 000 real users in rotation`,
        ],
        [
          'data set',
          `${data.users.toLocaleString('en')} users (${data.subscribedUsers.toLocaleString('en')} subscribed), ${data.catalogueItems.toLocaleString('en')} catalogue items, ${data.sections.toLocaleString('en')} sections, ${data.sectionProgress.toLocaleString('en')} section-progress rows, ${data.courseProgress.toLocaleString('en')} course-progress rows, ${data.purchases.toLocaleString('en')} purchases, ${data.plans} plans (seed ${settings.seed}, scale ${settings.scale}${data.reused ? ', reused' : `, generated in ${data.seconds.toFixed(0)} s`})`,
        ],
        ['bench duration', `${(report.seconds / 60).toFixed(1)} min`],
      ],
    ),
  );
  out.push('');

  out.push('## Budgets');
  out.push('');
  const lines = budgets(report);
  out.push(
    table(
      ['budget', 'measured', 'status'],
      lines.map((l) => [l.budget, l.measured, mark(l.status)]),
    ),
  );
  const missed = lines.filter((l) => l.status === 'missed').length;
  out.push('');
  out.push(
    `${lines.filter((l) => l.status === 'met').length} met, ${missed} missed, ${lines.filter((l) => l.status === 'not measured').length} not measured.${missed ? ' Causes and fixes of the misses: see "Analysis" below.' : ''}`,
  );
  out.push('');

  out.push(...conversionSection(report.entitlementsConversion));

  out.push('## API under load');
  out.push('');
  out.push(
    `The API runs as built for production (\`NODE_ENV=production\`, one process, PostgreSQL pool of 10) on 127.0.0.1, as it ships: at \`info\`, writing one access-log line per request to its standard output (asynchronously, pino's destination), a pipe drained into a file. The columns "at warn" are the same load, right after, on a second API process started with LOG_LEVEL=warn (no access log), as every figure of this report before issue 19 was measured. autocannon runs in the bench process on the same two cores. The ceiling is a bare \`node:http\` process (no framework, no log) answering the same ${report.ceilingBytes ?? '?'} bytes as the catalogue response; an endpoint whose answers are larger also pays for more socket writes per request (see "bytes per answer").`,
  );
  out.push('');
  const rows: string[][] = [];
  if (report.ceiling) {
    rows.push([
      'ceiling (bare node:http, same bytes)',
      report.ceiling.rps.toFixed(0),
      ms(report.ceiling.p50),
      ms(report.ceiling.p99),
      '100%',
      '–',
      '–',
      '–',
      report.ceilingBytes ? String(report.ceilingBytes) : '–',
      '0',
      '–',
      '–',
    ]);
  }
  for (const e of report.endpoints) {
    if (!e.result) {
      rows.push([e.label, e.skipped ?? 'skipped', '', '', '', '', '', '', '', '', '', '']);
      continue;
    }
    const s = statementsOf(report, e.name);
    const share = (r: LoadResult | undefined) =>
      report.ceiling && r ? `${((r.rps / report.ceiling.rps) * 100).toFixed(1)}%` : '–';
    rows.push([
      e.label,
      e.result.rps.toFixed(0),
      ms(e.result.p50),
      ms(e.result.p99),
      share(e.result),
      e.warn ? e.warn.rps.toFixed(0) : '–',
      ms(e.warn?.p99),
      share(e.warn),
      e.bodyBytes ? String(e.bodyBytes) : '–',
      String(e.result.non2xx + e.result.errors),
      s ? `${s.mean.toFixed(1)} (max ${s.max}, cold ${s.cold})` : '–',
      e.rssMb ? `${e.rssMb.toFixed(0)} MB` : '–',
    ]);
  }
  out.push(
    table(
      [
        'endpoint',
        'req/s',
        'p50',
        'p99',
        'of ceiling',
        'at warn: req/s',
        'at warn: p99',
        'at warn: of ceiling',
        'bytes per answer',
        'non-2xx + errors',
        'SQL / request',
        'API RSS after',
      ],
      rows,
    ),
  );
  out.push('');
  if (report.accessLog) {
    const { info, warn, answered } = report.accessLog;
    out.push(
      `Access log of the \`info\` process: **${info.accessLines.toLocaleString('en')} lines for ${answered.toLocaleString('en')} answers** counted by autocannon (warm-ups and probes included; a run's last requests, in flight when autocannon stops, are answered and logged but not counted), ${(info.bytes / 1024 ** 2).toFixed(1)} MB, ${info.lines ? (info.bytes / info.lines).toFixed(0) : '–'} bytes a line; ${info.warnings} lines at warn or above. The \`warn\` process wrote ${warn.lines} lines.`,
    );
    out.push('');
  }
  out.push(
    `Peak RSS of the API process during the load (VmHWM): **${report.apiPeakRssMb?.toFixed(0) ?? '–'} MB**. SQL statements are counted, not estimated: the API is built in the bench process with a wrapper around the \`pg\` client and requests are injected one at a time: the first with empty caches ("cold"), then ${report.statements[0]?.samples ?? 0} calls over different users and ids, each sent twice with the second one counted ("warm", what the load sees once the API's caches are filled); BEGIN and COMMIT count.`,
  );
  out.push('');

  if (report.twoProcesses) {
    const { rows: twoRows, workers } = report.twoProcesses;
    out.push('### Two processes');
    out.push('');
    out.push(
      `The same API started with WEB_CONCURRENCY=2 (node:cluster: a primary hands each new connection to one of ${workers} workers; production's default on this ${machine.cpus}-CPU machine), access log on, after the loads above; the one-process figures are those of the table above. Each process has its own caches and pool of 10; autocannon and PostgreSQL share the same ${machine.cpus} cores, so a second process adds no core of its own here.`,
    );
    out.push('');
    out.push(
      table(
        [
          'endpoint',
          '1 process: req/s',
          '1 process: p99',
          '2 processes: req/s',
          '2 processes: p99',
          '2 ÷ 1',
          'non-2xx + errors',
        ],
        twoRows.map((r) => [
          r.label,
          r.one ? r.one.rps.toFixed(0) : '–',
          ms(r.one?.p99),
          r.two.rps.toFixed(0),
          ms(r.two.p99),
          r.one ? `${(r.two.rps / r.one.rps).toFixed(2)}×` : '–',
          String(r.two.non2xx + r.two.errors),
        ]),
      ),
    );
    out.push('');
  }

  if (report.write) {
    const w = report.write;
    out.push('### Progress writes: nothing lost');
    out.push('');
    out.push(
      table(
        ['', 'count'],
        [
          [
            'section_progress rows before the write load (warm-up included)',
            w.rowsBefore.toLocaleString('en'),
          ],
          [
            'writes sent / acknowledged (200) / failed',
            `${w.sent.toLocaleString('en')} / ${w.acknowledged.toLocaleString('en')} / ${w.failed.toLocaleString('en')}`,
          ],
          ['distinct (user, section) pairs acknowledged', w.acknowledgedDistinct.toLocaleString('en')],
          ['…of which new (no row before)', w.newPairsAcknowledged.toLocaleString('en')],
          [
            'expected rows after = before + new pairs',
            w.expectedMin === w.expectedMax
              ? w.expectedMin.toLocaleString('en')
              : `${w.expectedMin.toLocaleString('en')}–${w.expectedMax.toLocaleString('en')} (writes in flight when a run ended may or may not have landed)`,
          ],
          ['rows after', w.rowsAfter.toLocaleString('en')],
          [
            'acknowledged pairs found in the table',
            `${w.acknowledgedFound.toLocaleString('en')} of ${w.acknowledgedDistinct.toLocaleString('en')}`,
          ],
        ],
      ),
    );
    out.push('');
  }

  out.push(...costSection(report.cost, settings.connections));

  out.push('## SQL statements and their plans');
  out.push('');
  out.push(
    'The statements of one warm request per endpoint (the one that issued the most), then those only the cold request sent (the queries that fill the caches: course structures, catalogue pages, search results), captured with their parameters and run with `EXPLAIN (ANALYZE, BUFFERS)` on the bench database inside a rolled-back transaction.',
  );
  out.push('');
  for (const count of report.statements) {
    const label = report.endpoints.find((e) => e.name === count.name)?.label ?? count.name;
    out.push(`### ${label}`);
    out.push('');
    out.push(
      `${count.mean.toFixed(1)} statements per warm request (max ${count.max}), ${count.cold} on a cold start; statuses ${[...new Set(count.statuses)].join(', ')}.`,
    );
    out.push('');
    const explained = report.explains.filter((x) => x.endpoint === count.name);
    for (const [i, x] of explained.entries()) {
      out.push(
        `${i + 1}. ${x.coldOnly ? '(cold only: fills a cache) ' : ''}${x.indexes.length ? `index: ${x.indexes.map((n) => `\`${n}\``).join(', ')}` : 'no index'}${x.seqScans.length ? `; **sequential scan of ${x.seqScans.map((n) => `\`${n}\``).join(', ')}**` : ''}; ${x.executionMs.toFixed(2)} ms`,
      );
      out.push('');
      out.push('   <details><summary>SQL and plan</summary>');
      out.push('');
      out.push('   ```sql');
      out.push(`   ${x.sql}`);
      out.push('   ```');
      out.push('');
      out.push('   ```');
      for (const line of x.plan.split('\n')) out.push(`   ${line}`);
      out.push('   ```');
      out.push('');
      out.push('   </details>');
      out.push('');
    }
  }

  out.push('## Web');
  out.push('');
  if (report.web) {
    out.push(
      'First-load JavaScript and CSS of each route, from the Vite manifest of the production build: the entry chunk and its static imports plus the lazy page modules on the route (layouts included) and their static imports; gzip level 9.',
    );
    out.push('');
    out.push(
      table(
        ['route', 'URL', 'JS gzip', 'CSS gzip', 'files'],
        report.web.map((r) =>
          r.available
            ? [r.route, `\`${r.url}\``, kb(r.jsGzip), kb(r.cssGzip), String(r.files.length)]
            : [r.route, `\`${r.url}\``, 'not available yet', '', ''],
        ),
      ),
    );
    out.push('');
  } else {
    out.push('Not measured in this run (BENCH_SKIP_WEB=1, or see the notes of this run).');
    out.push('');
  }
  if (report.lighthouse) {
    out.push(
      `Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian Chromium headless, against the production build served by the API; logged-in pages with a real session in localStorage. Each page is audited ${settings.lighthouseRuns} times and the table gives the median run by performance score (as Lighthouse's authors advise); the last column lists every run.`,
    );
    out.push('');
    out.push(
      table(
        [
          'route',
          'performance',
          'accessibility',
          'best practices',
          'LCP',
          'CLS',
          'TBT',
          'runs: performance / LCP / CLS / TBT',
        ],
        report.lighthouse.map((a) =>
          !a.available
            ? [a.route, 'not available yet', '', '', '', '', '', '']
            : a.performance === undefined
              ? [a.route, `failed: ${a.error ?? '?'}`, '', '', '', '', '', '']
              : [
                  a.route,
                  String(a.performance),
                  String(a.accessibility),
                  String(a.bestPractices),
                  ms(a.lcpMs),
                  (a.cls ?? 0).toFixed(3),
                  ms(a.tbtMs),
                  (a.runs ?? [])
                    .map((r) => `${r.performance} / ${ms(r.lcpMs)} / ${r.cls.toFixed(3)} / ${ms(r.tbtMs)}`)
                    .join('; '),
                ],
        ),
      ),
    );
    out.push('');
    const withBytes = report.lighthouse.filter((a) => a.bytes);
    if (withBytes.length) {
      out.push(
        "Bytes each page's load transferred in that run (Lighthouse's resource summary, compressed as sent): the first-load JavaScript budgets above count scripts; fonts and images are here beside them. /login is a cold load; the logged-in pages keep the browser's cache between audits (their session must survive), so they show what a returning visitor's browser fetches.",
      );
      out.push('');
      const kbOf = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      out.push(
        table(
          ['route', 'total', 'scripts', 'styles', 'fonts', 'images', 'document and other'],
          withBytes.map((a) => {
            const b = a.bytes as NonNullable<typeof a.bytes>;
            return [
              a.route,
              kbOf(b.total),
              kbOf(b.script),
              kbOf(b.stylesheet),
              kbOf(b.font),
              kbOf(b.image),
              kbOf(b.other),
            ];
          }),
        ),
      );
      out.push('');
    }
    for (const a of report.lighthouse.filter((x) => x.findings?.length)) {
      out.push(`Audits below 0.9 on ${a.route}: ${a.findings?.join('; ')}.`);
      out.push('');
    }
  } else if (report.web) {
    out.push('Lighthouse not run (BENCH_SKIP_LIGHTHOUSE=1).');
    out.push('');
  }

  if (report.firstView) out.push(...firstViewSection(report.firstView, settings));

  if (report.notes.length) {
    out.push('## Notes of this run');
    out.push('');
    for (const note of report.notes) out.push(`- ${note}`);
    out.push('');
  }

  // The analysis (causes, fixes and what each saved, run to run) is history, kept by hand apart.
  out.push('## Analysis');
  out.push('');
  out.push(
    'Slow paths, their causes and fixes, what each change saved and the run-to-run variation: [performance-history.md](performance-history.md).',
  );
  out.push('');
  return `${out.join('\n')}\n`;
}

export function writeReport(report: BenchReport): void {
  // The "Sustained load" section is npm run soak's: carried over from the file being replaced.
  const file = report.settings.reportPath;
  writeFileSync(file, keepSoakSection(file, renderMarkdown(report)));
  log(`   wrote ${path.relative(process.cwd(), report.settings.reportPath) || report.settings.reportPath}`);
}

/** Issue 30's first views: how they are measured, the figures, and the median run's calls. */
function firstViewSection(results: FirstViewResult[], settings: Settings): string[] {
  const out: string[] = [];
  out.push('### First view on a slow network');
  out.push('');
  out.push(
    `Debian Chromium headless (puppeteer-core, \`--no-sandbox --disable-background-networking --disable-component-update --disable-sync --no-first-run\`) against the same production build the API serves, with the network emulated through CDP \`Network.emulateNetworkConditions\` at ${slowNetwork.latency} ms a round trip and ${((slowNetwork.downloadThroughput * 8) / 1e6).toFixed(1)} Mb/s (${slowNetwork.downloadThroughput.toLocaleString('en')} bytes/s) both ways, the cache disabled (\`Network.setCacheDisabled\`), a phone's screen (412 × 823, DPR 1.75) and the CPU not slowed down. Each run is a cold first visit in a fresh browser context; the logged-in one has only her session in localStorage, put there before the page's first script. A requestAnimationFrame loop injected before the page's scripts takes the time (from the start of the navigation) of the first frame in which the element is laid out, displayed and opaque, an image also loaded: /academy's first course card (not a skeleton); a visitor's course page's title (its h1) and cover (the image loaded). Each page runs ${settings.firstViewRuns} times; the table gives the median and every run.`,
  );
  out.push('');
  out.push(
    table(
      ['page', 'until', 'median', 'budget', 'runs', 'requests started until then', 'KB received until then'],
      results.map((r) =>
        r.median
          ? [
              `\`${r.url}\``,
              r.what,
              `${(r.median.ms / 1000).toFixed(2)} s`,
              `${(r.budgetMs / 1000).toFixed(1)} s`,
              (r.runs ?? []).map((x) => (x / 1000).toFixed(2)).join(', '),
              String(r.median.requests),
              (r.median.bytes / 1024).toFixed(0),
            ]
          : [
              `\`${r.url}\``,
              r.what,
              `failed: ${r.error ?? '?'}`,
              `${(r.budgetMs / 1000).toFixed(1)} s`,
              '',
              '',
              '',
            ],
      ),
    ),
  );
  out.push('');
  for (const r of results.filter((x) => x.median)) {
    const median = r.median as NonNullable<FirstViewResult['median']>;
    const calls = median.waterfall
      .filter((e) => e.startMs <= median.ms)
      .map((e) => {
        const url = new URL(e.url);
        return `${url.pathname}${url.search ? '?…' : ''} ${Math.round(e.startMs)}–${Math.round(e.endMs)} ms`;
      });
    out.push(
      `The median run of \`${r.url}\`, each request started before the figure (from the document's request; bench/.out/first-view has the whole run): ${calls.join('; ')}.`,
    );
    out.push('');
  }
  return out;
}

/** The console summary: the budgets table. */
export function printBudgets(report: BenchReport): void {
  const lines = budgets(report);
  const width = Math.max(...lines.map((l) => l.budget.length));
  for (const l of lines) {
    log(`   ${l.budget.padEnd(width)}  ${l.measured.padEnd(28)}  ${l.status.toUpperCase()}`);
  }
}
