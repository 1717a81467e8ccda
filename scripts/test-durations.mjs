// Runs the README's test command in its steps (build, unit and API tests, browser tests) and, with
// --two-process, CI's second browser run, timing each, then writes docs/test-durations.md: how long
// a newcomer waits for `npm test` on this machine, and what CI adds. Budgets (issue 32): `npm test`
// within 15 minutes, CI within 25. Run it on an otherwise quiet machine: the load average before
// and after is written beside the figures.
//   node scripts/test-durations.mjs [--two-process] [--report docs/test-durations.md]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';

const args = process.argv.slice(2);
const reportIndex = args.indexOf('--report');
const report = reportIndex >= 0 ? args[reportIndex + 1] : 'docs/test-durations.md';
const steps = [
  ['build', 'npm run build'],
  ['unit and API tests (vitest)', 'npm run test:unit'],
  ['browser tests, one process', 'npm run test:e2e'],
];
if (args.includes('--two-process'))
  steps.push(['browser tests, two processes (CI only)', 'npm run test:e2e:two-process']);

function run(command) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn('bash', ['-c', command], { stdio: 'inherit', env: process.env });
    child.on('exit', (code) => resolve({ code, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
  });
}

const loadBefore = os.loadavg()[0];
const results = [];
for (const [name, command] of steps) {
  const { code, seconds } = await run(command);
  results.push({ name, command, code, seconds });
  if (code !== 0) break;
}
const loadAfter = os.loadavg()[0];
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
const npmTest = results.filter((r) => !r.name.includes('CI only')).reduce((sum, r) => sum + r.seconds, 0);
const lines = [
  '# Test durations',
  '',
  `Measured by \`node scripts/test-durations.mjs${args.includes('--two-process') ? ' --two-process' : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,`,
  `${os.cpus().length} CPUs, ${process.env.DATABASE_URL ? 'the PostgreSQL server (DATABASE_URL, as CI)' : 'the embedded database'};`,
  `load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after. Budgets: \`npm test\` ≤ 15 min, CI ≤ 25 min.`,
  '',
  '| step | command | duration | result |',
  '|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | \`${r.command}\` | ${minutes(r.seconds)} | ${r.code === 0 ? 'passed' : `failed (${r.code})`} |`,
  ),
  `| **npm test** (the steps above without CI's) | \`npm test\` | **${minutes(npmTest)}** | ${npmTest <= 15 * 60 ? 'within' : 'over'} the 15-minute budget |`,
  '',
];
writeFileSync(report, lines.join('\n'));
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(results.every((r) => r.code === 0) && results.length === steps.length ? 0 : 1);
