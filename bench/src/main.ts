import os from 'node:os';
import path from 'node:path';
import { measureAdminDashboard } from './admin-dashboard';
import { startCeiling } from './ceiling';
import { type CostReport, embeddedCallers, loadAverages, measureCost, measureIdle } from './cost';
import { countStatements } from './count-statements';
import { measureEntitlementsConversion } from './entitlements-conversion';
import { explainStatements } from './explain';
import { measureFirstView } from './first-view';
import { loadFixtures } from './fixtures';
import { generateData, withBenchClient } from './generate-data';
import { runLighthouse } from './lighthouse';
import { type Endpoint, hotEndpoints, type LoadResult, measure, probe } from './load';
import { countLog, waitForWorkers } from './log-count';
import { startPaymentProvider } from './payment-provider';
import {
  type BenchReport,
  type EndpointOutcome,
  isSmallRun,
  printBudgets,
  type TwoProcessRow,
  type WriteCheck,
  writeReport,
} from './report';
import {
  buildApi,
  type LoggedProcess,
  productionNodeOptions,
  type RunningProcess,
  startApi,
} from './run-api';
import { log, outDir, settings, step, timed } from './settings';
import { buildWeb, routeSizes, webDistDir } from './web-sizes';

const started = performance.now();
const loadAtStart = os.loadavg()[0] ?? 0;
const notes: string[] = [];
const running: RunningProcess[] = [];

async function stopAll() {
  while (running.length) await running.pop()?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

/** The 1-minute load average now, kept with a label for the report. */
const loadSamples: { label: string; value: number }[] = [];
function sampleLoad(label: string): void {
  loadSamples.push({ label, value: os.loadavg()[0] ?? 0 });
}

/** Stops an API started with a piped log and counts what it wrote. */
async function stopAndCount(api: LoggedProcess) {
  await api.stop();
  running.splice(running.indexOf(api), 1);
  return countLog(api.logFile);
}

/** Answers a load received (every one is a line of the access log when it is on). */
const answered = (...results: LoadResult[]) => results.reduce((sum, r) => sum + r.requests, 0);

/** Endpoints measured again with two API processes, beside the one-process figures. */
const twoProcessEndpoints = ['catalogue', 'search', 'progress-write'];

async function sectionProgressRows(): Promise<number> {
  return withBenchClient(settings, async (client) => {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from section_progress');
    return Number(rows[0]?.n ?? 0);
  });
}

/** A course a visitor can open: the demo learner's when it is public, else the catalogue's first. */
async function publicCourseId(origin: string, preferred: string): Promise<string> {
  const own = await fetch(`${origin}/api/academy/public/${preferred}`);
  if (own.ok) return preferred;
  const list = (await (await fetch(`${origin}/api/academy/public/courses?page=1&pageSize=1`)).json()) as {
    items?: { id: string }[];
  };
  const first = list.items?.[0]?.id;
  if (!first) throw new Error('no public course in the bench database');
  return first;
}

async function main() {
  log(
    `Alcancía bench: scale ${settings.scale}, ${settings.connections} connections, ${settings.warmup} s + ${settings.duration} s per endpoint, database ${settings.databaseName}`,
  );
  if (isSmallRun(settings)) log('   (a small-scale development run: the report says so)');

  step('1. Data set');
  const data = await generateData(settings);
  log(
    `   ${data.users.toLocaleString('en')} users, ${data.catalogueItems.toLocaleString('en')} catalogue items, ${data.sections.toLocaleString('en')} sections, ${data.sectionProgress.toLocaleString('en')} section_progress rows, ${data.courseProgress.toLocaleString('en')} course_progress rows (${data.seconds.toFixed(0)} s)`,
  );
  if (settings.scale >= 1 && data.sectionProgress < 3_000_000)
    notes.push('fewer than 3 000 000 section-progress rows');

  step('1b. Entitlements conversion (issue 27): the migrations to grants on the generated users');
  const entitlementsConversion = await measureEntitlementsConversion(settings, data);

  step('2. Builds');
  await timed('API bundle (apps/api/dist/bench/server.js)', buildApi);
  // A web build that fails (e.g. a page being written right now) costs the web part, not the run.
  let webBuilt = false;
  if (!settings.skipWeb) {
    try {
      await timed('web app with Vite manifest (bench/.out/web)', buildWeb);
      webBuilt = true;
    } catch (error) {
      notes.push(
        `the web build failed, so sizes and Lighthouse were not measured: ${(error as Error).message}`,
      );
      log(`   web build failed: ${(error as Error).message}; the web part is skipped`);
    }
  }

  const fixtures = await withBenchClient(settings, (client) => loadFixtures(client, settings));
  const endpoints = hotEndpoints(fixtures).filter(
    (e) => settings.only.length === 0 || settings.only.includes(e.name),
  );

  step('3. API in production mode: as it ships (LOG_LEVEL info, access log on), and at warn');
  const provider = await startPaymentProvider(settings);
  running.push(provider.process);
  // One process each (production's default on this machine would be one per CPU: the two-process
  // figures are measured apart, below). Their standard output goes to a pipe that a reader drains
  // into a file, as a platform's log collector does (run-api.ts).
  const api = await startApi(
    settings,
    webBuilt ? webDistDir : undefined,
    { ...provider.env, WEB_CONCURRENCY: '1' },
    { logFile: path.join(outDir, 'api-info.log') },
  );
  running.push(api);
  log(`   API (info) pid ${api.pid} on ${api.url}, log ${path.relative(process.cwd(), api.logFile)}`);
  const apiWarn = await startApi(
    settings,
    webBuilt ? webDistDir : undefined,
    { ...provider.env, WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
    { logFile: path.join(outDir, 'api-warn.log') },
    settings.port + 3,
  );
  running.push(apiWarn);
  log(`   API (warn) pid ${apiWarn.pid} on ${apiWarn.url}`);

  // Every endpoint must answer 200 before it is loaded; a missing route is reported, not loaded.
  let probesAnswered = 0;
  const outcomes: EndpointOutcome[] = [];
  const loadable: Endpoint[] = [];
  for (const endpoint of endpoints) {
    const outcome: EndpointOutcome = {
      name: endpoint.name,
      label: endpoint.label,
      kind: endpoint.kind,
      catalogue: Boolean(endpoint.catalogue),
    };
    outcomes.push(outcome);
    // Writes are not probed: a probe would write a row the write check does not account for.
    const answer = endpoint.kind === 'read' ? await probe(api.url, endpoint.call(0)) : null;
    if (answer) probesAnswered++;
    if (!answer) {
      loadable.push(endpoint);
    } else if (answer.status === 404 && endpoint.name === 'plans') {
      outcome.skipped = 'not available yet (the route does not exist)';
      log(`   ${endpoint.label}: not available yet (404), skipped`);
    } else if (answer.status !== 200) {
      outcome.skipped = `answers ${answer.status}: ${answer.body.toString().slice(0, 120)}`;
      notes.push(`${endpoint.label} answered ${answer.status} to a valid request and was not loaded`);
      log(`   ${endpoint.label}: answered ${answer.status}, skipped`);
    } else {
      outcome.bodyBytes = answer.body.length;
      loadable.push(endpoint);
    }
  }

  const report: BenchReport = {
    date: new Date(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: os.totalmem() / 1024 ** 3,
      loadAverage: { start: loadAtStart },
      node: process.versions.node,
      postgres: await withBenchClient(settings, async (c) => {
        const { rows } = await c.query<{ server_version: string }>('show server_version');
        return rows[0]?.server_version ?? 'unknown';
      }),
    },
    settings,
    data,
    entitlementsConversion,
    endpoints: outcomes,
    apiNodeOptions: productionNodeOptions(),
    statements: [],
    explains: [],
    notes,
    seconds: 0,
  };

  step('4. Ceiling: bare node:http with the same bytes as the catalogue');
  const catalogueCall = hotEndpoints(fixtures)[0]?.call(0);
  if (catalogueCall && endpoints.length > 0) {
    const sample = await probe(api.url, catalogueCall);
    probesAnswered++;
    const ceiling = await startCeiling(settings, sample.body, sample.contentType);
    running.push(ceiling);
    try {
      const { result } = await measure(settings, ceiling.url, {
        name: 'ceiling',
        label: 'ceiling (bare node:http)',
        kind: 'read',
        call: () => ({ method: 'GET', path: '/api/academy/courses', token: 'none' }),
      });
      report.ceiling = result;
      report.ceilingBytes = sample.body.length;
    } finally {
      await ceiling.stop();
      running.splice(running.indexOf(ceiling), 1);
    }
  }

  if (catalogueCall && endpoints.some((e) => e.name === 'catalogue')) {
    step('4a. Server cost per request (issue 31): as shipped and in production mode, beside bare node:http');
    const catalogue = hotEndpoints(fixtures)[0];
    const track = (p: RunningProcess) => {
      running.push(p);
      return () => void running.splice(running.indexOf(p), 1);
    };
    const cost: CostReport = { runs: [], loadBefore: loadAverages() };
    log(`   load average before: ${cost.loadBefore.join(' ')}`);
    const costEnv = { ...provider.env, DATA_DIR: path.join(outDir, 'cost-data') };
    for (const mode of ['as shipped', 'production'] as const) {
      if (!catalogue) break;
      const benchCallers = async () => ({ call: catalogue.call, count: fixtures.readers.length });
      try {
        cost.runs.push(
          await measureCost(
            settings,
            mode,
            mode === 'as shipped' ? embeddedCallers : benchCallers,
            costEnv,
            track,
          ),
        );
      } catch (error) {
        notes.push(`server cost (${mode}) not measured: ${(error as Error).message}`);
        log(`   ${mode}: not measured: ${(error as Error).message}`);
      }
    }
    try {
      cost.idle = await measureIdle(settings.idleSeconds, 15, settings.port + 5, track);
    } catch (error) {
      notes.push(`idle server not measured: ${(error as Error).message}`);
      log(`   idle: not measured: ${(error as Error).message}`);
    }
    cost.loadAfter = loadAverages();
    log(`   load average after: ${cost.loadAfter.join(' ')}`);
    report.cost = cost;
  }

  step('5. Hot paths under load: access log on (info), then the same at warn');
  sampleLoad('before the API load');
  let answeredInfo = 0;
  // Each write load continues the rotation where the previous one stopped: fresh sections.
  let writeOffset = 0;
  for (const endpoint of loadable) {
    const outcome = outcomes.find((o) => o.name === endpoint.name);
    if (!outcome) continue;
    if (endpoint.kind === 'write') {
      const rowsBefore = await sectionProgressRows();
      let sent = 0;
      let failed = 0;
      const acknowledged = new Set<string>();
      const attempted = new Set<string>();
      let acknowledgedCount = 0;
      const { warmup, result } = await measure(settings, api.url, endpoint, {
        onSend: (key) => {
          sent++;
          if (key) attempted.add(key);
        },
        onAnswer: (status, key) => {
          if (status === 200 && key) {
            acknowledged.add(key);
            acknowledgedCount++;
          } else failed++;
        },
      });
      outcome.result = result;
      answeredInfo += answered(warmup, result);
      writeOffset = result.next;
      const rowsAfter = await sectionProgressRows();
      const isNew = (k: string) => !fixtures.preexistingKeys.has(k);
      const newAcknowledged = [...acknowledged].filter(isNew).length;
      const newAttempted = [...attempted].filter(isNew).length;
      const found = await withBenchClient(settings, async (client) => {
        const keys = [...acknowledged];
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from unnest($1::uuid[], $2::text[]) as k(user_id, section_id)
             join section_progress sp on sp.user_id = k.user_id and sp.section_id = k.section_id`,
          [keys.map((k) => k.split('|')[0]), keys.map((k) => k.split('|')[1])],
        );
        return Number(rows[0]?.n ?? 0);
      });
      const check: WriteCheck = {
        rowsBefore,
        rowsAfter,
        sent,
        acknowledged: acknowledgedCount,
        failed,
        unanswered: sent - acknowledgedCount - failed,
        newPairsAcknowledged: newAcknowledged,
        newPairsSent: newAttempted,
        expectedMin: rowsBefore + newAcknowledged,
        expectedMax: rowsBefore + newAttempted,
        acknowledgedFound: found,
        acknowledgedDistinct: acknowledged.size,
      };
      report.write = check;
      log(
        `   rows before ${rowsBefore.toLocaleString('en')}, after ${rowsAfter.toLocaleString('en')}, expected ${check.expectedMin.toLocaleString('en')}${check.expectedMax !== check.expectedMin ? `–${check.expectedMax.toLocaleString('en')}` : ''}; ${found} of ${acknowledged.size} acknowledged pairs present; ${failed} failed, ${check.unanswered} in flight at the end`,
      );
    } else {
      const { warmup, result } = await measure(settings, api.url, endpoint);
      outcome.result = result;
      answeredInfo += answered(warmup, result);
    }
    outcome.rssMb = api.memory().rssMb;
    const atWarn = await measure(
      settings,
      apiWarn.url,
      { ...endpoint, label: `${endpoint.label} (warn)` },
      {},
      endpoint.kind === 'write' ? writeOffset : 0,
    );
    outcome.warn = atWarn.result;
    if (endpoint.kind === 'write') writeOffset = atWarn.result.next;
    sampleLoad(`after ${endpoint.label}`);
    if (outcome.result && outcome.result.ok === 0) {
      notes.push(
        `${endpoint.label}: no response completed within the ${settings.duration} s run (an overloaded machine, or a stalled endpoint)`,
      );
    }
  }
  // The admin dashboard (issue 18), on the warn process: its requests stay out of the access-log count.
  step('5a. Admin dashboard: GET /api/admin/metrics, one request at a time');
  report.adminDashboard = await measureAdminDashboard(settings, apiWarn.url).catch((error: unknown) => {
    notes.push(`admin dashboard not measured: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  report.apiPeakRssMb = api.memory().peakMb;
  report.machine.loadAverage.afterLoad = os.loadavg()[0];
  log(`   API peak RSS (VmHWM): ${report.apiPeakRssMb.toFixed(0)} MB`);
  // The probes reached the info process too: one line each.
  const probes = probesAnswered;
  const infoLog = await stopAndCount(api);
  const warnLog = await stopAndCount(apiWarn);
  report.accessLog = { info: infoLog, warn: warnLog, answered: answeredInfo + probes };
  log(
    `   access log (info): ${infoLog.accessLines.toLocaleString('en')} lines for ${(answeredInfo + probes).toLocaleString('en')} answers, ${(infoLog.bytes / 1024 ** 2).toFixed(1)} MB; at warn: ${warnLog.lines} lines`,
  );

  const twoProcess = loadable.filter((e) => twoProcessEndpoints.includes(e.name));
  if (twoProcess.length) {
    step('5b. Two API processes (WEB_CONCURRENCY=2, node:cluster), access log on');
    const cluster = await startApi(
      settings,
      webBuilt ? webDistDir : undefined,
      { ...provider.env, WEB_CONCURRENCY: '2' },
      { logFile: path.join(outDir, 'api-two-processes.log') },
    );
    running.push(cluster);
    // Connections are handed to the workers listening when they open: wait for both.
    const workers = await waitForWorkers(cluster.logFile, 2);
    log(`   API primary pid ${cluster.pid} on ${cluster.url}, ${workers} workers listening`);
    const rows: TwoProcessRow[] = [];
    for (const endpoint of twoProcess) {
      const { result } = await measure(
        settings,
        cluster.url,
        { ...endpoint, label: `${endpoint.label} (2 processes)` },
        {},
        endpoint.kind === 'write' ? writeOffset : 0,
      );
      if (endpoint.kind === 'write') writeOffset = result.next;
      const one = outcomes.find((o) => o.name === endpoint.name)?.result;
      rows.push({ name: endpoint.name, label: endpoint.label, one, two: result });
    }
    sampleLoad('after the two-process load');
    const twoLog = await stopAndCount(cluster);
    report.twoProcesses = { rows, workers, log: twoLog };
  }
  report.machine.loadAverage.samples = loadSamples;

  step('6. SQL statements per request (counted in process) and EXPLAIN');
  const counted = endpoints.filter((e) => !outcomes.find((o) => o.name === e.name)?.skipped);
  report.statements = await countStatements(settings, counted);
  for (const s of report.statements) {
    log(`   ${s.name.padEnd(16)} warm mean ${s.mean.toFixed(1)}, max ${s.max}; cold ${s.cold}`);
  }
  report.explains = await withBenchClient(settings, (client) => explainStatements(client, report.statements));
  for (const x of report.explains) {
    log(
      `   ${x.endpoint.padEnd(16)} ${x.coldOnly ? 'cold ' : 'warm '}${x.executionMs.toFixed(2).padStart(7)} ms  ${x.indexes.length ? `index ${x.indexes.join(', ')}` : 'no index'}${x.seqScans.length ? `  SEQ SCAN ${x.seqScans.join(', ')}` : ''}  ${x.sql.slice(0, 70)}`,
    );
  }

  if (webBuilt) {
    step('7. Web: first-load sizes and Lighthouse');
    const routes = [
      { route: '/login', url: '/login', loggedIn: false },
      { route: '/academy', url: '/academy', loggedIn: true },
      // the course page of issue 20 (the overview before a class is opened)
      { route: 'course page', url: `/academy/${fixtures.demo.courseId}`, loggedIn: true },
      {
        route: 'course viewer',
        url: `/academy/${fixtures.demo.courseId}/${fixtures.demo.sectionId}`,
        loggedIn: true,
      },
      { route: 'checkout', url: `/compra/programa/${fixtures.checkoutProgramId}`, loggedIn: true },
    ];
    report.web = routeSizes(routes);
    const session = {
      token: fixtures.demo.token,
      accessToken: fixtures.demo.token,
      refreshToken: 'bench-refresh-token-not-used',
      userId: fixtures.demo.userId,
    };
    if (!settings.skipLighthouse || !settings.skipFirstView) {
      // The API serving the built web app, as the loads measured it (one process, info).
      const web = await startApi(
        settings,
        webDistDir,
        { ...provider.env, WEB_CONCURRENCY: '1' },
        { logFile: path.join(outDir, 'api-web.log') },
      );
      running.push(web);
      if (!settings.skipLighthouse) {
        report.lighthouse = await runLighthouse(
          settings,
          web.url,
          routes.map((r) => ({
            ...r,
            available: report.web?.find((w) => w.route === r.route)?.available ?? false,
          })),
          session,
        );
      }
      if (!settings.skipFirstView) {
        step('7a. First view at 400 ms a round trip and 1.5 Mb/s (issue 30)');
        const courseId = await publicCourseId(web.url, fixtures.demo.courseId);
        report.firstView = await measureFirstView(
          settings,
          web.url,
          [
            {
              route: '/academy',
              url: '/academy',
              what: 'first course card',
              budgetMs: 2500,
              loggedIn: true,
              marks: ['card'],
            },
            {
              route: '/cursos/{courseId}',
              url: `/cursos/${courseId}`,
              what: 'title and cover',
              budgetMs: 2000,
              loggedIn: false,
              marks: ['title', 'cover'],
            },
          ],
          session,
        );
      }
    }
  }
  await stopAll();

  step('8. Report');
  report.seconds = (performance.now() - started) / 1000;
  printBudgets(report);
  writeReport(report);
  log(`   total ${(report.seconds / 60).toFixed(1)} min`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error('bench failed:', error);
    await stopAll();
    process.exit(1);
  },
);
