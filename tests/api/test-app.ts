import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a real (in-memory) Postgres engine, migrated and seeded. */
export async function createTestApp(
  opts: { config?: Partial<Config>; web?: (app: FastifyInstance) => Promise<void>; seed?: boolean } = {},
): Promise<TestApp> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  if (opts.seed !== false) await seed(database.db);
  const app = await buildApp({ db: database.db, config: testConfig(opts.config), web: opts.web });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
