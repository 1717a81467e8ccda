import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCapture } from '../../apps/sandbox/src/index';
import { loadFixtures, prng } from './fixtures';
import { generateData, withBenchClient } from './generate-data';
import { hotEndpoints } from './load';
import { startPaymentProvider } from './payment-provider';
import { buildApi, productionNodeOptions, type RunningProcess, startApi } from './run-api';
import { log, repoRoot, step, timed } from './settings';
import { renderChart } from './soak-chart';
import { loadSoakFixtures } from './soak-fixtures';
import { fromRoot, renderSoakSection, type SoakResult } from './soak-report';
import { type Sample, Sampler } from './soak-sampler';
import { withSoakSection } from './soak-section';
import { soakBenchSettings as bench, soakSettings as soak } from './soak-settings';
import { type Kind, kinds, mix, Traffic, timeWebhooks } from './soak-traffic';
import { judge } from './soak-verdict';

/**
 * npm run soak: the API as it ships (production mode, default log level, rate limits on, the
 * PostgreSQL server) under a steady mix of logins, catalogue reads, progress writes, card
 * checkouts and their webhooks for SOAK_MINUTES, sampled every SOAK_SAMPLE_SECONDS; then the
 * verdicts, a JSON of the samples, an SVG chart and the "Sustained load" section of
 * docs/performance.md. Exits 1 when a verdict is missed.
 */

const started = performance.now();
const running: { stop(): Promise<void> }[] = [];

async function stopAll() {
  while (running.length) await running.pop()?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines of the API's log file, and those at warn (40) and at error (50) or above. */
function countLogLines(file: string): { total: number; warn: number; error: number } {
  const counts = { total: 0, warn: 0, error: 0 };
  if (!existsSync(file)) return counts;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    counts.total++;
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level >= 50) counts.error++;
    else if (level === 40) counts.warn++;
  }
  return counts;
}

/** Writes JSON as Biome formats it (docs/ is linted), falling back to plain JSON.stringify. */
function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  const biome = path.join(repoRoot, 'node_modules/.bin/biome');
  if (file.startsWith(repoRoot) && existsSync(biome)) {
    spawnSync(biome, ['format', '--write', file], { cwd: repoRoot, stdio: 'ignore' });
  }
}

function sampleLine(s: Sample): string {
  const p99 = kinds
    .filter((k) => s.kinds[k].count)
    .map((k) => `${k} ${s.kinds[k].p99.toFixed(1)}`)
    .join(' ');
  return `   ${s.minute.toFixed(1).padStart(5)} min  ${s.throughput.toFixed(0).padStart(4)} req/s  p99 ms: ${p99}  errors ${s.errors}  RSS ${s.rssMb.toFixed(0)} MB  heap ${s.heapUsedMb?.toFixed(0) ?? '–'} MB  PG conn. ${s.pgConnectionsMax}`;
}

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0;
  log(
    `Alcancía soak: ${soak.minutes} min at ${soak.rate} req/s (${Object.entries(mix)
      .map(([k, v]) => `${k} ${(v * 100).toFixed(0)} %`)
      .join(
        ', ',
      )}), samples every ${soak.sampleSeconds} s, warm-up ${soak.warmupMinutes.toFixed(1)} min; database ${bench.databaseName}, scale ${bench.scale}`,
  );

  step('1. Data set (the bench generator)');
  const data = await generateData(bench);
  log(
    `   ${data.users.toLocaleString('en')} users, ${data.sectionProgress.toLocaleString('en')} section_progress rows (${data.seconds.toFixed(0)} s)`,
  );
  const { fixtures, soakFixtures } = await withBenchClient(bench, async (client) => ({
    fixtures: await loadFixtures(client, bench),
    // Few enough callers that every kind goes through all of them within minutes (the API's
    // per-user caches fill during the warm-up, not all along the run), and enough that none nears
    // the API's limits: each login user logs in 6 times per 15 minutes (the limit is 10), each
    // buyer pays every 150 s (10 per 15 minutes) and never buys the same program twice.
    soakFixtures: await loadSoakFixtures(client, bench, {
      logins: Math.max(100, Math.ceil((soak.rate * mix.login * 900) / 6)),
      buyers: Math.max(
        50,
        Math.ceil(soak.rate * mix.checkout * 150),
        Math.ceil((soak.rate * mix.checkout * soak.minutes * 60) / 200),
      ),
    }),
  }));
  log(
    `   ${soakFixtures.loginUsers.length} login users, ${soakFixtures.buyers.length} buyers, ${soakFixtures.programs.length} programs on sale`,
  );

  step('2. API bundle');
  await timed('API bundle (apps/api/dist/bench/server.js)', buildApi);

  step('3. Mail, payment provider, API in production mode');
  let mails = 0;
  const smtp = await startSmtpCapture(async () => {
    mails++;
  });
  running.push({ stop: () => smtp.close() });
  const provider = await startPaymentProvider(bench);
  running.push(provider.process);
  mkdirSync(path.dirname(soak.apiLogPath), { recursive: true });
  const apiLog = createWriteStream(soak.apiLogPath);
  const api: RunningProcess = await startApi(
    bench,
    undefined,
    {
      ...provider.env,
      // as it ships: empty is unset, so the defaults apply (info, rate limits on)
      LOG_LEVEL: '',
      RATE_LIMIT_ENABLED: '',
      // behind a proxy on loopback, as in compose.yaml: clients' addresses come in X-Forwarded-For
      TRUST_PROXY: 'loopback',
      SMTP_URL: smtp.url,
      METRICS_TOKEN: soak.metricsToken,
      ...(process.env.SOAK_WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.SOAK_WEB_CONCURRENCY } : {}),
    },
    (chunk) => apiLog.write(chunk),
  );
  running.push(api);
  log(`   API pid ${api.pid} on ${api.url}; its log: ${fromRoot(soak.apiLogPath)}`);

  const reads = hotEndpoints(fixtures).filter((e) => e.kind === 'read');
  const progressWrite = hotEndpoints(fixtures).find((e) => e.name === 'progress-write');
  if (!progressWrite) throw new Error('the bench has no progress-write endpoint');
  const traffic = new Traffic({
    baseUrl: api.url,
    providerUrl: provider.process.url,
    publicKey: provider.env.MERCADOPAGO_PUBLIC_KEY ?? '',
    jwtSecret: bench.jwtSecret,
    rate: soak.rate,
    maxInFlight: soak.maxInFlight,
    reads,
    progressWrite,
    fixtures: soakFixtures,
    random: prng(bench.seed),
  });
  const untimeWebhooks = timeWebhooks(traffic);
  const sampler = new Sampler(
    bench.databaseUrl,
    bench.databaseName,
    api.pid,
    `${api.url}/metrics?scope=process`,
    soak.metricsToken,
  );
  await sampler.start();
  running.push(sampler);
  const processes = sampler.servingPids().length;
  const connectionBound = soak.connectionsPerProcess * processes;
  log(
    `   ${processes} serving process${processes > 1 ? 'es (node:cluster workers)' : ''}: PostgreSQL connections bounded by ${connectionBound}`,
  );

  step(`4. Load: ${soak.minutes} min`);
  const samples: Sample[] = [];
  const latencies: Record<Kind, number[]>[] = [];
  const windowMs = soak.sampleSeconds * 1000;
  const loadMs = soak.minutes * 60_000;
  traffic.start();
  const loadStarted = performance.now();
  for (;;) {
    // The next window ends on the sampling grid; a sample that took long shortens none to nothing.
    const elapsed = performance.now() - loadStarted;
    const next = Math.min(loadMs, (Math.floor(elapsed / windowMs) + 1) * windowMs);
    const last = loadMs - next < windowMs / 2;
    const due = loadStarted + (last ? loadMs : next);
    await sleep(Math.max(0, due - performance.now()));
    const end = performance.now();
    if (last) {
      // The end: let the requests in flight and the last checkouts' webhooks finish in this window.
      await traffic.stop();
      await sleep(3000);
    }
    const window = traffic.takeWindow();
    latencies.push(window.latencies);
    const sample = await sampler.sample(
      (end - loadStarted) / 60_000,
      window,
      traffic.pending,
      window.seconds - (performance.now() - end) / 1000,
    );
    samples.push(sample);
    log(sampleLine(sample));
    if (last) break;
  }
  untimeWebhooks();

  step('5. Checkouts in the database');
  const checkouts = await withBenchClient(bench, async (client) => {
    const granted = async (pairs: { userId: string; programId: string }[]) => {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from unnest($1::uuid[], $2::text[]) as k(user_id, program_id)
          where exists (select 1 from user_purchases p where p.user_id = k.user_id and p.product_id = k.program_id)`,
        [pairs.map((p) => p.userId), pairs.map((p) => p.programId)],
      );
      return Number(rows[0]?.n ?? 0);
    };
    return {
      approved: traffic.approved.length,
      granted: await granted(traffic.approved),
      refused: traffic.refused.length,
      refusedGranted: await granted(traffic.refused),
    };
  });
  log(
    `   ${checkouts.granted} of ${checkouts.approved} approved checkouts granted; ${checkouts.refusedGranted} of ${checkouts.refused} refused ones granted`,
  );
  await stopAll();
  await new Promise<void>((resolve) => apiLog.end(() => resolve()));

  step('6. Verdicts and report');
  const verdicts = judge(soak, connectionBound, samples, latencies, checkouts);
  for (const v of verdicts.lines) log(`   ${v.ok ? 'MET   ' : 'MISSED'} ${v.check}: ${v.measured}`);
  for (const e of traffic.errorExamples.slice(0, 10)) log(`   error: ${e}`);
  const result: SoakResult = {
    date: new Date(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: os.totalmem() / 1024 ** 3,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0] },
      node: process.versions.node,
      postgres: await withBenchClient(bench, async (c) => {
        const { rows } = await c.query<{ server_version: string }>('show server_version');
        return rows[0]?.server_version ?? 'unknown';
      }),
    },
    soak,
    connectionBound,
    processes,
    scale: bench.scale,
    seed: bench.seed,
    data,
    apiNodeOptions: productionNodeOptions(),
    samples,
    latencies,
    verdicts,
    checkouts,
    mails,
    apiLogLines: countLogLines(soak.apiLogPath),
    errorExamples: traffic.errorExamples,
    seconds: (performance.now() - started) / 1000,
  };
  mkdirSync(path.dirname(soak.reportPath), { recursive: true });
  const { latencies: _raw, ...json } = result;
  writeJson(soak.samplesPath, json);
  writeFileSync(
    soak.chartPath,
    renderChart(samples, {
      title: `npm run soak: ${soak.minutes} min at ${soak.rate} req/s, ${result.date.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      minutes: soak.minutes,
      warmupMinutes: soak.warmupMinutes,
      connectionBound,
    }),
  );
  const current = existsSync(soak.reportPath) ? readFileSync(soak.reportPath, 'utf8') : '# Performance\n';
  writeFileSync(soak.reportPath, withSoakSection(current, renderSoakSection(result, soak.reportPath)));
  log(
    `   wrote ${fromRoot(soak.samplesPath)}, ${fromRoot(soak.chartPath)}, and the section in ${fromRoot(soak.reportPath)}`,
  );
  log(`   total ${(result.seconds / 60).toFixed(1)} min`);
  return verdicts.lines.every((v) => v.ok);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (error: unknown) => {
    console.error('soak failed:', error);
    await stopAll();
    process.exit(1);
  },
);
