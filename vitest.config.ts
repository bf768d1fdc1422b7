import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,server,contract,service-worker}/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    // Those need a Postgres server: `npm run test:postgres` (vitest.postgres.config.ts) runs them.
    exclude: [...configDefaults.exclude, 'tests/postgres/**'],
    // Migrates and seeds one PGlite database, whose dump every test database then loads.
    globalSetup: ['tests/support/pglite-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores - 1) is one file at a time on a 2-core machine; the tests wait on
    // PGlite, HTTP and SMTP as much as they compute, so two at a time finish in about 9 min, not 15.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
