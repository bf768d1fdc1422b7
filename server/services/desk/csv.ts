import { Readable } from 'node:stream';
import type { DeskBookingItem } from '../../../contract/desk.ts';
import type { Db } from '../../db/client.ts';
import type { DeskListQuery } from '../../../contract/admin-desk-calls.ts';
import { deskRows, encodeCursor, resolveFilters, toItem } from './list.ts';
import type { SiteDays } from '../../../contract/calendar.ts';

/*
 * The desk's list as CSV (GET /api/admin/bookings.csv): the same filters, read in keyset batches
 * and written to the reply as they come, so 100,000 rows never sit in memory at once (only one
 * batch does, and the stream waits while the client is slower than the database).
 */

export const CSV_BATCH = 1000;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text a spreadsheet would run
 * as a formula (= + - @, a tab or carriage return first) is prefixed with a quote mark.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** An amount of the smallest unit in the currency's units (fils → AED, paise → rupees): "1250.50". */
export const units = (minor: number) => (minor / 100).toFixed(2);

const COLUMNS: [string, (i: DeskBookingItem) => string | number | boolean | null][] = [
  ['Reference', (i) => i.RefIdKey],
  ['Site', (i) => i.site],
  ['Booked at', (i) => i.createdAt],
  ['Status', (i) => i.Status],
  ['Payment status', (i) => i.PaymentStatus],
  ['Payment method', (i) => i.PaymentMethod],
  ['Lead traveller', (i) => i.leadName],
  ['Email', (i) => i.leadEmail],
  ['Phone', (i) => i.leadPhone],
  ['Holiday', (i) => i.title],
  ['First travel date', (i) => i.firstTravelDate],
  ['Currency', (i) => i.Currency],
  ['Total', (i) => units(i.Total)],
  ['Paid', (i) => units(i.AmountPaid)],
  ['Due', (i) => units(i.AmountDue)],
  ['Due on', (i) => i.paymentDueOn],
  ['Overdue', (i) => (i.overdue ? 'yes' : 'no')],
  ['Refund due', (i) => units(i.refundDue)],
  ['Refund pending', (i) => units(i.refundPending)],
  ['Cancellation requested', (i) => (i.cancellationRequested ? 'yes' : 'no')],
];

export const csvLine = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The filtered list as a stream of CSV text: a header, then one line per booking, batch after batch. */
export function deskCsv(db: Db, filters: DeskListQuery, days: SiteDays, contact: boolean, batch = CSV_BATCH): Readable {
  async function* lines() {
    yield csvLine(COLUMNS.map(([name]) => name));
    let cursor: string | undefined = filters.cursor;
    // The filters (a search's matches among them) are read once, not once a batch.
    const where = await resolveFilters(db, filters, days);
    for (;;) {
      const rows = await deskRows(db, where, cursor, batch);
      if (rows.length === 0) return;
      yield rows
        .map((r) => {
          const item = toItem(r, days, contact);
          return csvLine(COLUMNS.map(([, get]) => get(item)));
        })
        .join('');
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      cursor = encodeCursor(last.created_us, last.id);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
