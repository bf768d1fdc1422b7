import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/*
 * Backups of the shop while it serves (docs/decisions/0068): one .tar.gz holding the database and
 * the files kept beside it in DATA_DIR (uploads: booking documents, contact attachments, images).
 *   backup.json        what it is: format, when, which database, what it holds
 *   database.tar.gz    PGlite: its data folder as PGlite dumps it, after a checkpoint, with no
 *                      transaction running (the shop waits for the second or two it takes)
 *   database.dump      Postgres: pg_dump's custom format, one consistent snapshot
 *   files/…            DATA_DIR but the database's own folder, its lock and the CLI link
 * The database is dumped before the files are copied: a file is stored before the row naming it
 * (server/services/uploads.ts), so every file a backed-up row names is in the backup. With
 * DATABASE_URL the uploads' bytes are rows of stored_files (server/services/file-store.ts), in
 * the same dump as the rows naming them.
 * A backup holds passports, PANs and password hashes: the file is written 0600 (only the shop's
 * user reads it) and the folders made for it 0700; the backups folder itself is kept 0700
 * (privateFolder).
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  files: number;
  fileBytes: number;
}

/** What DATA_DIR holds that is not a file of the shop's: the database folder, its lock, the CLI link. */
const NOT_FILES = new Set(['db', 'db.lock', 'staff-cli.json']);

export class BackupError extends Error {}

/** A Postgres binary (pg_dump, pg_restore): on PATH, or the newest of Debian's /usr/lib/postgresql/<n>/bin. */
export function postgresBinary(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin', name);
  }
  return name;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) =>
      reject(
        new BackupError(
          `${cmd} could not be started (${e.message}): install Debian's postgresql-client, or put ${cmd} on PATH.`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

async function copyTree(from: string, to: string, skipTop: Set<string>): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (dir === from && skipTop.has(entry.name)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const target = join(to, relative(from, path));
        await mkdir(dirname(target), { recursive: true });
        await copyFile(path, target);
        files++;
        bytes += (await stat(path)).size;
      }
    }
  };
  await walk(from);
  return { files, bytes };
}

export interface BackupSource {
  dataDir: string;
  /** The PGlite dump (from the open database, or from the running server over loopback). */
  pglite?: () => Promise<Blob | Readable>;
  /** Postgres: pg_dump runs against this URL. */
  databaseUrl?: string;
}

/** Only the owner may list, read or write a backup file or the backups folder. */
export const BACKUP_FILE_MODE = 0o600;
export const BACKUP_FOLDER_MODE = 0o700;

/**
 * Makes `dir` the private folder backups go in: created 0700, or made 0700 when it is there and
 * others may enter it (a backups folder made by an older version was 0755). A shared folder
 * (sticky, as /tmp) or another user's is left as it is: false.
 */
export async function privateFolder(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true, mode: BACKUP_FOLDER_MODE });
  const { mode, uid } = await stat(dir);
  if ((mode & 0o777) === BACKUP_FOLDER_MODE) return true;
  if (mode & 0o1000 || uid !== process.getuid?.()) return false;
  await chmod(dir, BACKUP_FOLDER_MODE);
  return true;
}

/** Whether users other than the owner may enter a folder (its group or other bits are set). */
export function openToOthers(dir: string): boolean {
  return (statSync(dir).mode & 0o077) !== 0;
}

/**
 * Writes a backup to `out` (a .tar.gz, mode 0600, any folder made for it 0700) and returns what it
 * holds. The file appears whole or not at all: it is written beside `out` and renamed into place.
 */
export async function writeBackup(out: string, source: BackupSource, now = new Date()): Promise<BackupManifest> {
  const work = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  try {
    let database: BackupManifest['database'];
    if (source.databaseUrl) {
      database = 'postgres';
      await run(postgresBinary('pg_dump'), [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(work, 'database.dump')}`,
        source.databaseUrl,
      ]);
    } else if (source.pglite) {
      database = 'pglite';
      const dump = await source.pglite();
      const stream =
        dump instanceof Readable ? dump : Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream);
      await pipeline(stream, createWriteStream(join(work, 'database.tar.gz')));
    } else {
      throw new BackupError('No database to back up: set DATABASE_URL, or DATA_DIR to the embedded database’s folder.');
    }
    const { files, bytes } =
      source.dataDir === 'memory://'
        ? { files: 0, bytes: 0 }
        : await copyTree(source.dataDir, join(work, 'files'), NOT_FILES);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database,
      files,
      fileBytes: bytes,
    };
    await writeFile(join(work, 'backup.json'), JSON.stringify(manifest, null, 2));
    await mkdir(dirname(out), { recursive: true, mode: BACKUP_FOLDER_MODE });
    const entries = [
      'backup.json',
      database === 'postgres' ? 'database.dump' : 'database.tar.gz',
      ...(existsSync(join(work, 'files')) ? ['files'] : []),
    ];
    const partial = `${out}.${process.pid}.partial`;
    try {
      await tar.create({ gzip: true, file: partial, mode: BACKUP_FILE_MODE, cwd: work, portable: true }, entries);
      // The umask can only take bits away; an explicit chmod leaves no doubt.
      await chmod(partial, BACKUP_FILE_MODE);
      await rename(partial, out);
    } finally {
      await rm(partial, { force: true });
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Reads a backup's manifest, refusing a file that is not one of ours. */
async function unpack(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup at ${file}.`);
  const dir = await mkdtemp(join(tmpdir(), 'shop-restore-'));
  try {
    await tar.extract({ file, cwd: dir, strict: true });
    const manifest = JSON.parse(await readFile(join(dir, 'backup.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(
        `${file} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`,
      );
    return { dir, manifest };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a backup made by npm run db:backup (${(err as Error).message}).`);
  }
}

export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  /** Restore over a data folder or database that already holds a shop. */
  force?: boolean;
  /** PGlite: opens the restored data folder (to check it), given the dump to load. */
  loadPglite: (dataDir: string, dump: Blob) => Promise<void>;
  /** Postgres: whether the database already has the shop's tables. */
  postgresHasShop?: () => Promise<boolean>;
}

/**
 * Restores a backup into DATA_DIR (and the database of DATABASE_URL for a Postgres backup). Never
 * over a shop already there unless `force`: a restore replaces everything since the backup.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const { dir, manifest } = await unpack(file);
  try {
    if (manifest.database === 'postgres') {
      if (!target.databaseUrl)
        throw new BackupError(
          'This is a backup of a Postgres database: set DATABASE_URL to the database to restore into.',
        );
      if (!target.force && (await target.postgresHasShop?.()))
        throw new BackupError(
          'That database already holds a shop: restore into an empty database, or add --force to replace it.',
        );
      await run(postgresBinary('pg_restore'), [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        join(dir, 'database.dump'),
      ]);
    } else {
      if (target.databaseUrl)
        throw new BackupError(
          'This is a backup of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR.',
        );
      const dbDir = join(target.dataDir, 'db');
      if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
        if (!target.force)
          throw new BackupError(
            `${target.dataDir} already holds a shop: restore into an empty DATA_DIR, or add --force to replace it.`,
          );
        await rm(dbDir, { recursive: true, force: true });
      }
      await mkdir(target.dataDir, { recursive: true });
      const dump = new Blob([await readFile(join(dir, 'database.tar.gz'))]);
      await target.loadPglite(target.dataDir, dump);
    }
    if (existsSync(join(dir, 'files'))) await copyTree(join(dir, 'files'), target.dataDir, new Set());
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
