import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { adminUrl } from '../../../contract/admin-api.ts';
import { creditNoteCall } from '../../../contract/admin-refunds-calls.ts';
import { CREDIT_NOTE_MESSAGES, type CreditNote } from '../../../contract/credit-notes.ts';
import type { DeskCreditNote } from '../../../contract/desk.ts';
import type { Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingTravellers, creditNotes, moneyDocuments, refunds } from '../../db/schema.ts';
import { creditNoteLinesFrom, refundEntries } from '../ledger/ledger.ts';
import { notFound } from '../../lib/errors.ts';
import { maskPan } from '../bookings/pan.ts';
import { ownBooking } from '../bookings/queries.ts';
import type { BookingRow } from '../bookings/records.ts';
import { fullName, pdfUrl } from '../documents/source.ts';
import { shopDetails } from '../shop-details.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Credit notes (issue 20): their own gapless series per site, separate from invoices. The next
 * number is taken from the site's row in credit_note_counters by one upsert, which locks that row
 * until the cancelling transaction ends (as invoice numbers do: server/services/documents/
 * invoice-number.ts): a second cancellation waits for it, one that rolls back gives its number back.
 */

const SERIES: Record<Site, string> = { UAE: 'WLH-AE-CN', IN: 'WLH-IN-CN' };

/** `WLH-AE-CN-000007`: the invoice's series with CN, six digits at least. */
export function formatCreditNoteNumber(site: Site, n: number): string {
  return `${SERIES[site]}-${String(n).padStart(6, '0')}`;
}

/**
 * Refunds made (their rows written, pending) go into the ledger (server/services/ledger), and the
 * sale money they give back gets one credit note, its lines and taxes read from those entries: the
 * tax invoice it corrects, or for an advance its receipt voucher. Inside the caller's transaction,
 * the booking's row locked; call it last (the credit-note counter stays locked until commit).
 */
export async function refundWithCreditNote(
  tx: Db,
  b: BookingRow,
  rows: (typeof refunds.$inferSelect)[],
  reason: string,
  staffId: number | null,
  now: Date,
): Promise<CreditNoteRow | null> {
  if (rows.length === 0) return null;
  const takeNumber = async () => {
    const next = await tx.execute<{ last_number: number }>(sql`
      insert into credit_note_counters (site, last_number) values (${b.site}, 1)
      on conflict (site) do update set last_number = credit_note_counters.last_number + 1
      returning last_number`);
    return formatCreditNoteNumber(b.site, Number(next.rows[0]!.last_number));
  };
  const { creditNoteNumber, sale } = await refundEntries(tx, b, rows, now, takeNumber);
  if (!creditNoteNumber) return null;
  const { lines, taxes, total } = await creditNoteLinesFrom(tx, b, sale);
  const corrects = b.invoiceNumber ?? (await latestReceipt(tx, b.id)) ?? b.refIdKey;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      bookingId: b.id,
      site: b.site,
      number: creditNoteNumber,
      invoiceNumber: corrects,
      currency: b.currency,
      lines,
      taxes,
      total,
      reason,
      createdBy: staffId,
      issuedAt: now,
    })
    .returning();
  await tx
    .update(refunds)
    .set({ creditNoteId: note!.id })
    .where(
      inArray(
        refunds.id,
        rows.map((r) => r.id),
      ),
    );
  return note!;
}

async function latestReceipt(tx: Db, bookingId: number): Promise<string | null> {
  const [row] = await tx
    .select({ number: moneyDocuments.number })
    .from(moneyDocuments)
    .where(and(eq(moneyDocuments.bookingId, bookingId), eq(moneyDocuments.kind, 'receipt')))
    .orderBy(desc(moneyDocuments.id))
    .limit(1);
  return row?.number ?? null;
}

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export const deskCreditNote = (n: CreditNoteRow, ref: string): DeskCreditNote => ({
  id: n.id,
  number: n.number,
  invoiceNumber: n.invoiceNumber,
  total: n.total,
  currency: n.currency,
  reason: n.reason,
  issuedAt: n.issuedAt.toISOString(),
  // The credit note's PDF, by its declaration (contract/admin-refunds-calls.ts).
  pdfUrl: adminUrl(creditNoteCall, { ref, file: `${n.id}.pdf` }),
});

export async function creditNotesOf(db: Db, bookingId: number): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.bookingId, bookingId)).orderBy(asc(creditNotes.id));
}

/** Where the traveller's copy is: GetCreditNoteDetails, as JSON (the PDF adds format=pdf). */
export const travellerCreditNoteUrl = (bookingId: number, noteId: number) =>
  `/api/Common/GetCreditNoteDetails?BookingId=${bookingId}&CreditNoteId=${noteId}`;

/**
 * A credit note as a document (the staff's JSON, the traveller's call, the PDF and the mail's
 * attachment all read this): the seller, the lead traveller, its lines with their taxes reversed.
 */
export async function creditNoteDocument(db: Db, config: Config, b: BookingRow, n: CreditNoteRow): Promise<CreditNote> {
  const [lead] = await db
    .select()
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, b.id), eq(bookingTravellers.lead, true)))
    .limit(1);
  const site = b.site;
  const shop = shopDetails(config, site);
  // Numbered 1, 2, ... on the note in the booking's order (the stored lines keep the booking line's own position).
  const lines = n.lines.map((l, i) => ({
    ...l,
    position: i + 1,
    total: l.amount + l.taxes.reduce((s, t) => s + t.amount, 0),
  }));
  const url = travellerCreditNoteUrl(b.id, n.id);
  return {
    id: n.id,
    BookingId: b.id,
    RefIdKey: b.refIdKey,
    site,
    currency: n.currency as CreditNote['currency'],
    title: 'Credit Note',
    number: n.number,
    invoiceNumber: n.invoiceNumber,
    issueDate: siteDay(n.issuedAt, site),
    reason: n.reason,
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
    lines,
    amountBeforeTax: lines.reduce((s, l) => s + l.amount, 0),
    taxes: n.taxes,
    total: n.total,
    notes: [
      `This credit note corrects tax invoice ${n.invoiceNumber} of booking ${b.refIdKey}: the amounts below, and the tax on them, are reversed.`,
      'The refund goes back to the way you paid; card and bank refunds can take 5 to 10 working days to show.',
    ],
    pdf: { filename: `credit-note-${n.number}.pdf`, url: pdfUrl(url) },
  };
}

/**
 * GetCreditNoteDetails: one of the traveller's own bookings (someone else's is the same 404 as none), its credit note
 * or the newest.
 */
export async function travellerCreditNote(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
  creditNoteId?: number,
): Promise<{ document: CreditNote; issuedAt: Date }> {
  const b = await ownBooking(db, userId, bookingId);
  const [n] = await db
    .select()
    .from(creditNotes)
    .where(
      creditNoteId
        ? and(eq(creditNotes.bookingId, b.id), eq(creditNotes.id, creditNoteId))
        : eq(creditNotes.bookingId, b.id),
    )
    .orderBy(desc(creditNotes.id))
    .limit(1);
  if (!n) throw notFound(CREDIT_NOTE_MESSAGES.none);
  return { document: await creditNoteDocument(db, config, b, n), issuedAt: n.issuedAt };
}
