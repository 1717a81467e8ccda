import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sandbox', environment: 'node', passWithNoTests: true, testTimeout: 60_000 },
});
