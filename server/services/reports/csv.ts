import { Readable } from 'node:stream';
import type { GstReport, ReceivablesReport, SalesReport, TcsReport, VatReport } from '../../../contract/reports.ts';
import { VAT_TREATMENT_NAMES } from '../../../contract/tax.ts';
import { csvCell, units } from '../desk/csv.ts';

/*
 * The reports as CSV: the desk's cells (quoted, formula-guarded: server/services/desk/csv.ts),
 * amounts in units with two decimals, a header row first. A report is bounded by its period (at most
 * a year), and written to the reply in chunks of rows.
 */

/**
 * An amount of the smallest unit, written as units ("-1250.50"): our own digits, so not formula-guarded (a refund's
 * minus sign is not a formula).
 */
interface Amount {
  minor: number;
}
type Cell = string | number | boolean | null | Amount;
type Columns<T> = [string, (row: T) => Cell][];

const money = (minor: number): Amount => ({ minor });
const cell = (c: Cell) => (c !== null && typeof c === 'object' ? units(c.minor) : csvCell(c));
const csvLine = (cells: Cell[]) => `${cells.map(cell).join(',')}\r\n`;

const CHUNK = 500;

/** A header line, then the rows, `CHUNK` lines at a time. */
export function csvStream<T>(columns: Columns<T>, rows: T[]): Readable {
  function* lines() {
    yield csvLine(columns.map(([name]) => name));
    for (let i = 0; i < rows.length; i += CHUNK) {
      yield rows
        .slice(i, i + CHUNK)
        .map((r) => csvLine(columns.map(([, get]) => get(r))))
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

type SalesRow = SalesReport['rows'][number];
export const SALES_COLUMNS: Columns<SalesRow> = [
  ['Site', (r) => r.site],
  ['Period', (r) => r.period],
  ['Currency', (r) => r.currency],
  ['Bookings', (r) => r.bookings],
  ['Tax invoices', (r) => r.invoices],
  ['Credit notes', (r) => r.creditNotes],
  ['Gross', (r) => money(r.gross)],
  ['Discounts', (r) => money(r.discounts)],
  ['Credited', (r) => money(r.credited)],
  ['Amount before tax', (r) => money(r.taxable)],
  ['CGST', (r) => money(r.taxes.CGST)],
  ['SGST', (r) => money(r.taxes.SGST)],
  ['IGST', (r) => money(r.taxes.IGST)],
  ['GST (not split)', (r) => money(r.taxes.GST)],
  ['TCS', (r) => money(r.taxes.TCS)],
  ['VAT', (r) => money(r.taxes.VAT)],
  ['Net sales', (r) => money(r.net)],
  ['Paid', (r) => money(r.paid)],
  ['Refunded', (r) => money(r.refunded)],
  ['Outstanding', (r) => money(r.outstanding)],
];

type ReceivableRow = ReceivablesReport['items'][number];
export const RECEIVABLE_COLUMNS: Columns<ReceivableRow> = [
  ['Site', (r) => r.site],
  ['Reference', (r) => r.RefIdKey],
  ['Lead traveller', (r) => r.leadName],
  ['Invoice', (r) => r.invoiceNumber ?? 'proforma'],
  ['Confirmed on', (r) => r.confirmedOn],
  ['Currency', (r) => r.currency],
  ['Total', (r) => money(r.total)],
  ['Paid', (r) => money(r.paid)],
  ['Due', (r) => money(r.due)],
  ['Due on', (r) => r.dueOn],
  ['Days overdue', (r) => r.daysOverdue],
  ['Ageing', (r) => r.bucket],
];

type TcsRow = TcsReport['rows'][number];
const TCS_ENTRY_NAMES = { receipt: 'Receipt', 'credit-note': 'Credit note', 'debit-note': 'Debit note' } as const;
/**
 * The "Credit note" column holds the entry's note: its credit note, or the debit note that undoes one (the header stays
 * as it was: tools outside the shop read it).
 */
export const TCS_COLUMNS: Columns<TcsRow> = [
  ['Quarter', (r) => `Q${r.quarter}`],
  ['Date', (r) => r.date],
  ['Collectee name', (r) => r.collecteeName],
  ['PAN', (r) => r.pan],
  ['Entry', (r) => TCS_ENTRY_NAMES[r.kind]],
  ['Booking', (r) => r.RefIdKey],
  ['Invoice', (r) => r.invoiceNumber ?? 'proforma'],
  ['Credit note', (r) => r.document],
  ['Amount received (INR)', (r) => money(r.amountReceived)],
  ['Amount on which TCS collected (INR)', (r) => money(r.tcsBase)],
  ['TCS rate %', (r) => r.rate],
  ['TCS collected (INR)', (r) => money(r.tcs)],
  ['Section', (r) => r.section],
];

type GstRow = GstReport['rows'][number];
export const GST_COLUMNS: Columns<GstRow> = [
  ['Place of supply', (r) => r.placeOfSupply],
  ['State code', (r) => r.stateCode],
  ['Rate %', (r) => r.rate],
  ['Buyers', (r) => r.buyers],
  ['Supply', (r) => r.supply],
  ['Tax invoices', (r) => r.invoices],
  ['Credit notes', (r) => r.creditNotes],
  ['Taxable value (INR)', (r) => money(r.taxable)],
  ['CGST (INR)', (r) => money(r.cgst)],
  ['SGST (INR)', (r) => money(r.sgst)],
  ['IGST (INR)', (r) => money(r.igst)],
  ['GST not split (INR)', (r) => money(r.gst)],
];

type VatRow = VatReport['rows'][number];
export const VAT_COLUMNS: Columns<VatRow> = [
  ['Month', (r) => r.month],
  ['Treatment', (r) => VAT_TREATMENT_NAMES[r.treatment]],
  ['Tax invoices', (r) => r.invoices],
  ['Credit notes', (r) => r.creditNotes],
  ['Taxable amount (AED)', (r) => money(r.taxable)],
  ['VAT (AED)', (r) => money(r.vat)],
];
