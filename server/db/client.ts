import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Assume, ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import { PreparingPGlite } from './pglite.ts';
import * as schema from './schema.ts';

/** What a raw statement (`db.execute`) answers on either driver: its rows. */
interface Rows<R> {
  rows: R[];
}
export interface ShopQueryResultHKT extends PgQueryResultHKT {
  type: Rows<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The query builder services take: the database on either driver, or a transaction in it (a
 * transaction's builder is one of these, so `db.transaction(async (tx) => work(tx))` needs no cast).
 */
export type Db = PgDatabase<ShopQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball (`PGlite.dumpDataDir`), which `loadDataDir` starts from. */
  dump?(): Promise<Blob>;
  /**
   * PGlite only: the data folder gzipped for a backup (server/services/backup.ts), taken while no
   * transaction runs: a checkpoint first writes every change to the folder, and holding the
   * transaction lock keeps the next one waiting until the copy is made.
   */
  backup?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant key of the session advisory lock held while migrating ("migr" in hex). */
const MIGRATE_LOCK_KEY = 0x6d696772;

/**
 * Applies the migrations on Postgres under a session advisory lock, on one connection: servers
 * starting at once against an empty database take turns, so the migrations run once (the others
 * then find them applied). Without it two migrators raced to create drizzle's own table.
 */
async function migratePostgres(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Opens the database: Postgres through `pg` when a URL is given, otherwise embedded PGlite
 * in `<dataDir>/db` (or in memory when dataDir is 'memory://', as the tests do). `loadDataDir`
 * starts a new PGlite database from a `dumpDataDir()` tarball instead of an empty cluster (the
 * tests' prepared template: tests/support/pglite-setup.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server dropped (a restart, a failover) is an error on the pool, not a crash.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    return {
      // Both drivers expose the same query builder (Db above).
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(pool),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  let release = () => {};
  if (opts.dataDir !== 'memory://') {
    // The database gets its own folder; uploads live beside it in DATA_DIR.
    dir = join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    release = lockDataFolder(opts.dataDir);
  }
  let client: PreparingPGlite;
  try {
    client = new PreparingPGlite({ dataDir: dir, loadDataDir: opts.loadDataDir });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    backup: () =>
      client.transaction(async (tx) => {
        await tx.query('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
