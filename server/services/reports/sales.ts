import { and, eq, gte, lt } from 'drizzle-orm';
import type { SalesReport, SalesRow, SalesTotals } from '../../../contract/reports.ts';
import { SITE_CURRENCY, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { bounds, DocumentCount, emptyTaxes, isReceipt, ledgerEntriesOf } from './documents.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Sales per day or month and per site (decisions 0064 and 0089): the money and tax columns are sums
 * of the ledger's entries by their tax point (`tax_day`: the day the money moved, a payment recorded
 * by staff on the day it arrived), the same entries the TCS register, the GST and the VAT summaries
 * add up, so the same days give the same taxes in each to the fils and the paisa:
 * - taxable, taxes (CGST, SGST, IGST, GST, VAT, TCS) and net (sale + TCS): every entry, receipts
 *   positive, refunds negative, a failed refund's reversal positive again;
 * - paid: money in (receipts, and money taken that is owed back); refunded: money out (refunds less
 *   the reversals of those that failed), on the day each was made;
 * - credited: the sale and TCS given back under credit notes, less what debit notes took back;
 * - invoices and creditNotes: the distinct documents of the entries (tax invoices, receipt vouchers
 *   and debit notes; credit notes); gross and discounts: the price and discount of the tax invoices
 *   among them (a tax invoice is dated by the receipt that completed its booking).
 * Bookings are counted on the day they were confirmed; outstanding is what those bookings still owe today.
 */

const blank = (site: Site, period: string): SalesRow => ({
  site,
  currency: SITE_CURRENCY[site],
  period,
  bookings: 0,
  invoices: 0,
  creditNotes: 0,
  gross: 0,
  discounts: 0,
  credited: 0,
  taxable: 0,
  taxes: emptyTaxes(),
  net: 0,
  paid: 0,
  refunded: 0,
  outstanding: 0,
});

/** Every day or month of the period, so the chart has a bar (maybe empty) for each. */
function periods(from: string, to: string, by: 'day' | 'month'): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end) {
    const key = by === 'day' ? d.toISOString().slice(0, 10) : d.toISOString().slice(0, 7);
    if (out[out.length - 1] !== key) out.push(key);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

export async function salesReport(
  db: Db,
  opts: { from: string; to: string; by: 'day' | 'month'; site?: Site },
): Promise<SalesReport> {
  const { from, to, by } = opts;
  const sites: Site[] = opts.site ? [opts.site] : ['UAE', 'IN'];
  const keyOf = (day: string) => (by === 'day' ? day : day.slice(0, 7));
  const rows: SalesRow[] = [];
  const totals: SalesTotals[] = [];
  for (const site of sites) {
    const buckets = new Map(periods(from, to, by).map((p) => [p, blank(site, p)]));
    const at = (day: string) => buckets.get(keyOf(day));
    const { start, end } = bounds(site, from, to);

    const docs = new Map<string, DocumentCount>();
    const invoiced = new Set<string>();
    for (const e of await ledgerEntriesOf(db, site, from, to)) {
      const r = at(e.taxDay);
      if (!r) continue;
      r.taxable += e.taxable;
      r.taxes.CGST += e.cgst;
      r.taxes.SGST += e.sgst;
      r.taxes.IGST += e.igst;
      r.taxes.GST += e.gst;
      r.taxes.VAT += e.vat;
      r.taxes.TCS += e.tcs;
      r.net += e.sale + e.tcs;
      if (isReceipt(e.kind) || e.kind === 'owed-back') r.paid += e.amount;
      if (e.kind === 'refund' || e.kind === 'refund-reversal') r.refunded -= e.amount;
      if (
        (e.kind === 'refund' && e.documentKind === 'credit-note') ||
        (e.kind === 'refund-reversal' && e.documentKind === 'debit-note')
      )
        r.credited -= e.sale + e.tcs;
      if (e.documentKind === 'invoice' && e.documentNumber && !invoiced.has(e.documentNumber)) {
        invoiced.add(e.documentNumber);
        r.gross += e.subtotal;
        r.discounts += e.discount;
      }
      const count = docs.get(r.period) ?? new DocumentCount();
      count.add(e);
      docs.set(r.period, count);
    }
    for (const [key, count] of docs) {
      const r = buckets.get(key)!;
      r.invoices = count.invoices;
      r.creditNotes = count.creditNotes;
    }

    const confirmed = await db
      .select({
        confirmedAt: bookings.confirmedAt,
        status: bookings.status,
        total: bookings.total,
        amountPaid: bookings.amountPaid,
      })
      .from(bookings)
      .where(and(eq(bookings.site, site), gte(bookings.confirmedAt, start), lt(bookings.confirmedAt, end)));
    for (const b of confirmed) {
      const r = at(siteDay(b.confirmedAt!, site));
      if (!r) continue;
      r.bookings++;
      if (b.status === 'confirmed') r.outstanding += Math.max(0, b.total - b.amountPaid);
    }

    const siteRows = [...buckets.values()];
    rows.push(...siteRows);
    const { period: _period, ...sum } = blank(site, '');
    for (const r of siteRows) {
      for (const k of [
        'bookings',
        'invoices',
        'creditNotes',
        'gross',
        'discounts',
        'credited',
        'taxable',
        'net',
        'paid',
        'refunded',
        'outstanding',
      ] as const)
        sum[k] += r[k];
      for (const code of Object.keys(sum.taxes) as (keyof typeof sum.taxes)[]) sum.taxes[code] += r.taxes[code];
    }
    totals.push(sum);
  }
  return { from, to, by, rows, totals };
}
