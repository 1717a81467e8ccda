import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API tests. Each API test file gets
// its own database; two workers match the two cores of the CI machine.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/sandbox', 'apps/api', 'apps/web', 'bench'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
