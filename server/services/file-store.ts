import { and, eq, inArray, sql } from 'drizzle-orm';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';

/**
 * Where uploaded files' bytes live (docs/decisions/0069), by a storage key: a file row's
 * stored name ("<hex>.pdf"), or "images/<name>-<width>.webp" for package pictures.
 *
 * Every call takes the database (or the caller's transaction): the database store writes in it, so
 * the bytes commit or roll back with the row that names them; the folder store ignores it.
 */
export interface FileStore {
  readonly driver: FileDriver;
  /** True when the bytes are written in the caller's transaction (nothing to take back by hand after a rollback). */
  readonly transactional: boolean;
  /** The folder the bytes are written in (the folder store), whose disk's free space /api/ready reports. */
  readonly dir?: string;
  /** Writes the bytes under a new key, chunk by chunk (never the whole file at once); returns their length. */
  put(db: Db, key: string, content: Buffer | AsyncIterable<Buffer | Uint8Array>): Promise<number>;
  /** The bytes as a stream, or null when there is no such file. */
  open(db: Db, key: string): Promise<Readable | null>;
  delete(db: Db, keys: string | string[]): Promise<void>;
  exists(db: Db, key: string): Promise<boolean>;
}

/** The folder on one machine, the database every machine shares; an S3-compatible store would be a third. */
export type FileDriver = 'folder' | 'database';

/** Letters, digits, dots, dashes and one optional folder: never a path out of the store. */
const KEY = /^([a-z0-9][a-z0-9_-]*\/)?[a-z0-9][a-z0-9._-]*$/i;
function checked(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${key}`);
  return key;
}

async function* asChunks(content: Buffer | AsyncIterable<Buffer | Uint8Array>): AsyncIterable<Buffer> {
  if (Buffer.isBuffer(content)) {
    yield content;
    return;
  }
  for await (const chunk of content) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
}

/** Uploads live under DATA_DIR/uploads (a temporary folder when the database is in memory). */
export function uploadsDir(config: Pick<Config, 'DATA_DIR'>): string {
  return config.DATA_DIR === 'memory://' ? join(tmpdir(), 'travel-shop-uploads') : join(config.DATA_DIR, 'uploads');
}

/** Files in a folder (PGlite's default, DATA_DIR/uploads): the keys are paths below it, as they always were. */
export function folderStore(dir: string): FileStore {
  const path = (key: string) => join(dir, checked(key));
  return {
    driver: 'folder',
    transactional: false,
    dir,
    async put(_db, key, content) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      let size = 0;
      const counted = async function* () {
        for await (const chunk of asChunks(content)) {
          size += chunk.length;
          yield chunk;
        }
      };
      try {
        await pipeline(Readable.from(counted()), createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        // A half-written file is no file (unless it was another's, which 'wx' refused to touch).
        if ((err as { code?: string }).code !== 'EEXIST') await unlink(file).catch(() => undefined);
        throw err;
      }
      return size;
    },
    async open(_db, key) {
      const file = path(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async delete(_db, keys) {
      await Promise.all([keys].flat().map((k) => unlink(path(k)).catch(() => undefined)));
    },
    async exists(_db, key) {
      return (await stat(path(key)).catch(() => null))?.isFile() ?? false;
    },
  };
}

/** Bytes per row of stored_files: big enough for few rows, small enough that a read holds little. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Files in the database (with DATABASE_URL): rows of stored_files, CHUNK_BYTES each, written in the
 * caller's transaction and read back one chunk at a time, so neither way holds the whole file.
 */
export function databaseStore(chunkBytes = CHUNK_BYTES): FileStore {
  const chunkAt = async (db: Db, key: string, seq: number) => {
    const [row] = await db
      .select({ bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, key), eq(storedFiles.seq, seq)))
      .limit(1);
    return row?.bytes ?? null;
  };
  return {
    driver: 'database',
    transactional: true,
    async put(db, key, content) {
      checked(key);
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const write = async (bytes: Buffer) => {
        await db.insert(storedFiles).values({ key, seq: seq++, bytes });
      };
      for await (const chunk of asChunks(content)) {
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= chunkBytes) {
          const all = Buffer.concat(pending);
          await write(all.subarray(0, chunkBytes));
          pending = [all.subarray(chunkBytes)];
          pendingBytes = all.length - chunkBytes;
        }
      }
      // An empty file is one empty chunk, so that it exists.
      if (pendingBytes > 0 || seq === 0) await write(Buffer.concat(pending));
      return size;
    },
    async open(db, key) {
      const first = await chunkAt(db, checked(key), 0);
      if (!first) return null;
      return Readable.from(
        (async function* () {
          yield first;
          for (let seq = 1; ; seq++) {
            const next = await chunkAt(db, key, seq);
            if (!next) return;
            yield next;
          }
        })(),
      );
    },
    async delete(db, keys) {
      const all = [keys].flat().map(checked);
      if (all.length) await db.delete(storedFiles).where(inArray(storedFiles.key, all));
    },
    async exists(db, key) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(storedFiles)
        .where(and(eq(storedFiles.key, checked(key)), eq(storedFiles.seq, 0)))
        .limit(1);
      return row !== undefined;
    },
  };
}

/**
 * The one place the driver is picked: with DATABASE_URL the bytes go to the database every machine
 * shares; on the embedded database they stay in the folder. (An S3-compatible driver would be
 * chosen here too, from its own setting.)
 */
export function fileDriverFor(config: Pick<Config, 'DATABASE_URL'>): FileDriver {
  return config.DATABASE_URL ? 'database' : 'folder';
}

export function openFileStore(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>,
  driver: FileDriver = fileDriverFor(config),
): FileStore {
  return driver === 'database' ? databaseStore() : folderStore(uploadsDir(config));
}
