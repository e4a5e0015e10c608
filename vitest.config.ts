import os from 'node:os';

import { defineConfig } from 'vitest/config';

// Projects: unit (pure rules, Node), api (the real server through app.inject on PGlite, or on PostgreSQL
// when TEST_DATABASE_URL is set), e2e (the built app in the system Chromium through npm start's server,
// Lighthouse's accessibility and best practices included), security. No test asserts on a timing or on a
// score made of timings: those are the benchmark's (bench/, docs/performance.md).
export default defineConfig({
  test: {
    // Every core runs a unit or API file (vitest's default keeps one core free: one worker on a 2-core
    // machine). An API file waits on PostgreSQL, Redis, child processes and timers for much of its time,
    // so two workers on two cores cut the run without starving either (docs/performance.md, "CI's own
    // duration"). e2e and security files still run one at a time (fileParallelism: false).
    maxWorkers: os.availableParallelism(),
    // Under CI a JSON report is written too (.ci/run counts passed and failed tests from it).
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON ?? '.vitest-results.json' }]]
      : ['default'],
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Tenant-isolation matrix, fuzzed inputs, faults (server processes, a PostgreSQL cluster).
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts', 'tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/security/globalSetup.ts', 'tests/api/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
