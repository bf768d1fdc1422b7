import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TaxTotals } from '../../../contract/reports.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import type { TaxLine } from '../../../contract/booking.ts';
import { bookingLines, bookings, bookingTravellers, creditNotes, type CreditNoteLine } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { apportion } from '../desk/credit-notes.ts';
import { fullName, siteDay } from '../documents/source.ts';

/*
 * The tax documents of a period (decision 0064): the tax invoices dated in it and the credit notes
 * issued in it, each read from the same columns GetInvoiceDetails and the credit note document read,
 * so a report summed from these equals the documents to the fils and the paisa. The tax point is the
 * document's own date in the site's time (an invoice: when it was numbered; a credit note: when it
 * was issued); a credit note reduces the period it is dated in, not the invoice's.
 */

/** The sites' time zones have no daylight saving: UAE UTC+4, India UTC+5:30 (as the documents' dates). */
const OFFSET_MINUTES: Record<Site, number> = { UAE: 240, IN: 330 };

/** The instant a site's calendar day starts. */
export const siteMidnight = (day: string, site: Site) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MINUTES[site] * 60_000);

/** YYYY-MM-DD plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

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
export const bounds = (site: Site, from: string, to: string) => ({ start: siteMidnight(from, site), end: siteMidnight(addDays(to, 1), site) });

export const emptyTaxes = (): TaxTotals => ({ CGST: 0, SGST: 0, IGST: 0, GST: 0, TCS: 0, VAT: 0 });

export type Treatment = 'standard' | 'zero' | 'outside';

/** A tax invoice or a credit note, as the reports add it up (credit notes with `sign` -1). */
export interface TaxDocument {
  kind: 'invoice' | 'credit-note';
  sign: 1 | -1;
  site: Site;
  currency: string;
  /** The document's number (invoice or credit note), and the invoice it belongs to. */
  number: string;
  invoiceNumber: string;
  date: string;
  bookingId: number;
  ref: string;
  buyerName: string;
  pan: string | null;
  gstin: string | null;
  trn: string | null;
  placeOfSupply: { state: string; code: string } | null;
  /** Invoices only: before the discount, and the discount (0 on credit notes). */
  gross: number;
  discount: number;
  /** The document's "amount before tax". */
  taxable: number;
  taxes: TaxTotals;
  /** The TCS line as the document has it (its rate and base), if any. */
  tcsLine: TaxLine | null;
  /** The GST rate of the document (CGST + SGST, IGST or GST), and how it was charged, India. */
  gstRate: number | null;
  gstSupply: 'inter' | 'intra' | 'unknown';
  /** The booking's total (a credit note's share of the booking is its total over this). */
  bookingTotal: number;
  total: number;
  /** UAE: taxable amount and VAT by the lines' treatment. */
  treatments: Record<Treatment, { taxable: number; vat: number }>;
}

const treatmentOf = (t: string | null | undefined): Treatment => (t === 'zero' || t === 'outside' ? t : 'standard');

function addTaxes(into: TaxTotals, taxes: TaxLine[]) {
  for (const t of taxes) into[t.code] += t.amount;
}

function supplyOf(taxes: TaxLine[]): 'inter' | 'intra' | 'unknown' {
  if (taxes.some((t) => t.code === 'IGST')) return 'inter';
  if (taxes.some((t) => t.code === 'CGST' || t.code === 'SGST')) return 'intra';
  return 'unknown';
}

function gstRateOf(taxes: TaxLine[]): number | null {
  const igst = taxes.find((t) => t.code === 'IGST' || t.code === 'GST');
  if (igst) return igst.rate;
  const halves = taxes.filter((t) => t.code === 'CGST' || t.code === 'SGST');
  return halves.length ? halves.reduce((s, t) => s + t.rate, 0) : null;
}

const emptyTreatments = (): Record<Treatment, { taxable: number; vat: number }> => ({ standard: { taxable: 0, vat: 0 }, zero: { taxable: 0, vat: 0 }, outside: { taxable: 0, vat: 0 } });

interface LineFact {
  position: number;
  amount: number;
  treatment: Treatment;
}

/**
 * An invoice's amount (after the discount, before VAT) by treatment. The VAT line's base is what the
 * standard-rated lines cost with their share of the coupon (VAT inside it); the rest of the net is
 * the zero-rated and out-of-scope lines', split by their prices when a booking has both.
 */
export function invoiceTreatments(net: number, taxes: TaxLine[], lines: LineFact[]): Record<Treatment, { taxable: number; vat: number }> {
  const out = emptyTreatments();
  const vat = taxes.find((t) => t.code === 'VAT');
  const hasStandard = lines.some((l) => l.treatment === 'standard');
  const standardGross = vat && vat.amount > 0 ? (vat.base ?? net) : hasStandard && !lines.some((l) => l.treatment !== 'standard') ? net : 0;
  out.standard = { taxable: standardGross - (vat?.amount ?? 0), vat: vat?.amount ?? 0 };
  const rest = net - standardGross;
  const zero = lines.filter((l) => l.treatment === 'zero').reduce((s, l) => s + l.amount, 0);
  const outside = lines.filter((l) => l.treatment === 'outside').reduce((s, l) => s + l.amount, 0);
  if (zero === 0 && outside === 0) {
    out.standard.taxable += rest;
  } else {
    const [z, o] = apportion(rest, [zero, outside]);
    out.zero.taxable = z!;
    out.outside.taxable = o!;
  }
  return out;
}

/** A credit note's lines by the treatment of the booking line each corrects. */
export function creditNoteTreatments(lines: CreditNoteLine[], facts: LineFact[]): Record<Treatment, { taxable: number; vat: number }> {
  const out = emptyTreatments();
  for (const l of lines) {
    const t = facts.find((f) => f.position === l.position)?.treatment ?? 'standard';
    out[t].taxable += l.amount;
    out[t].vat += l.taxes.filter((x) => x.code === 'VAT').reduce((s, x) => s + x.amount, 0);
  }
  return out;
}

async function linesOf(db: Db, bookingIds: number[]): Promise<Map<number, LineFact[]>> {
  const map = new Map<number, LineFact[]>();
  const rows: { bookingId: number; position: number; amount: number; vatTreatment: string | null }[] = [];
  // A year of bookings, a few thousand ids a statement (well inside a statement's parameters).
  for (let i = 0; i < bookingIds.length; i += 5000) {
    rows.push(
      ...(await db
        .select({ bookingId: bookingLines.bookingId, position: bookingLines.position, amount: bookingLines.amount, vatTreatment: bookingLines.vatTreatment })
        .from(bookingLines)
        .where(inArray(bookingLines.bookingId, bookingIds.slice(i, i + 5000)))
        .orderBy(asc(bookingLines.bookingId), asc(bookingLines.position))),
    );
  }
  for (const r of rows) {
    const list = map.get(r.bookingId) ?? [];
    list.push({ position: r.position, amount: r.amount, treatment: treatmentOf(r.vatTreatment) });
    map.set(r.bookingId, list);
  }
  return map;
}

const issuedAtOf = sql<Date>`coalesce(${bookings.invoicedAt}, ${bookings.confirmedAt}, ${bookings.createdAt})`.mapWith(bookings.invoicedAt);

const bookingFacts = {
  id: bookings.id,
  ref: bookings.refIdKey,
  currency: bookings.currency,
  subtotal: bookings.subtotal,
  discount: bookings.discount,
  taxes: bookings.taxes,
  total: bookings.total,
  invoiceNumber: bookings.invoiceNumber,
  invoiceBuyerName: bookings.invoiceBuyerName,
  pan: bookings.pan,
  gstin: bookings.buyerGstin,
  trn: bookings.buyerTrn,
  posState: bookings.placeOfSupplyState,
  posCode: bookings.placeOfSupplyCode,
  title: bookingTravellers.title,
  firstName: bookingTravellers.firstName,
  lastName: bookingTravellers.lastName,
};

const leadJoin = and(eq(bookingTravellers.bookingId, bookings.id), eq(bookingTravellers.lead, true));

type Facts = { title: string | null; firstName: string | null; lastName: string | null; invoiceBuyerName: string | null };
/** The buyer as the tax invoice names them: the name it was issued with, else the lead traveller's. */
export const buyerName = (f: Facts) => f.invoiceBuyerName || (f.firstName !== null ? fullName({ title: f.title, firstName: f.firstName, lastName: f.lastName ?? '' }) : '');

/** A site's tax invoices dated `from`..`to` and its credit notes issued then, oldest first. */
export async function taxDocuments(db: Db, site: Site, from: string, to: string): Promise<TaxDocument[]> {
  const { start, end } = bounds(site, from, to);
  const invoices = await db
    .select({ ...bookingFacts, issuedAt: issuedAtOf })
    .from(bookings)
    .leftJoin(bookingTravellers, leadJoin)
    .where(and(eq(bookings.site, site), isNotNull(bookings.invoiceNumber), sql`${issuedAtOf} >= ${start.toISOString()}`, sql`${issuedAtOf} < ${end.toISOString()}`))
    .orderBy(asc(bookings.invoiceNumber));
  const notes = await db
    .select({ ...bookingFacts, note: creditNotes })
    .from(creditNotes)
    .innerJoin(bookings, eq(bookings.id, creditNotes.bookingId))
    .leftJoin(bookingTravellers, leadJoin)
    .where(and(eq(creditNotes.site, site), gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
    .orderBy(asc(creditNotes.id));
  const lines = await linesOf(db, [...new Set([...invoices.map((i) => i.id), ...notes.map((n) => n.id)])]);
  const pos = (f: { posState: string | null; posCode: string | null }) => (site === 'IN' && f.posState && f.posCode ? { state: f.posState, code: f.posCode } : null);
  const docs: TaxDocument[] = [];
  for (const b of invoices) {
    const taxes = emptyTaxes();
    addTaxes(taxes, b.taxes);
    const included = b.taxes.filter((t) => t.included).reduce((s, t) => s + t.amount, 0);
    const net = b.subtotal - b.discount;
    docs.push({
      kind: 'invoice',
      sign: 1,
      site,
      currency: b.currency,
      number: b.invoiceNumber!,
      invoiceNumber: b.invoiceNumber!,
      date: siteDay(new Date(b.issuedAt), site),
      bookingId: b.id,
      ref: b.ref,
      buyerName: buyerName(b),
      pan: b.pan,
      gstin: b.gstin,
      trn: b.trn,
      placeOfSupply: pos(b),
      gross: b.subtotal,
      discount: b.discount,
      taxable: net - included,
      taxes,
      tcsLine: b.taxes.find((t) => t.code === 'TCS') ?? null,
      gstRate: gstRateOf(b.taxes),
      gstSupply: supplyOf(b.taxes),
      bookingTotal: b.total,
      total: b.total,
      treatments: site === 'UAE' ? invoiceTreatments(net, b.taxes, lines.get(b.id) ?? []) : emptyTreatments(),
    });
  }
  for (const r of notes) {
    const n = r.note;
    const taxes = emptyTaxes();
    addTaxes(taxes, n.taxes as TaxLine[]);
    docs.push({
      kind: 'credit-note',
      sign: -1,
      site,
      currency: n.currency,
      number: n.number,
      invoiceNumber: n.invoiceNumber,
      date: siteDay(n.issuedAt, site),
      bookingId: r.id,
      ref: r.ref,
      buyerName: buyerName(r),
      pan: r.pan,
      gstin: r.gstin,
      trn: r.trn,
      placeOfSupply: pos(r),
      gross: 0,
      discount: 0,
      taxable: n.lines.reduce((s, l) => s + l.amount, 0),
      taxes,
      tcsLine: (n.taxes as TaxLine[]).find((t) => t.code === 'TCS') ?? null,
      gstRate: gstRateOf(r.taxes),
      gstSupply: supplyOf(r.taxes),
      bookingTotal: r.total,
      total: n.total,
      treatments: site === 'UAE' ? creditNoteTreatments(n.lines, lines.get(r.id) ?? []) : emptyTreatments(),
    });
  }
  return docs.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number));
}
