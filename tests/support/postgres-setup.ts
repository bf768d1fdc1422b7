// Global setup of the Postgres run (vitest.postgres.config.ts): the template databases every test
// app copies, migrated once and seeded once.
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';
import { TEMPLATE, createDatabase, databaseUrl, dropDatabase } from './test-database.ts';

export default async function setup() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('The Postgres run needs TEST_DATABASE_URL: start it with `npm run test:postgres`.');
  for (const [name, seeded] of [
    [TEMPLATE.empty, false],
    [TEMPLATE.seeded, true],
  ] as const) {
    await dropDatabase(server, name);
    await createDatabase(server, name);
    const database = await openDatabase({ databaseUrl: databaseUrl(server, name), dataDir: 'memory://' });
    await database.migrate();
    if (seeded) await seed(database.db);
    await database.close();
  }
  return async () => {
    for (const name of Object.values(TEMPLATE)) await dropDatabase(server, name);
  };
}
