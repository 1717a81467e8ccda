import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openFreshDatabase, out, seedAndRuns } from '../cli-runs';
import { formatReport, fuzz } from './engine';

/**
 * npm run fuzz [-- --seed N --runs N] (or FUZZ_SEED / FUZZ_RUNS): the real app in-process on a
 * fresh in-memory PGlite, or on a throw-away database of DATABASE_URL's server. Rate limits are
 * off (RATE_LIMIT_ENABLED=false, as the API tests build it); any 429 is still counted apart.
 * Exits 1 on any 5xx, non-JSON or non-Spanish 4xx, or a health check other than 200.
 */
const { seed, runs } = seedAndRuns('FUZZ', 10_000);

const { database, drop } = await openFreshDatabase('alcancia_fuzz');
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: '0',
  JWT_SECRET: 'fuzz-secret-that-is-long-enough-0123456789',
  RATE_LIMIT_ENABLED: 'false',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const started = Date.now();
out(`fuzz: seed ${seed}, ${runs} requests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
try {
  const report = await fuzz(app, {
    seed,
    runs,
    bodyLimit: config.bodyLimitBytes,
    shrink: true,
    log: out,
  });
  out(formatReport(report));
  out(`took ${((Date.now() - started) / 1000).toFixed(1)} s; replay with FUZZ_SEED=${seed}`);
  process.exitCode = report.failures.length === 0 && report.healthAfter === 200 ? 0 : 1;
} finally {
  await app.close();
  await database.close();
  await drop();
}
