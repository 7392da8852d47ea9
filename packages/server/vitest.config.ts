import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // In CI (.ci/run) a failed test runs once more; a pass on the retry still shows in the report.
    retry: process.env.CI ? 1 : 0,
    // Integration tests share one PostgreSQL server; each file uses its own schema.
    fileParallelism: true,
  },
});
