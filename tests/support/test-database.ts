import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';

/**
 * Names of the template databases the Postgres run prepares once (tests/support/postgres-setup.ts):
 * migrated, and migrated and seeded. Each test app gets a copy (CREATE DATABASE ... TEMPLATE).
 */
export const TEMPLATE = { empty: 'shop_template_empty', seeded: 'shop_template_seeded' } as const;

/** The server URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's maintenance database (creating and dropping databases). */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Files of the PGlite templates (tests/support/pglite-setup.ts, the global setup of vitest.config.ts). */
export const PGLITE_TEMPLATE_FILES = { empty: 'migrated.tar', seeded: 'seeded.tar' } as const;
export type PgliteTemplates = { [K in keyof typeof PGLITE_TEMPLATE_FILES]: string };

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates?: PgliteTemplates;
  }
}

/** The PGlite template of this run, read once per test file; undefined without the global setup. */
const pgliteTemplate = (() => {
  const loaded: Partial<Record<keyof PgliteTemplates, Blob>> = {};
  return (kind: keyof PgliteTemplates): Blob | undefined => {
    const files = inject('pgliteTemplates');
    if (!files) return undefined;
    return (loaded[kind] ??= new Blob([readFileSync(files[kind])]));
  };
})();

let made = 0;

/** A fresh database name on the test server. */
export const freshDatabaseName = (prefix = 'shop_test') =>
  `${prefix}_${process.pid}_${++made}_${Math.random().toString(36).slice(2, 8)}`;

/** CREATE DATABASE, from a template; retried while another copy of the same template is being made. */
export async function createDatabase(serverUrl: string, name: string, template?: string) {
  await onServer(serverUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
        return;
      } catch (err) {
        // 55006: the template is being copied by another test process right now.
        if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * The database of one test app, migrated (and seeded unless told not to): in-memory PGlite loaded
 * from the run's template (migrated and seeded once, tests/support/pglite-setup.ts), or a fresh
 * copy of the prepared template on the Postgres server TEST_DATABASE_URL names (the second run of
 * the API suite, `npm run test:postgres`). Closing it drops the copy.
 */
export async function openTestDatabase(opts: { seed?: boolean } = {}): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const template = pgliteTemplate(opts.seed === false ? 'empty' : 'seeded');
    if (template) return openDatabase({ dataDir: 'memory://', loadDataDir: template });
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    if (opts.seed !== false) await seed(database.db);
    return database;
  }
  const name = freshDatabaseName();
  await createDatabase(server, name, opts.seed === false ? TEMPLATE.empty : TEMPLATE.seeded);
  const database = await openDatabase({ databaseUrl: databaseUrl(server, name), dataDir: 'memory://' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropDatabase(server, name);
    },
  };
}
