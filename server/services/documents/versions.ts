import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { BookingSummary, DocumentVersion } from '../../../contract/booking.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { ownBooking } from '../bookings/queries.ts';
import { creditNoteDocument, creditNotesOf } from '../desk/credit-notes.ts';
import { vouchersIssued, type BookingRow } from '../bookings/records.ts';
import { invoiceFor } from './invoice.ts';
import { moneyDocument, moneyDocumentsOf } from './money-documents.ts';
import { vouchersFor } from './vouchers.ts';

/*
 * Each document a traveller holds for a booking, with a version (docs/decisions/0107): a short hash
 * of the document as its own call answers it, the JSON its page shows and its PDF is drawn from. So
 * a version changes exactly when the page or the PDF would (a receipt, a credit note, an amendment,
 * a corrected name, a supplier's number, a package's edited itinerary), and reading it again without
 * a change gives the same one. The wallet on the phone keys its saved copy on these.
 */

/** 12 characters of a SHA-256 (72 bits): no two versions of one document meet by chance. */
const versionOf = (document: unknown) => createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 12);

/** The documents of one of the traveller's bookings (`row`, already read as theirs), oldest kind first. */
export async function documentVersions(db: Db, config: Config, userId: number, row: BookingRow): Promise<DocumentVersion[]> {
  const out: DocumentVersion[] = [];
  // The invoice: a tax invoice once numbered, a confirmed booking's proforma before (none otherwise).
  if (row.invoiceNumber || row.status === 'confirmed') {
    const { document } = await invoiceFor(db, config, userId, row.id);
    out.push({ kind: document.invoiceNumber ? 'tax-invoice' : 'proforma', number: document.invoiceNumber ?? document.RefIdKey, version: versionOf(document) });
  }
  // A voucher per service, each with what the set prints around it (travellers, balance, help).
  if (vouchersIssued(row)) {
    const { document } = await vouchersFor(db, config, userId, row.id);
    const { vouchers, ...around } = document;
    const common = versionOf(around);
    for (const v of vouchers) out.push({ kind: 'voucher', number: v.number, version: versionOf([common, v]) });
  }
  for (const n of await creditNotesOf(db, row.id)) {
    out.push({ kind: 'credit-note', number: n.number, version: versionOf(await creditNoteDocument(db, config, row, n)) });
  }
  for (const d of await moneyDocumentsOf(db, row.id)) {
    const document = await moneyDocument(db, config, row, d);
    out.push({ kind: document.kind, number: document.number, version: versionOf(document) });
  }
  return out;
}

/** The traveller's bookings (BookingsList) with their documents' versions: the wallet's sync compares these with the copies it keeps. */
export async function listWithDocumentVersions(db: Db, config: Config, userId: number, list: BookingSummary[]): Promise<BookingSummary[]> {
  if (list.length === 0) return list;
  const rows = new Map(
    (
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, userId), inArray(bookings.id, list.map((b) => b.BookingId))))
    ).map((r) => [r.id, r]),
  );
  // One booking after another: a traveller has a few, and the pool is shared with everyone else's calls.
  const out: BookingSummary[] = [];
  for (const b of list) {
    const row = rows.get(b.BookingId);
    out.push(row ? { ...b, documentVersions: await documentVersions(db, config, userId, row) } : b);
  }
  return out;
}

/** One of the traveller's bookings (BookingDetailById) with its documents' versions. */
export async function detailWithDocumentVersions<T extends BookingSummary>(db: Db, config: Config, userId: number, detail: T): Promise<T> {
  const row = await ownBooking(db, userId, detail.BookingId);
  return { ...detail, documentVersions: await documentVersions(db, config, userId, row) };
}
