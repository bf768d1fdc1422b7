// `npm run test:postgres`: the API suite once more on a real Postgres server, and the tests that
// need one (tests/postgres/). Uses TEST_DATABASE_URL when set (a server the tests may create and
// drop databases on), else starts a throwaway cluster from Debian's binaries and removes it after.
import { spawnSync } from 'node:child_process';
import { INSTALL_HINT, postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

let cluster: ThrowawayPostgres | undefined;
let url = process.env.TEST_DATABASE_URL;
if (!url) {
  if (!postgresBin()) {
    console.error(`The API suite runs a second time on Postgres. ${INSTALL_HINT}`);
    process.exit(1);
  }
  cluster = await startThrowawayPostgres();
  url = cluster.url;
  console.log(`Throwaway Postgres cluster on port ${cluster.port}`);
}
let status = 1;
try {
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.postgres.config.ts', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url },
    },
  );
  status = run.status ?? 1;
} finally {
  cluster?.stop();
}
process.exit(status);
