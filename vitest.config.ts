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
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
