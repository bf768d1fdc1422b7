import { inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

export { uploadsDir } from './file-store.ts';

export interface FileType {
  ext: 'pdf' | 'jpg' | 'png' | 'webp' | 'heic' | 'doc' | 'docx';
  mime: string;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * What a document really is, from its first bytes (never its name or the browser's word):
 * PDF, JPEG, PNG, WebP, Word 97-2003 (an OLE file holding a WordDocument stream) or DOCX (a zip
 * holding word/ parts). Anything else, an executable renamed .pdf included, is null.
 */
export function detectDocumentType(buf: Buffer): FileType | null {
  if (startsWith(buf, ascii('%PDF-'))) return { ext: 'pdf', mime: 'application/pdf' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return { ext: 'webp', mime: 'image/webp' };
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // OLE containers also hold spreadsheets and installers: only a Word document has this stream.
    return buf.includes(Buffer.from('WordDocument', 'utf16le')) ? { ext: 'doc', mime: 'application/msword' } : null;
  }
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const isWord = buf.includes(Buffer.from('[Content_Types].xml')) && buf.includes(Buffer.from('word/'));
    return isWord
      ? { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }
      : null;
  }
  return null;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * A passport or visa copy: a photo (JPEG, PNG, WebP, or HEIC as iPhones take them) or a PDF, by its
 * bytes. Word files, which contact messages accept, are not travel documents.
 */
export function detectTravelDocumentType(buf: Buffer): FileType | null {
  if (startsWith(buf, ascii('ftyp'), 4) && HEIF_BRANDS.has(buf.subarray(8, 12).toString('latin1')))
    return { ext: 'heic', mime: 'image/heic' };
  const type = detectDocumentType(buf);
  return type && ['pdf', 'jpg', 'png', 'webp'].includes(type.ext) ? type : null;
}

/** A file name safe to show and to put in a mail header: no path, no control characters. */
export function cleanFileName(name: string, fallbackExt: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return cleaned || `attachment.${fallbackExt}`;
}

/**
 * Stores the bytes under a generated name (through the file store, chunk by chunk) and records
 * them; returns the files row id. Give it the transaction of the row that will name the file.
 */
export async function storeUpload(
  db: Db,
  store: FileStore,
  upload: {
    owner: string;
    purpose: string;
    originalName: string;
    type: FileType;
    content: Buffer | AsyncIterable<Buffer>;
  },
): Promise<{ id: number; storedName: string }> {
  const storedName = `${randomBytes(16).toString('hex')}.${upload.type.ext}`;
  const size = await store.put(db, storedName, upload.content);
  const [row] = await db
    .insert(files)
    .values({
      owner: upload.owner,
      purpose: upload.purpose,
      storedName,
      originalName: cleanFileName(upload.originalName, upload.type.ext),
      mime: upload.type.mime,
      size,
    })
    .returning({ id: files.id });
  return { id: row!.id, storedName };
}

/** Takes back files: their rows and their bytes (stored by a request that then failed, or erased). */
export async function removeUploads(
  db: Db,
  store: FileStore,
  stored: { id: number; storedName: string }[],
): Promise<void> {
  if (stored.length === 0) return;
  await db.delete(files).where(
    inArray(
      files.id,
      stored.map((s) => s.id),
    ),
  );
  await store.delete(
    db,
    stored.map((s) => s.storedName),
  );
}

/**
 * Runs an upload: in one transaction when the store writes in the database (the rows and their
 * bytes commit together), straight on the database when it writes to a folder (on PGlite a
 * transaction would hold the only connection while the client sends the file; the caller takes
 * its files back with removeUploads when it fails).
 */
export async function uploadWork<T>(db: Db, store: FileStore, work: (db: Db) => Promise<T>): Promise<T> {
  return store.transactional ? db.transaction((tx) => work(tx)) : work(db);
}

/**
 * The first bytes of an uploaded stream (enough to tell its type: detectTravelDocumentType needs
 * 12) and the whole stream again, head first, holding no more than the head and one chunk.
 */
export async function peekHead(
  stream: Readable,
  bytes = 4096,
): Promise<{ head: Buffer; content: AsyncIterable<Buffer> }> {
  const it = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(seen);
  return {
    head,
    content: (async function* () {
      yield head;
      if (done) return;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  };
}
