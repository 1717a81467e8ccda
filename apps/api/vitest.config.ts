import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Ceilings for a hang, not a measure of speed (decision 0246): a machine several times
    // oversubscribed makes a test that takes 3 s idle take 30.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file builds its own app on its own database copy (test/helpers.ts), so the files of a
    // worker can share their imported modules: importing the app once per worker instead of once
    // per file took the API files' import time from ~340 s to ~20 s (issue 32).
    isolate: false,
  },
});
