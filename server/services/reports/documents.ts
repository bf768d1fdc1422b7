import { and, asc, between, eq, sql, type SQL } from 'drizzle-orm';
import type { Split } from '../ledger/split.ts';
import type { TaxTotals } from '../../../contract/reports.ts';
import type { Site } from '../../../contract/site.ts';
import { normalizeTaxNumber } from '../../../contract/tax.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers, ledgerEntries, type LedgerKind } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { RECEIPT_KINDS } from '../ledger/ledger.ts';
import { fullName } from '../documents/source.ts';
import { addDays, monthEnd, siteDayStart } from '../../../contract/calendar.ts';

/*
 * What the money reports are read from (decisions 0064 and 0089): the ledger's entries, each one
 * movement of a booking's money with its tax split worked out under the rules of its day, dated by
 * its tax point (`tax_day`, the site's calendar day the money moved; a payment recorded by staff:
 * the day it arrived). A report is a sum of the entries of its period, so Sales, the TCS register,
 * the GST summary and the VAT summary of the same days agree to the fils and the paisa; and each
 * entry that carries tax names the one document that covers it (tax invoice, receipt voucher,
 * credit note, debit note), which is what the reports count. The booking row gives only what the
 * entry does not hold: its reference, buyer, GSTIN, place of supply and tax invoice number.
 */

/** The longest period one report reads (a financial year, with a day to spare): what bounds its answer and its CSV. */
export const MAX_PERIOD_DAYS = 366;

export const PERIOD_MESSAGES = {
  order: 'The period ends before it starts: choose a "to" date on or after the "from" date.',
  tooLong: `A report covers at most ${MAX_PERIOD_DAYS} days: choose a shorter period (or download it a quarter at a time).`,
} as const;

/** A period of site days, inclusive: `from`..`to` (default: this month so far, in the site's time). */
export function period(from: string | undefined, to: string | undefined, today: string): { from: string; to: string } {
  const f = from ?? `${(to ?? today).slice(0, 7)}-01`;
  const t = to ?? (from ? monthEnd(from.slice(0, 7)) : today);
  if (t < f) throw invalid(PERIOD_MESSAGES.order);
  const days = (Date.parse(`${t}T00:00:00Z`) - Date.parse(`${f}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_PERIOD_DAYS) throw invalid(PERIOD_MESSAGES.tooLong);
  return { from: f, to: t };
}

/** Instants of a site's days `from`..`to` inclusive: [start, end). */
export const bounds = (site: Site, from: string, to: string) => ({
  start: siteDayStart(from, site),
  end: siteDayStart(addDays(to, 1), site),
});

export const emptyTaxes = (): TaxTotals => ({ CGST: 0, SGST: 0, IGST: 0, GST: 0, TCS: 0, VAT: 0 });

export type Treatment = 'standard' | 'zero' | 'outside';

type Facts = {
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  invoiceBuyerName: string | null;
};
/** The buyer as the tax invoice names them: the name it was issued with, else the lead traveller's. */
export const buyerName = (f: Facts) =>
  f.invoiceBuyerName ||
  (f.firstName !== null ? fullName({ title: f.title, firstName: f.firstName, lastName: f.lastName ?? '' }) : '');

/** Money in: the four kinds of receipt (gateway capture, bank transfer, cash, card terminal). */
export const isReceipt = (kind: string) => (RECEIPT_KINDS as string[]).includes(kind);

export type DocumentKind = 'invoice' | 'receipt' | 'credit-note' | 'debit-note';

/**
 * How the reports count documents: tax invoices, receipt vouchers (tax on an advance) and debit
 * notes (a credit note undone when its refund failed) charge tax, so they count as `invoices`; credit
 * notes give tax back and count as `creditNotes`. An entry with no document (money owed back, or an
 * advance back-filled from before the ledger) is in the sums and in no count.
 */
export const documentSide = (kind: DocumentKind | null): 'invoices' | 'creditNotes' | null =>
  kind === null ? null : kind === 'credit-note' ? 'creditNotes' : 'invoices';

/** Distinct documents of a set of entries, by side. */
export class DocumentCount {
  private readonly seen = { invoices: new Set<string>(), creditNotes: new Set<string>() };
  add(e: { documentKind: DocumentKind | null; documentNumber: string | null }): void {
    const side = documentSide(e.documentKind);
    if (side && e.documentNumber) this.seen[side].add(`${e.documentKind}|${e.documentNumber}`);
  }
  get invoices(): number {
    return this.seen.invoices.size;
  }
  get creditNotes(): number {
    return this.seen.creditNotes.size;
  }
}

/** One ledger entry as the reports read it, with what its booking row adds. */
export interface ReportEntry extends Split {
  id: number;
  bookingId: number;
  kind: LedgerKind;
  amount: number;
  /**
   * The GST and TCS rates (basis points) the entry was split at; an entry written without them (a
   * refund back-filled from before the ledger) takes its booking's first receipt's, the rates it
   * reverses.
   */
  gstRateBp: number | null;
  tcsRateBp: number | null;
  pan: string | null;
  documentKind: DocumentKind | null;
  documentNumber: string | null;
  /** YYYY-MM-DD, the site's day. */
  taxDay: string;
  ref: string;
  /** The booking's tax invoice (null while it has a proforma). */
  invoiceNumber: string | null;
  buyerName: string;
  gstin: string | null;
  placeOfSupply: { state: string; code: string } | null;
  /** The booking's price before its discount, and the discount (what its tax invoice states). */
  subtotal: number;
  discount: number;
}

/** A rate the entry lacks, from its booking's first entry that has it. */
const firstRate = (column: 'gst_rate_bp' | 'tcs_rate_bp') =>
  sql.raw(
    `(select r.${column} from ledger_entries r where r.booking_id = "ledger_entries"."booking_id" and r.${column} is not null order by r.id limit 1)`,
  );

const int = (v: unknown) => Number(v ?? 0);
/** A `date` column as YYYY-MM-DD, whichever way the driver hands it over. */
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * A site's ledger entries whose tax point is `from`..`to` (site days, inclusive), oldest first;
 * `where` narrows them (only those with TCS, only those with a sale).
 */
export async function ledgerEntriesOf(
  db: Db,
  site: Site,
  from: string,
  to: string,
  where?: SQL,
): Promise<ReportEntry[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      bookingId: ledgerEntries.bookingId,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      sale: ledgerEntries.sale,
      taxable: ledgerEntries.taxable,
      zeroRated: ledgerEntries.zeroRated,
      outOfScope: ledgerEntries.outOfScope,
      cgst: ledgerEntries.cgst,
      sgst: ledgerEntries.sgst,
      igst: ledgerEntries.igst,
      gst: ledgerEntries.gst,
      vat: ledgerEntries.vat,
      tcs: ledgerEntries.tcs,
      tcsBase: ledgerEntries.tcsBase,
      owed: ledgerEntries.owed,
      gstRateBp: sql<number | null>`coalesce(${ledgerEntries.gstRateBp}, ${firstRate('gst_rate_bp')})`,
      tcsRateBp: sql<number | null>`coalesce(${ledgerEntries.tcsRateBp}, ${firstRate('tcs_rate_bp')})`,
      pan: ledgerEntries.pan,
      documentKind: ledgerEntries.documentKind,
      documentNumber: ledgerEntries.documentNumber,
      taxDay: ledgerEntries.taxDay,
      ref: bookings.refIdKey,
      invoiceNumber: bookings.invoiceNumber,
      invoiceBuyerName: bookings.invoiceBuyerName,
      bookingPan: bookings.pan,
      gstin: bookings.buyerGstin,
      posState: bookings.placeOfSupplyState,
      posCode: bookings.placeOfSupplyCode,
      subtotal: bookings.subtotal,
      discount: bookings.discount,
      title: bookingTravellers.title,
      firstName: bookingTravellers.firstName,
      lastName: bookingTravellers.lastName,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(bookingTravellers, and(eq(bookingTravellers.bookingId, bookings.id), eq(bookingTravellers.lead, true)))
    .where(and(eq(ledgerEntries.site, site), between(ledgerEntries.taxDay, from, to), where))
    .orderBy(asc(ledgerEntries.taxDay), asc(ledgerEntries.id));
  return rows.map((r) => ({
    id: r.id,
    bookingId: r.bookingId,
    kind: r.kind,
    amount: r.amount,
    sale: r.sale,
    taxable: r.taxable,
    zeroRated: r.zeroRated,
    outOfScope: r.outOfScope,
    cgst: r.cgst,
    sgst: r.sgst,
    igst: r.igst,
    gst: r.gst,
    vat: r.vat,
    tcs: r.tcs,
    tcsBase: r.tcsBase,
    owed: r.owed,
    gstRateBp: r.gstRateBp === null ? null : int(r.gstRateBp),
    tcsRateBp: r.tcsRateBp === null ? null : int(r.tcsRateBp),
    pan: r.pan ?? (site === 'IN' && r.bookingPan ? normalizeTaxNumber(r.bookingPan) : null),
    documentKind: r.documentKind,
    documentNumber: r.documentNumber,
    taxDay: dayOf(r.taxDay),
    ref: r.ref,
    invoiceNumber: r.invoiceNumber,
    buyerName: buyerName(r),
    gstin: r.gstin,
    placeOfSupply: site === 'IN' && r.posState && r.posCode ? { state: r.posState, code: r.posCode } : null,
    subtotal: r.subtotal,
    discount: r.discount,
  }));
}
