// Times the README's test command and CI on this machine and writes them into docs/test-durations.md,
// with the machine's load beside each figure (a 2-core machine shared with other work gives other
// figures than an idle one). Budgets (issue 32): `npm test` within 15 minutes, CI within 25.
//   node scripts/test-durations.mjs [--two-process] [--build-command "<cmd>"] [--report <file>]
//     `npm test` step by step (build, unit and API tests, browser tests), and with --two-process
//     CI's second browser run; rewrites the report's "npm test" section.
//   node scripts/test-durations.mjs --ci [--report <file>]
//     `bash .ci/run` (run it in a fresh clone of main, as CI does), each of its steps from the
//     "=== step (Ns)" lines it prints; rewrites the report's "CI" section.
//   node scripts/test-durations.mjs --browser <before.json> [<after.json>]
//     reads Playwright JSON reports (`--reporter=list,json`, PLAYWRIGHT_JSON_OUTPUT_NAME=<file>)
//     and prints the time of each spec file, before and after, as a Markdown table; runs nothing.
//   node scripts/test-durations.mjs --steps <steps.json>
//     reads e2e/step-times-reporter.ts's file and prints where the tests' time went, by kind of
//     step (axe scans, sign-ins through the forms, fixed waits...) and the slowest tests.
// The browser steps count their tests from Playwright's summary, the unit step from vitest's.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const report = option('--report', 'docs/test-durations.md');
const ci = args.includes('--ci');
const build = option('--build-command', 'npm run build');

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

const say = (text) => process.stdout.write(`${text}\n`);

/** Per spec file: its tests' summed duration (ms) and count, from a Playwright JSON report. */
function browserFiles(file) {
  const files = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) {
          const row = files.get(spec.file) ?? { ms: 0, tests: 0, failed: 0 };
          row.ms += r.duration;
          row.tests += 1;
          if (r.status !== 'passed') row.failed += 1;
          files.set(spec.file, row);
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of json.suites) visit(suite);
  return { files, wall: json.stats.duration };
}
const secondsText = (ms) => `${(ms / 1000).toFixed(0)} s`;
if (args.includes('--browser')) {
  const [before, after] = args.slice(args.indexOf('--browser') + 1).filter((a) => !a.startsWith('--'));
  const a = browserFiles(before);
  const b = after ? browserFiles(after) : undefined;
  const names = [...new Set([...a.files.keys(), ...(b?.files.keys() ?? [])])].sort(
    (x, y) => (a.files.get(y)?.ms ?? 0) - (a.files.get(x)?.ms ?? 0),
  );
  const cell = (row) =>
    row ? `${secondsText(row.ms)} (${row.tests}${row.failed ? `, ${row.failed} failed` : ''})` : '–';
  const sum = (report) =>
    [...report.files.values()].reduce(
      (s, r) => ({ ms: s.ms + r.ms, tests: s.tests + r.tests, failed: s.failed + r.failed }),
      { ms: 0, tests: 0, failed: 0 },
    );
  say(
    b
      ? '| spec file | before (tests) | after (tests) |\n|---|---|---|'
      : '| spec file | time (tests) |\n|---|---|',
  );
  for (const name of names)
    say(`| ${name} | ${cell(a.files.get(name))}${b ? ` | ${cell(b.files.get(name))}` : ''} |`);
  say(`| **tests** | **${cell(sum(a))}**${b ? ` | **${cell(sum(b))}**` : ''} |`);
  say(`| **wall time** | **${minutes(a.wall / 1000)}**${b ? ` | **${minutes(b.wall / 1000)}**` : ''} |`);
  process.exit(0);
}
if (args.includes('--steps')) {
  const tests = JSON.parse(readFileSync(option('--steps'), 'utf8'));
  // a step's kind, from the line of ours that made it or its title
  const kindOf = (step) => {
    if (/Wait for timeout/i.test(step.title)) return 'fixed waits (waitForTimeout)';
    if (step.at.includes('a11y.ts') || step.at.includes('@axe-core')) return 'axe scans';
    if (step.at.includes('support/operators.ts')) return 'operator sign-in (form + TOTP)';
    if (step.at.includes('support/panel.ts')) return 'operator windows and panel helpers';
    if (step.at.includes('support/cards.ts')) return 'card form (emulator)';
    if (step.at.includes('support/accounts.ts')) return 'accounts (API set-up, login form)';
    if (step.at.includes('support/')) return 'other support helpers';
    if (step.category === 'hook' || step.category === 'fixture')
      return 'hooks and fixtures (browser, context)';
    if (/^Navigate|^Reload|goBack|goForward/.test(step.title)) return 'navigations (spec)';
    if (step.category === 'expect') return 'assertions (spec)';
    if (/apiRequest|^(GET|POST|PUT|PATCH|DELETE) /i.test(step.title)) return 'API calls (spec)';
    if (/Evaluate/i.test(step.title)) return 'page evaluations (spec: video, storage)';
    return 'other page actions (spec)';
  };
  const kinds = new Map();
  let total = 0;
  for (const t of tests) {
    total += t.ms;
    for (const step of t.steps) kinds.set(kindOf(step), (kinds.get(kindOf(step)) ?? 0) + step.ms);
  }
  say(
    `${tests.length} tests, ${minutes(total / 1000)} of test time\n\n| kind of step | time | share |\n|---|---|---|`,
  );
  for (const [kind, ms] of [...kinds].sort((x, y) => y[1] - x[1]))
    say(`| ${kind} | ${secondsText(ms)} | ${((100 * ms) / total).toFixed(0)} % |`);
  say('\nSlowest tests:');
  for (const t of [...tests].sort((x, y) => y.ms - x.ms).slice(0, Number(option('--top', '20'))))
    say(`${secondsText(t.ms).padStart(6)}  ${t.file} › ${t.title}`);
  process.exit(0);
}

const steps = ci
  ? [['CI', 'bash .ci/run']]
  : [
      ['build', build],
      ['unit and API tests (vitest)', 'npm run test:unit'],
      ['browser tests, one process', 'npm run test:e2e'],
      ...(args.includes('--two-process')
        ? [['browser tests, two processes (CI only)', 'npm run test:e2e:two-process']]
        : []),
    ];

/** Runs a command, its output shown as it comes and kept; samples the 1-minute load every 10 s. */
function run(command) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const loads = [os.loadavg()[0]];
    const sampler = setInterval(() => loads.push(os.loadavg()[0]), 10_000);
    let output = '';
    const child = spawn('bash', ['-c', command], { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    const keep = (target) => (chunk) => {
      target.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('exit', (code) => {
      clearInterval(sampler);
      loads.push(os.loadavg()[0]);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ code, seconds, output, load: loads.reduce((a, b) => a + b, 0) / loads.length });
    });
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the tools' output
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** What the step's tools said about their tests: "176 passed", "1 185 tests in 219 files". */
function testsOf(output) {
  const text = plain(output);
  const found = [];
  const vitest = [...text.matchAll(/Test Files\s+(.+?)\n\s+Tests\s+(.+?)\n/g)].at(-1);
  if (vitest) found.push(`vitest: files ${vitest[1].trim()}; tests ${vitest[2].trim()}`);
  for (const [, summary] of text.matchAll(
    /^\s+((?:\d+ (?:passed|failed|flaky|skipped|did not run)[^\n]*))$/gm,
  ))
    found.push(`playwright: ${summary.trim()}`);
  return found.join('; ');
}

const results = [];
for (const [name, command] of steps) {
  const result = await run(command);
  results.push({ name, command, ...result });
  if (result.code !== 0) break;
}
const passed = results.every((r) => r.code === 0) && results.length === steps.length;
const outcome = (r) => (r.code === 0 ? 'passed' : `failed (exit ${r.code})`);
const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const machine = `${os.cpus().length} CPUs, ${
  process.env.DATABASE_URL ? 'the PostgreSQL server (DATABASE_URL, as CI)' : 'the embedded database'
}`;

let section;
if (ci) {
  const [run] = results;
  // "=== npm ci (12s)": the step's name and the script's seconds when it began
  const marks = [...plain(run.output).matchAll(/^=== (.+) \((\d+)s\)$/gm)].map((m) => ({
    name: m[1],
    at: Number(m[2]),
  }));
  const rows = marks.map((mark, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].at : run.seconds;
    return `| ${mark.name} | ${minutes(end - mark.at)} |`;
  });
  section = [
    '## CI',
    '',
    `\`node scripts/test-durations.mjs --ci\` (\`bash .ci/run\`, CI=true) finished ${when}; ${machine};`,
    `mean load (1-minute average, sampled every 10 s) ${run.load.toFixed(1)}. Budget: 25 min.`,
    '',
    '| CI step | duration |',
    '|---|---|',
    ...rows.filter((row) => !row.startsWith('| done |')),
    `| **CI** | **${minutes(run.seconds)}**, ${outcome(run)}, ${run.seconds <= 25 * 60 ? 'within' : 'over'} the 25-minute budget |`,
    '',
    testsOf(run.output) ? `Tests: ${testsOf(run.output)}.` : '',
    '',
  ];
} else {
  const npmTest = results.filter((r) => !r.name.includes('CI only')).reduce((sum, r) => sum + r.seconds, 0);
  section = [
    '## npm test',
    '',
    `\`node scripts/test-durations.mjs${args.includes('--two-process') ? ' --two-process' : ''}\` finished ${when}; ${machine}.`,
    'Load: the mean 1-minute load average over the step, sampled every 10 s (2 means both cores busy).',
    '',
    '| step | command | duration | load | result | tests |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | \`${r.command}\` | ${minutes(r.seconds)} | ${r.load.toFixed(1)} | ${outcome(r)} | ${testsOf(r.output)} |`,
    ),
    `| **npm test** (the steps above but CI's) | \`npm test\` | **${minutes(npmTest)}** | | ${
      passed ? 'passed' : 'failed'
    } | ${npmTest <= 15 * 60 ? 'within' : 'over'} the 15-minute budget |`,
    '',
  ];
}

// The report keeps the other section and any notes under "## Notes".
const header = [
  '# Test durations',
  '',
  'Written by `npm run test:durations` (scripts/test-durations.mjs); budgets (issue 32): `npm test`',
  '≤ 15 min on this 2-core machine, CI ≤ 25 min.',
  '',
];
const previous = existsSync(report) ? readFileSync(report, 'utf8') : '';
const sectionOf = (title) => {
  const start = previous.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const next = previous.indexOf('\n## ', start + 1);
  return `${previous.slice(start + 1, next < 0 ? undefined : next + 1).trimEnd()}\n\n`;
};
const written = section.join('\n').replace(/\n{3,}/g, '\n\n');
const parts = ci ? [sectionOf('npm test'), written] : [written, sectionOf('CI')];
writeFileSync(
  report,
  [header.join('\n'), ...parts, sectionOf('Notes')]
    .filter((part) => part.trim())
    .map((part) => `${part.trim()}\n`)
    .join('\n'),
);
process.stdout.write(`\n${written}`);
process.exit(passed ? 0 : 1);
