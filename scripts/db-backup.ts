/**
 * `npm run db:backup [-- <file> | <folder>/]`: a backup of the shop while it serves, on PGlite and
 * on Postgres, with the files in DATA_DIR (server/services/backup.ts, docs/decisions/0068). Without
 * a file name it writes backups/shop-<time>.tar.gz; given a folder (one that exists, or a name
 * ending in /), shop-<time>.tar.gz in it. The file is 0600; the backups folder (backups/, or the one
 * named) is made 0700, unless it is shared (sticky, as /tmp) or another user's. A file named
 * elsewhere gets 0700 for the folders made for it, but an existing folder is not changed (it may be
 * /tmp or the shop's own): a note says when other users may enter it.
 * On PGlite a running server holds the data folder: the database is asked of it over loopback, as
 * `npm run staff` does; otherwise the folder is opened here.
 */
import { existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DataFolderInUse } from '../server/db/data-lock.ts';
import { CLI_SECRET_HEADER } from '../server/routes/admin.ts';
import { BackupError, openToOthers, privateFolder, writeBackup } from '../server/services/backup.ts';
import { readCliLink } from '../server/services/staff/cli-link.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  ({ config } = loadConfig({ LOG_LEVEL: 'silent', ...process.env }));
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const named = process.argv[2];
const fileName = `shop-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
/** The backups folder (backups/, or a folder named): its own, kept 0700. */
const folder =
  named === undefined
    ? resolve('backups')
    : named.endsWith('/') || (existsSync(named) && statSync(named).isDirectory())
      ? resolve(named)
      : null;
const out = folder ? join(folder, fileName) : resolve(named!);
const started = Date.now();

async function fromRunningServer(message: string): Promise<Readable> {
  const link = readCliLink(config.DATA_DIR);
  if (!link)
    fail(
      `${message}\nThe running server left no ${CLI_SECRET_HEADER} link in ${config.DATA_DIR}: restart it with this version, or stop it and run this again.`,
    );
  const res = await fetch(`http://127.0.0.1:${link.port}/api/admin/cli/backup`, {
    method: 'POST',
    headers: { [CLI_SECRET_HEADER]: link.secret },
  }).catch((e: unknown) =>
    fail(`The running server (process ${link.pid}, port ${link.port}) did not answer: ${(e as Error).message}`),
  );
  if (!res.ok || !res.body) fail(`The running server refused the backup (${res.status}): ${await res.text()}`);
  return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
}

try {
  const kept = folder ? await privateFolder(folder) : false;
  let manifest;
  if (config.DATABASE_URL) {
    manifest = await writeBackup(out, { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  } else {
    let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
    let busy: DataFolderInUse | null = null;
    try {
      database = await openDatabase({ dataDir: config.DATA_DIR });
    } catch (err) {
      if (!(err instanceof DataFolderInUse)) throw err;
      busy = err;
    }
    try {
      manifest = await writeBackup(out, {
        dataDir: config.DATA_DIR,
        pglite: busy ? () => fromRunningServer(busy.message) : () => database!.backup!(),
      });
    } finally {
      await database?.close();
    }
  }
  if (!kept && openToOthers(dirname(out))) {
    console.log(
      `Note: other users may enter ${dirname(out)}; the backup itself is readable by its owner only (0600). Keep backups in a folder of their own: npm run db:backup -- <folder>/ makes it 0700.`,
    );
  }
  console.log(
    `Backup written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s: the ${manifest.database === 'postgres' ? 'Postgres' : 'embedded (PGlite)'} database and ${manifest.files} file(s).`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
