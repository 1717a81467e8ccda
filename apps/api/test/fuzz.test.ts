import { expect, it } from 'vitest';
import { formatReport, fuzz } from './fuzz/engine';
import { createTestApp, testAppForFile } from './helpers';

// A bounded, fixed-seed slice of `npm run fuzz` (which sends 10 000): every operation of the
// OpenAPI document gets valid, boundary and broken requests, anonymous and with a session.
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

it('1 500 generated requests: no 5xx, every 4xx in our Spanish form, the server still healthy', async () => {
  const report = await fuzz(t.app, { seed: 20261124, runs: 1500, bodyLimit: t.app.config.bodyLimitBytes });
  const failures = report.failures.length;
  expect(report.requests).toBeGreaterThanOrEqual(1500);
  expect(report.byClass['5xx'] ?? 0, formatReport(report)).toBe(0);
  expect(failures, formatReport(report)).toBe(0);
  expect(report.healthAfter).toBe(200);
}, 300_000);
