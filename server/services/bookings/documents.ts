import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { BOOKING_FILES_MAX } from '../../../contract/booking.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { gone, invalid, notFound, tooLarge as tooLargeError, unsupported } from '../../lib/errors.ts';
import type { FileStore } from '../file-store.ts';
import { detectTravelDocumentType, peekHead, removeUploads, storeUpload } from '../uploads.ts';

export const TOO_MANY_FILES = `A booking keeps at most ${BOOKING_FILES_MAX} documents. Send fewer files.`;

export type StoredFile = { id: number; storedName: string };

const ownerOf = (bookingId: number) => `booking:${bookingId}`;

/** How many documents the booking keeps now. */
export async function bookingFileCount(db: Db, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(eq(files.owner, ownerOf(bookingId)));
  return row?.n ?? 0;
}

/**
 * One passport or visa copy from a multipart part, streamed into the store (never whole in
 * memory): its type is told by its first bytes, and a file over the part's size limit is taken back.
 */
export async function addBookingFile(
  db: Db,
  store: FileStore,
  bookingId: number,
  part: { fieldname: string; filename?: string; file: Readable & { truncated?: boolean } },
): Promise<StoredFile> {
  const name = part.filename || part.fieldname;
  const tooLarge = () => tooLargeError(`${name} is larger than 10 MB. Send a smaller copy.`);
  const { head, content } = await peekHead(part.file);
  const type = detectTravelDocumentType(head);
  if (!type) {
    part.file.resume();
    if (part.file.truncated) throw tooLarge();
    throw unsupported(`${name} is not a photo (JPEG, PNG, WebP, HEIC) or a PDF.`);
  }
  const purpose = part.fieldname === 'images' ? 'booking-image' : 'booking-document';
  const stored = await storeUpload(db, store, {
    owner: ownerOf(bookingId),
    purpose,
    originalName: name,
    type,
    content,
  });
  if (part.file.truncated) {
    await removeUploads(db, store, [stored]);
    throw tooLarge();
  }
  return stored;
}

/**
 * Uploads at the same time each counted before the others stored: each counts again here, one at
 * a time (the booking's row locked), and one whose files would pass the limit takes its own back.
 */
export async function checkBookingFileLimit(db: Db, bookingId: number, stored: StoredFile[]): Promise<void> {
  if (stored.length === 0) return;
  const over = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from bookings where id = ${bookingId} for update`);
    const [all] = await tx
      .select({ n: count() })
      .from(files)
      .where(eq(files.owner, ownerOf(bookingId)));
    if ((all?.n ?? 0) <= BOOKING_FILES_MAX) return false;
    await tx.delete(files).where(
      inArray(
        files.id,
        stored.map((f) => f.id),
      ),
    );
    return true;
  });
  if (over) throw invalid(TOO_MANY_FILES);
}

/** A document of the booking, with its bytes as a stream; another booking's file is not found. */
export async function openBookingFile(
  db: Db,
  store: FileStore,
  bookingId: number,
  fileId: number,
  missing = 'This document is not on your booking.',
) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.owner, ownerOf(bookingId))))
    .limit(1);
  if (!file) throw notFound(missing);
  const bytes = await store.open(db, file.storedName);
  if (!bytes) throw gone('This document’s file is no longer kept. Upload it again if it is still needed.');
  return { file, bytes };
}
