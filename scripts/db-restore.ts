/**
 * `npm run db:restore -- <file> [--force]`: puts a backup of `npm run db:backup` back, into
 * DATA_DIR (PGlite) or the database of DATABASE_URL (Postgres) and the files into DATA_DIR. The
 * shop must be stopped on PGlite (its data folder is locked while it runs). Never over a shop
 * already there without --force.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { DataFolderInUse, lockDataFolder } from '../server/db/data-lock.ts';
import { BackupError, restoreBackup } from '../server/services/backup.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) fail('Usage: npm run db:restore -- <backup.tar.gz> [--force]');
let config: Config;
try {
  ({ config } = loadConfig({ LOG_LEVEL: 'silent', ...process.env }));
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
if (config.DATA_DIR === 'memory://') fail('DATA_DIR is memory://: set it to the folder to restore into.');

let release = () => {};
try {
  mkdirSync(config.DATA_DIR, { recursive: true });
  if (!config.DATABASE_URL) release = lockDataFolder(config.DATA_DIR);
} catch (err) {
  if (err instanceof DataFolderInUse) fail(`${err.message}\nStop the shop before restoring into its data folder.`);
  throw err;
}
try {
  const manifest = await restoreBackup(resolve(file), {
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    force: args.includes('--force'),
    async loadPglite(dataDir, dump) {
      const client = new PGlite(join(dataDir, 'db'), { loadDataDir: dump });
      await client.waitReady;
      await client.query('select 1 from bookings limit 1');
      await client.close();
    },
    async postgresHasShop() {
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ t: string | null }>("select to_regclass('public.bookings')::text as t");
        return rows[0]?.t != null;
      } finally {
        await client.end();
      }
    },
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database === 'postgres' ? 'Postgres' : 'embedded PGlite'} database, ${manifest.files} file(s)). Start the shop: npm start`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
} finally {
  release();
}
