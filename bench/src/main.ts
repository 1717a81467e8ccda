import os from 'node:os';
import { startCeiling } from './ceiling';
import { countStatements } from './count-statements';
import { explainStatements } from './explain';
import { loadFixtures } from './fixtures';
import { generateData, withBenchClient } from './generate-data';
import { runLighthouse } from './lighthouse';
import { type Endpoint, hotEndpoints, measure, probe } from './load';
import { startPaymentProvider } from './payment-provider';
import {
  type BenchReport,
  type EndpointOutcome,
  isSmallRun,
  printBudgets,
  type WriteCheck,
  writeReport,
} from './report';
import { buildApi, productionNodeOptions, type RunningProcess, startApi } from './run-api';
import { log, settings, step, timed } from './settings';
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

async function sectionProgressRows(): Promise<number> {
  return withBenchClient(settings, async (client) => {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from section_progress');
    return Number(rows[0]?.n ?? 0);
  });
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

  step('3. API in production mode');
  const provider = await startPaymentProvider(settings);
  running.push(provider.process);
  const api = await startApi(settings, webBuilt ? webDistDir : undefined, provider.env);
  running.push(api);
  log(`   API pid ${api.pid} on ${api.url}`);

  // Every endpoint must answer 200 before it is loaded; a missing route is reported, not loaded.
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
    endpoints: outcomes,
    apiNodeOptions: productionNodeOptions(),
    statements: [],
    explains: [],
    notes,
    seconds: 0,
  };

  step('4. Ceiling: bare Fastify with the same bytes as the catalogue');
  const catalogueCall = hotEndpoints(fixtures)[0]?.call(0);
  if (catalogueCall && endpoints.length > 0) {
    const sample = await probe(api.url, catalogueCall);
    const ceiling = await startCeiling(settings, sample.body, sample.contentType);
    running.push(ceiling);
    try {
      const { result } = await measure(settings, ceiling.url, {
        name: 'ceiling',
        label: 'ceiling (bare Fastify)',
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

  step('5. Hot paths under load');
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
      const { result } = await measure(settings, api.url, endpoint, {
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
      const { result } = await measure(settings, api.url, endpoint);
      outcome.result = result;
    }
    outcome.rssMb = api.memory().rssMb;
    if (outcome.result && outcome.result.ok === 0) {
      notes.push(
        `${endpoint.label}: no response completed within the ${settings.duration} s run (an overloaded machine, or a stalled endpoint)`,
      );
    }
  }
  report.apiPeakRssMb = api.memory().peakMb;
  report.machine.loadAverage.afterLoad = os.loadavg()[0];
  log(`   API peak RSS (VmHWM): ${report.apiPeakRssMb.toFixed(0)} MB`);

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
      {
        route: 'course viewer',
        url: `/academy/${fixtures.demo.courseId}/${fixtures.demo.sectionId}`,
        loggedIn: true,
      },
      { route: 'checkout', url: `/compra/programa/${fixtures.checkoutProgramId}`, loggedIn: true },
    ];
    report.web = routeSizes(routes);
    if (!settings.skipLighthouse) {
      report.lighthouse = await runLighthouse(
        settings,
        api.url,
        routes.map((r) => ({
          ...r,
          available: report.web?.find((w) => w.route === r.route)?.available ?? false,
        })),
        {
          token: fixtures.demo.token,
          accessToken: fixtures.demo.token,
          refreshToken: 'bench-refresh-token-not-used',
          userId: fixtures.demo.userId,
        },
      );
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
