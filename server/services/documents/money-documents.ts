import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminUrl } from '../../../contract/admin-api.ts';
import { moneyDocumentCall } from '../../../contract/admin-desk-calls.ts';
import {
  MONEY_DOCUMENT_MESSAGES,
  MONEY_DOCUMENT_NOTES,
  MONEY_DOCUMENT_TITLES,
  type MoneyDocument,
} from '../../../contract/money-documents.ts';
import type { DeskMoneyDocument } from '../../../contract/desk.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingTravellers, ledgerEntries, moneyDocuments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { maskPan } from '../bookings/pan.ts';
import { ownBooking } from '../bookings/queries.ts';
import type { BookingRow } from '../bookings/records.ts';
import { shopDetails } from '../shop-details.ts';
import { fullName, pdfUrl } from './source.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Receipt vouchers and debit notes as documents (issue 30), as credit notes are
 * (server/services/desk/credit-notes.ts): the ledger writes their rows (money_documents) in the
 * transaction of the money they cover; this reads one as the staff's JSON, the traveller's call,
 * the PDF (money-document-pdf.ts) and a mail's attachment all show it.
 */

export type MoneyDocumentRow = typeof moneyDocuments.$inferSelect;

/** A booking's receipt vouchers and debit notes, oldest first. */
export async function moneyDocumentsOf(db: Db, bookingId: number): Promise<MoneyDocumentRow[]> {
  return db
    .select()
    .from(moneyDocuments)
    .where(eq(moneyDocuments.bookingId, bookingId))
    .orderBy(asc(moneyDocuments.id));
}

/** As the desk lists it, with the staff's PDF (audited). */
export const deskMoneyDocument = (d: MoneyDocumentRow, ref: string): DeskMoneyDocument => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  total: d.total,
  currency: d.currency,
  reason: d.reason,
  issuedAt: d.issuedAt.toISOString(),
  pdfUrl: adminUrl(moneyDocumentCall, { ref, file: `${d.id}.pdf` }),
});

/** Where the traveller's copy is: GetMoneyDocument, as JSON (the PDF adds format=pdf). */
export const travellerMoneyDocumentUrl = (bookingId: number, documentId: number) =>
  `/api/Common/GetMoneyDocument?BookingId=${bookingId}&DocumentId=${documentId}`;

/**
 * The credit note a debit note reverses: its ledger entry (the refund's reversal, which names the
 * debit note) points at the refund entry it reverses, which names the credit note. A row without
 * that entry (none is written without it) falls back on the words the ledger put in its reason.
 */
export async function reversedCreditNote(
  db: Db,
  d: Pick<MoneyDocumentRow, 'bookingId' | 'number' | 'reason'>,
): Promise<string | null> {
  const refund = alias(ledgerEntries, 'refund');
  const [row] = await db
    .select({ number: refund.documentNumber })
    .from(ledgerEntries)
    .innerJoin(refund, eq(refund.id, ledgerEntries.reversesId))
    .where(
      and(
        eq(ledgerEntries.bookingId, d.bookingId),
        eq(ledgerEntries.documentKind, 'debit-note'),
        eq(ledgerEntries.documentNumber, d.number),
        eq(refund.documentKind, 'credit-note'),
      ),
    )
    .limit(1);
  return row?.number ?? d.reason.match(/reverses credit note ([A-Z0-9-]+)/)?.[1] ?? null;
}

/**
 * A receipt voucher or debit note as a document: the seller, the lead traveller (the PAN masked),
 * the place of supply (India), the money and its taxes as the ledger wrote them, and what it is.
 */
export async function moneyDocument(
  db: Db,
  config: Config,
  b: BookingRow,
  d: MoneyDocumentRow,
): Promise<MoneyDocument> {
  const [lead] = await db
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, b.id), eq(bookingTravellers.lead, true)))
    .limit(1);
  const site = b.site;
  const shop = shopDetails(config, site);
  const creditNote = d.kind === 'debit-note' ? await reversedCreditNote(db, d) : null;
  const receipt = d.kind === 'receipt';
  const notes = receipt
    ? [site === 'IN' ? MONEY_DOCUMENT_NOTES.receiptIndia : MONEY_DOCUMENT_NOTES.receiptUae]
    : [MONEY_DOCUMENT_NOTES.debitNote(creditNote, b.refIdKey)];
  const description = receipt
    ? site === 'IN'
      ? `Advance received for tour operator services (SAC 998552), booking ${b.refIdKey}`
      : `Advance received for booking ${b.refIdKey}`
    : `Refund charged back${creditNote ? ` (credit note ${creditNote})` : ''}, booking ${b.refIdKey}`;
  const url = travellerMoneyDocumentUrl(b.id, d.id);
  return {
    id: d.id,
    kind: d.kind,
    title: MONEY_DOCUMENT_TITLES[d.kind],
    number: d.number,
    issueDate: siteDay(d.issuedAt, site),
    RefIdKey: b.refIdKey,
    BookingId: b.id,
    site,
    currency: d.currency as MoneyDocument['currency'],
    seller: {
      legalName: shop.legalName,
      tradeName: shop.tradeName,
      address: shop.address,
      taxLabel: shop.taxLabel,
      taxNumber: shop.taxNumber,
      phone: shop.phone,
      email: shop.email,
    },
    buyer: {
      name: lead ? fullName(lead) : '',
      email: lead?.email ?? null,
      gstin: b.buyerGstin,
      trn: b.buyerTrn,
      pan: b.pan ? maskPan(b.pan) : null,
    },
    placeOfSupply:
      site === 'IN' && b.placeOfSupplyState && b.placeOfSupplyCode
        ? { state: b.placeOfSupplyState, code: b.placeOfSupplyCode }
        : null,
    creditNoteNumber: creditNote,
    description,
    reason: d.reason,
    taxable: d.taxable,
    taxes: d.taxes,
    total: d.total,
    notes,
    pdf: { filename: `${receipt ? 'receipt-voucher' : 'debit-note'}-${d.number}.pdf`, url: pdfUrl(url) },
  };
}

/**
 * GetMoneyDocument: one of the traveller's own bookings (someone else's is the same 404 as none), the document named or
 * the newest.
 */
export async function travellerMoneyDocument(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
  documentId?: number,
): Promise<{ document: MoneyDocument; issuedAt: Date }> {
  const b = await ownBooking(db, userId, bookingId);
  const [d] = await db
    .select()
    .from(moneyDocuments)
    .where(
      documentId
        ? and(eq(moneyDocuments.bookingId, b.id), eq(moneyDocuments.id, documentId))
        : eq(moneyDocuments.bookingId, b.id),
    )
    .orderBy(desc(moneyDocuments.id))
    .limit(1);
  if (!d) throw notFound(MONEY_DOCUMENT_MESSAGES.none);
  return { document: await moneyDocument(db, config, b, d), issuedAt: d.issuedAt };
}

/** One of a booking's documents by its id (another booking's is the same 404 as none). */
export async function moneyDocumentOf(db: Db, bookingId: number, id: number): Promise<MoneyDocumentRow> {
  const [row] = await db
    .select()
    .from(moneyDocuments)
    .where(and(eq(moneyDocuments.id, id), eq(moneyDocuments.bookingId, bookingId)));
  if (!row) throw notFound('This booking has no receipt voucher or debit note with that id.');
  return row;
}

/** GetMoneyDocuments: all of one of the traveller's own bookings' documents, oldest first. */
export async function travellerMoneyDocuments(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
): Promise<MoneyDocument[]> {
  const b = await ownBooking(db, userId, bookingId);
  const rows = await moneyDocumentsOf(db, b.id);
  return Promise.all(rows.map((d) => moneyDocument(db, config, b, d)));
}
