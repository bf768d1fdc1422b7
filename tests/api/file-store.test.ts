import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import type { Database } from '../../server/db/client.ts';
import {
  databaseStore,
  fileDriverFor,
  folderStore,
  openFileStore,
  type FileStore,
} from '../../server/services/file-store.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The two file stores behind server/services/file-store.ts (docs/decisions/0069): the folder
 * (PGlite's default) and the database (with DATABASE_URL), the same calls and answers. The
 * database store runs here on the test database (PGlite, or Postgres in `npm run test:postgres`).
 */

let database: Database;
let db: Db;
const dir = mkdtempSync(join(tmpdir(), 'file-store-'));

beforeAll(async () => {
  database = await openTestDatabase({ seed: false });
  db = database.db;
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bytes = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff));
const read = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()) : null);
async function* pieces(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}
let n = 0;
const key = (ext = 'pdf') => `${(++n).toString(16).padStart(8, '0')}${Date.now().toString(16)}.${ext}`;

const stores: [string, () => FileStore][] = [
  ['the folder', () => folderStore(dir)],
  // Small chunks, so that a few kilobytes make several rows.
  ['the database', () => databaseStore(1000)],
];

describe.each(stores)('files in %s', (_name, make) => {
  const store = make();

  it('puts a stream chunk by chunk and opens the same bytes; deleted, the file is gone', async () => {
    const content = bytes(4321);
    const k = key();
    expect(await store.put(db, k, pieces(content, 333))).toBe(content.length);
    expect(await store.exists(db, k)).toBe(true);
    expect((await read(await store.open(db, k)))!.equals(content)).toBe(true);
    await store.delete(db, k);
    expect(await store.exists(db, k)).toBe(false);
    expect(await store.open(db, k)).toBeNull();
  });

  it('keeps an empty file and a buffer, and keys in a folder (package pictures)', async () => {
    const empty = key();
    expect(await store.put(db, empty, Buffer.alloc(0))).toBe(0);
    expect(await store.exists(db, empty)).toBe(true);
    expect((await read(await store.open(db, empty)))!.length).toBe(0);
    const picture = `images/${key('webp')}`;
    await store.put(db, picture, bytes(2500));
    expect((await read(await store.open(db, picture)))!.equals(bytes(2500))).toBe(true);
  });

  it('refuses a key that would leave the store, and a key already taken', async () => {
    await expect(store.put(db, '../escape.pdf', Buffer.from('x'))).rejects.toThrow('Not a storage key');
    await expect(store.open(db, 'a/../../etc/passwd')).rejects.toThrow('Not a storage key');
    const k = key();
    await store.put(db, k, Buffer.from('first'));
    await expect(store.put(db, k, Buffer.from('second'))).rejects.toThrow();
    expect((await read(await store.open(db, k)))!.toString()).toBe('first');
  });
});

describe('files in the database, in the transaction of their row', () => {
  it('a rolled-back transaction keeps none of the bytes; a committed one keeps them all', async () => {
    const store = databaseStore(1000);
    const lost = key();
    await expect(
      db.transaction(async (tx) => {
        await store.put(tx as unknown as Db, lost, bytes(5000));
        throw new Error('the row failed');
      }),
    ).rejects.toThrow('the row failed');
    expect(await store.exists(db, lost)).toBe(false);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from stored_files where key = ${lost}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);

    const kept = key();
    await db.transaction(async (tx) => {
      await store.put(tx as unknown as Db, kept, bytes(5000));
    });
    const again = await db.execute<{ n: number }>(sql`select count(*)::int as n from stored_files where key = ${kept}`);
    expect(Number(again.rows[0]!.n)).toBe(5);
  });
});

describe('the driver, picked in one place', () => {
  it('is the database with DATABASE_URL and the folder (DATA_DIR/uploads) without', async () => {
    expect(fileDriverFor({ DATABASE_URL: 'postgres://shop@db/shop' })).toBe('database');
    expect(fileDriverFor({ DATABASE_URL: undefined })).toBe('folder');
    const folder = openFileStore({ DATA_DIR: dir, DATABASE_URL: undefined });
    expect(folder.driver).toBe('folder');
    const k = key();
    await folder.put(db, k, Buffer.from('on disk'));
    // Where the files always were: the keys of existing rows keep working.
    expect(readFileSync(join(dir, 'uploads', k), 'utf8')).toBe('on disk');
    expect(openFileStore({ DATA_DIR: dir, DATABASE_URL: 'postgres://shop@db/shop' }).driver).toBe('database');
  });
});
