import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  databaseUrlFor,
  e2eDatabaseName,
  e2ePort,
  e2eRedisUrl,
  e2eTopology,
  topologyPorts,
} from './topology/settings';

// E2E_TOPOLOGY=two-process: a proxy on E2E_PORT in front of two API processes (topology/).
const topology = e2eTopology();
const port = e2ePort();
export const baseURL = `http://127.0.0.1:${port}`;
// Without DATABASE_URL the app under test runs on a fresh embedded database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-e2e-'));
// What the run's workers share (tests/support/run-state.ts): made once, by the runner's main
// process; the workers it starts inherit the variable.
process.env.E2E_RUN_STATE ??= mkdtempSync(path.join(os.tmpdir(), 'alcancia-e2e-run-'));

/**
 * With DATABASE_URL the app under test gets a fresh database on that server for every run
 * (`alcancia_e2e`, or `alcancia_e2e_two` for two processes, or E2E_DATABASE; recreated), so data
 * left by earlier runs or by hand never changes a result.
 * Only the runner's main process does this: Playwright also loads this file in its workers.
 */
function freshServerDatabase(adminUrl: string, name: string): string {
  if (!process.env.TEST_WORKER_INDEX) {
    const script = `
      const pg = require('pg');
      const admin = new pg.Client({ connectionString: process.argv[1] });
      admin.connect()
        .then(() => admin.query('drop database if exists ${name} with (force)'))
        .then(() => admin.query('create database ${name}'))
        .then(() => admin.end())
        .catch((error) => { console.error(error); process.exit(1); });`;
    execFileSync(process.execPath, ['-e', script, adminUrl], { stdio: 'inherit' });
  }
  return databaseUrlFor(adminUrl, name);
}
if (topology === 'two-process' && !process.env.DATABASE_URL) {
  throw new Error(
    'E2E_TOPOLOGY=two-process needs DATABASE_URL: the two API processes share one PostgreSQL server',
  );
}
const databaseUrl = process.env.DATABASE_URL
  ? freshServerDatabase(process.env.DATABASE_URL, e2eDatabaseName(topology))
  : undefined;

/** The API's environment, the same in both topologies. */
const serverEnv = {
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: baseURL,
  DATA_DIR: dataDir,
  // info, not warn: every request line reaches the log the teardown scans for secrets
  // (measured on auth.spec.ts: no slower than warn, within the run-to-run noise).
  LOG_LEVEL: 'info',
  // Every browser test comes from this one address, a crowd no real address sends: the
  // per-address ceiling is tested in the API tests; the per-route limits stay on here.
  RATE_LIMIT_ADDRESS_MAX: '100000',
  // Invoices are issued (by the ARCA stand-in) right after each purchase, as in production.
  INVOICES_ISSUE_AT_ONCE: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const oneProcess = {
  // The server's stdout and stderr both go to test-results/server.log (Playwright cleared that
  // folder just before); stderr also still shows in the runner's output.
  command:
    'mkdir -p test-results && { node ../apps/api/dist/server.js 2>&1 >>test-results/server.log | tee -a test-results/server.log >&2; }',
  url: `${baseURL}/api/health`,
  env: serverEnv,
};

const twoProcesses = {
  // The proxy, the stand-ins and two API processes (topology/two-process.ts); both processes' output
  // goes to test-results/server.log. Ready once both processes answer /api/health.
  command: 'node --import tsx topology/two-process.ts',
  url: `http://127.0.0.1:${topologyPorts(port).control}/ready`,
  // SIGTERM: both processes drain, then the proxy prints its counts (requests, retries, failures).
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  env: { ...serverEnv, REDIS_URL: e2eRedisUrl(), E2E_SERVER_LOG: 'test-results/server.log' },
};

/**
 * What two API processes behind a proxy can change, and so what the two-process run repeats:
 * sessions (refresh-token rotation and revocation across processes), caches (switches, content and
 * per-user caches invalidated by the change listener), jobs and webhooks (pg-boss, the payment
 * provider's notifications landing on either process), uploads (tus leases, the bucket) and the
 * kill test. Screens, forms and texts render the same on one process or two: the one-process run
 * covers them. E2E_TWO_PROCESS_ALL=1 runs the whole suite on two processes.
 */
const twoProcessSpecs = [
  'auth',
  'account-data',
  'admin-switches',
  'admin-content',
  'course-viewer',
  'kill-one-process',
  'progress-on-close',
  'subscription',
  'guest-membership',
  'log-scan',
];

/**
 * The specs that change what every other test sees (decision 0205): a switch (the community, the
 * help chat), a plan's price, the catalogue (a course published), the dashboard's counts of
 * everybody's visits, and the kill test's dead process. With E2E_WORKERS above 1 they run in the
 * project `shared-state`, after every other spec is done, one file at a time; every other spec
 * makes its own accounts and data and runs beside another.
 */
const sharedStateSpecs = [
  'admin-switches',
  'admin-words-and-phone',
  'admin-prices',
  'admin-dashboard',
  'admin-content',
  'kill-one-process',
];
const specFiles = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

/**
 * Worker processes (browsers) at once, against the one server: one unless E2E_WORKERS says more,
 * for `npm test -w e2e` (the README's `npm test`, CI) too: on two cores Chromium, the server and
 * PostgreSQL are busy enough with one test at a time, and two workers made the suite slower
 * (decision 0205). E2E_WORKERS=2 still runs the two projects below (shared state last), a file
 * in order in one worker.
 */
const workers = Number(process.env.E2E_WORKERS || 1);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS is not a count: ${workers}`);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/**
 * Drives the built app (npm run build) in Debian's Chromium — never a downloaded browser.
 */
export default defineConfig({
  testDir: './tests',
  // The kill test needs two API processes behind the proxy (npm run test:e2e:two-process); the
  // two-process run itself takes only the specs whose outcome the topology can change (decision 0161).
  testIgnore: topology === 'two-process' ? [] : ['**/kill-one-process.spec.ts'],
  ...(topology === 'two-process' && !process.env.E2E_TWO_PROCESS_ALL
    ? { testMatch: specFiles(twoProcessSpecs) }
    : {}),
  // A file's tests run in order in one worker (some share a login or an account across tests).
  fullyParallel: false,
  workers,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Ceilings for a test that hangs, not a measure of speed: a 2-core machine shared with other
  // work (or two workers on it) makes the same steps several times slower, and a test that needs
  // 20 s idle must not fail at 30 s there (decision 0206). Specs that need more set their own.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app registers a service worker (issue 44); a spec that routes or counts requests must
    // see them from the page, so it is off except where a spec tests it (offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects:
    workers === 1
      ? [{ name: 'chromium', use: chromium }]
      : [
          {
            name: 'chromium',
            use: chromium,
            testIgnore: [
              ...specFiles(sharedStateSpecs),
              ...(topology === 'two-process' ? [] : ['**/kill-one-process.spec.ts']),
            ],
            // A teardown project runs once every test of this one is done, passed or failed.
            teardown: 'shared-state',
          },
          {
            name: 'shared-state',
            use: chromium,
            testMatch: specFiles(
              topology === 'two-process' && !process.env.E2E_TWO_PROCESS_ALL
                ? sharedStateSpecs.filter((name) => twoProcessSpecs.includes(name))
                : sharedStateSpecs,
            ),
            testIgnore: topology === 'two-process' ? [] : ['**/kill-one-process.spec.ts'],
            workers: 1,
          },
        ],
  // Scans the server's log for secrets once the run is over (log-scan.ts).
  globalTeardown: './global-teardown.ts',
  webServer: {
    ...(topology === 'two-process' ? twoProcesses : oneProcess),
    reuseExistingServer: false,
    // a fresh database migrates and seeds the demo catalogue first; generous for a busy machine
    timeout: 240_000,
  },
});
