import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BookingDetail, BookingSummary, DocumentVersion } from '../../../contract/booking.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import { bookings, creditNotes, moneyDocuments } from '../../db/schema.ts';
import { bookingDetailsOf, ownBooking } from '../bookings/queries.ts';
import { creditNoteDocument, creditNotesOf, type CreditNoteRow } from '../desk/credit-notes.ts';
import { vouchersIssued } from '../bookings/records.ts';
import { invoiceOf } from './invoice.ts';
import { moneyDocument, moneyDocumentsOf, type MoneyDocumentRow } from './money-documents.ts';
import { sourceOf, type DocumentSource } from './source.ts';
import { voucherSetOf } from './vouchers.ts';

/*
 * Each document a traveller holds for a booking, with a version (docs/decisions/0107): a short hash
 * of the document as its own call answers it, the JSON its page shows and its PDF is drawn from. So
 * a version changes exactly when the page or the PDF would (a receipt, a credit note, an amendment,
 * a corrected name, a supplier's number, a package's edited itinerary), and reading it again without
 * a change gives the same one. The wallet on the phone keys its saved copy on these.
 *
 * Cheap to read: a booking's source (its row and detail) is read once per call and every document
 * of it is made from that one source, as its own call would make it from a source it reads; the
 * list reads the details, credit notes and money documents of all its bookings in a few queries.
 */

/** 12 characters of a SHA-256 (72 bits): no two versions of one document meet by chance. */
const versionOf = (document: unknown) =>
  createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 12);

/** A booking's credit notes and money documents, already read (oldest first). */
interface Issued {
  creditNotes: CreditNoteRow[];
  moneyDocuments: MoneyDocumentRow[];
}

/** The documents of one of the traveller's bookings (`src`, already read as theirs), oldest kind first. */
async function documentVersions(
  db: Db,
  config: Config,
  src: DocumentSource,
  issued: Issued,
): Promise<DocumentVersion[]> {
  const { row } = src;
  const out: DocumentVersion[] = [];
  // The invoice: a tax invoice once numbered, a confirmed booking's proforma before (none otherwise).
  if (row.invoiceNumber || row.status === 'confirmed') {
    const { document } = await invoiceOf(db, src);
    out.push({
      kind: document.invoiceNumber ? 'tax-invoice' : 'proforma',
      number: document.invoiceNumber ?? document.RefIdKey,
      version: versionOf(document),
    });
  }
  // A voucher per service, each with what the set prints around it (travellers, balance, help).
  if (vouchersIssued(row)) {
    const { document } = await voucherSetOf(db, src);
    const { vouchers, ...around } = document;
    const common = versionOf(around);
    for (const v of vouchers) out.push({ kind: 'voucher', number: v.number, version: versionOf([common, v]) });
  }
  for (const n of issued.creditNotes) {
    out.push({
      kind: 'credit-note',
      number: n.number,
      version: versionOf(await creditNoteDocument(db, config, row, n)),
    });
  }
  for (const d of issued.moneyDocuments) {
    const document = await moneyDocument(db, config, row, d);
    out.push({ kind: document.kind, number: document.number, version: versionOf(document) });
  }
  return out;
}

/**
 * The traveller's bookings (BookingsList) with their documents' versions: the wallet's sync compares
 * these with the copies it keeps. Their rows, details, credit notes and money documents are read
 * for all of them at once; then each booking's documents are made from its own source.
 */
export async function listWithDocumentVersions(
  db: Db,
  config: Config,
  userId: number,
  list: BookingSummary[],
): Promise<BookingSummary[]> {
  if (list.length === 0) return list;
  const ids = list.map((b) => b.BookingId);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.id, ids)));
  const details = await bookingDetailsOf(db, config, rows);
  const notes = groupBy(
    await db.select().from(creditNotes).where(inArray(creditNotes.bookingId, ids)).orderBy(asc(creditNotes.id)),
    (n) => n.bookingId,
  );
  const money = groupBy(
    await db
      .select()
      .from(moneyDocuments)
      .where(inArray(moneyDocuments.bookingId, ids))
      .orderBy(asc(moneyDocuments.id)),
    (d) => d.bookingId,
  );
  const sources = new Map(rows.map((r) => [r.id, sourceOf(config, r, details.get(r.id)!)]));
  // One booking after another: the pool is shared with everyone else's calls.
  const out: BookingSummary[] = [];
  for (const b of list) {
    const src = sources.get(b.BookingId);
    out.push(
      src
        ? {
            ...b,
            documentVersions: await documentVersions(db, config, src, {
              creditNotes: notes.get(b.BookingId) ?? [],
              moneyDocuments: money.get(b.BookingId) ?? [],
            }),
          }
        : b,
    );
  }
  return out;
}

/**
 * One of the traveller's bookings (BookingDetailById) with its documents' versions: the detail the
 * call has just read is their source (with the booking's row), so the booking is not read again per
 * document. A document takes from the detail only the fields it names, so what the call adds to the
 * detail (its cancellation terms) changes no version.
 */
export async function detailWithDocumentVersions<T extends BookingDetail>(
  db: Db,
  config: Config,
  userId: number,
  detail: T,
): Promise<T> {
  const row = await ownBooking(db, userId, detail.BookingId);
  const issued = { creditNotes: await creditNotesOf(db, row.id), moneyDocuments: await moneyDocumentsOf(db, row.id) };
  return { ...detail, documentVersions: await documentVersions(db, config, sourceOf(config, row, detail), issued) };
}
