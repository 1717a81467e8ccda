import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The money model's short run (test/money-model.test.ts) is not in `npm test` yet: it hung past
    // its 300 s in 3 of 8 runs here (in the whole suite and alone), a fault it found and nobody has
    // explained yet (docs/reliability.md, decision 0285). It runs with `npm run test:money-model`.
    exclude: process.env.MONEY_MODEL_RUN === '1' ? [] : ['test/money-model.test.ts'],
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
