import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The longest files first, by tests/durations.json (a fresh clone has no Vitest cache to go by).
    sequence: { sequencer: LongestFirst },
    // Vitest's default (cores - 1) is one file at a time on a 2-core machine; the tests wait on
    // PGlite, HTTP and SMTP as much as they compute, so two at a time finish in about 9 min, not 15.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One `npm run test:unit`, two kinds of file (docs/decisions/0100, amended 2026-11-29).
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['{server,contract}/**/*.test.ts', 'tests/**/*.test.ts'],
          // tests/postgres need a Postgres server: `npm run test:postgres` (vitest.postgres.config.ts)
          // runs them. tests/sync run the browser's modules: the 'client' project below.
          exclude: [...configDefaults.exclude, 'tests/postgres/**', 'tests/sync/**'],
          // Migrates and seeds one PGlite database, whose dump every test database then loads; compiles the server
          // when stale, for the tests that start it as a process.
          globalSetup: ['tests/support/pglite-setup.ts', 'tests/support/compiled-server-setup.ts'],
          // The files share a worker process: the server and its libraries are imported once per
          // worker, not once per file (about 5 CPU-s a file). Safe because no module state depends
          // on a test's clock or environment (docs/decisions/0103).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['{src,service-worker}/**/*.test.{ts,tsx}', 'tests/sync/**/*.test.ts'],
          // The browser's modules keep state of their own (stores, queues, the stubbed window, and
          // tests/sync's process-wide fake IndexedDB: engine.test failed 13 of 14 tests in a shared
          // process, and passes alone in the same order): each file keeps a fresh process.
          // tests/sync's apps load the PGlite template too.
          globalSetup: ['tests/support/pglite-setup.ts'],
          isolate: true,
        },
      },
    ],
  },
});
