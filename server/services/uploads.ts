import { inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema.ts';

export interface FileType {
  ext: 'pdf' | 'jpg' | 'png' | 'webp' | 'heic' | 'doc' | 'docx';
  mime: string;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
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
    return isWord ? { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } : null;
  }
  return null;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * A passport or visa copy: a photo (JPEG, PNG, WebP, or HEIC as iPhones take them) or a PDF, by its
 * bytes. Word files, which contact messages accept, are not travel documents.
 */
export function detectTravelDocumentType(buf: Buffer): FileType | null {
  if (startsWith(buf, ascii('ftyp'), 4) && HEIF_BRANDS.has(buf.subarray(8, 12).toString('latin1'))) return { ext: 'heic', mime: 'image/heic' };
  const type = detectDocumentType(buf);
  return type && ['pdf', 'jpg', 'png', 'webp'].includes(type.ext) ? type : null;
}

/** Uploads live under DATA_DIR/uploads (a temporary folder when the database is in memory). */
export function uploadsDir(config: Pick<Config, 'DATA_DIR'>): string {
  return config.DATA_DIR === 'memory://' ? join(tmpdir(), 'travel-shop-uploads') : join(config.DATA_DIR, 'uploads');
}

/** A file name safe to show and to put in a mail header: no path, no control characters. */
export function cleanFileName(name: string, fallbackExt: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^\p{L}\p{N} ._()-]/gu, '_').replace(/^\.+/, '').slice(0, 120).trim();
  return cleaned || `attachment.${fallbackExt}`;
}

/** Stores the bytes under a generated name and records them; returns the files row id. */
export async function storeUpload(
  db: Db,
  config: Pick<Config, 'DATA_DIR'>,
  upload: { owner: string; purpose: string; originalName: string; type: FileType; content: Buffer },
): Promise<{ id: number; storedName: string }> {
  const dir = uploadsDir(config);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${upload.type.ext}`;
  await writeFile(join(dir, storedName), upload.content, { flag: 'wx' });
  const [row] = await db
    .insert(files)
    .values({
      owner: upload.owner,
      purpose: upload.purpose,
      storedName,
      originalName: cleanFileName(upload.originalName, upload.type.ext),
      mime: upload.type.mime,
      size: upload.content.length,
    })
    .returning({ id: files.id });
  return { id: row!.id, storedName };
}

/** Takes back files stored by a request that then failed: their rows and their bytes. */
export async function removeUploads(db: Db, config: Pick<Config, 'DATA_DIR'>, stored: { id: number; storedName: string }[]): Promise<void> {
  if (stored.length === 0) return;
  await db.delete(files).where(inArray(files.id, stored.map((s) => s.id)));
  await Promise.all(stored.map((s) => unlink(join(uploadsDir(config), s.storedName)).catch(() => undefined)));
}
