import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer.ts';

/**
 * The API suite again, on a real Postgres server (TEST_DATABASE_URL), plus the tests only a shared
 * server can run (two instances, tests/postgres/). Started by `npm run test:postgres`, which brings
 * up a throwaway cluster when no server is given.
 */
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
    globalSetup: ['tests/support/postgres-setup.ts', 'tests/support/compiled-server-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The longest files first, by tests/durations.json (a fresh clone has no Vitest cache to go by).
    sequence: { sequencer: LongestFirst },
    // The files share a worker process: the server is imported once per worker, not once per file
    // (docs/decisions/0100, amended 2026-11-29; no module state depends on a test's clock, 0103).
    isolate: false,
    // Two files at a time even on 2 cores (vitest.config.ts): 590 tests in under 6 min.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
