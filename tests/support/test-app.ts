import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a real Postgres engine (in-memory PGlite, or a Postgres server: see openTestDatabase), migrated and
 * seeded.
 */
export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    web?: (app: FastifyInstance) => Promise<void>;
    seed?: boolean;
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ seed: opts.seed });
  const app = await buildApp({ db: database.db, config: testConfig(opts.config), web: opts.web, now: opts.now });
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
