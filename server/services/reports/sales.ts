import { and, between, eq, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { SalesReport, SalesRow, SalesTotals } from '../../../contract/reports.ts';
import { SITE_CURRENCY, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments, refunds } from '../../db/schema.ts';
import { siteDay } from '../documents/source.ts';
import { bounds, emptyTaxes, taxDocuments } from './documents.ts';

/*
 * Sales per day or month and per site (decision 0064). Invoiced money (gross, discounts, taxes,
 * net) on the tax point: tax invoices dated in the period less credit notes issued in it. Money
 * moved on the day it moved: paid by the day it was received, refunded by the day the refund was
 * completed. Bookings counted on the day they were confirmed; outstanding is what those bookings
 * still owe today.
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

export async function salesReport(db: Db, opts: { from: string; to: string; by: 'day' | 'month'; site?: Site }): Promise<SalesReport> {
  const { from, to, by } = opts;
  const sites: Site[] = opts.site ? [opts.site] : ['UAE', 'IN'];
  const keyOf = (day: string) => (by === 'day' ? day : day.slice(0, 7));
  const rows: SalesRow[] = [];
  const totals: SalesTotals[] = [];
  for (const site of sites) {
    const buckets = new Map(periods(from, to, by).map((p) => [p, blank(site, p)]));
    const at = (day: string) => buckets.get(keyOf(day));
    const { start, end } = bounds(site, from, to);

    for (const d of await taxDocuments(db, site, from, to)) {
      const r = at(d.date);
      if (!r) continue;
      if (d.kind === 'invoice') {
        r.invoices++;
        r.gross += d.gross;
        r.discounts += d.discount;
      } else {
        r.creditNotes++;
        r.credited += d.total;
      }
      r.taxable += d.sign * d.taxable;
      for (const code of Object.keys(r.taxes) as (keyof typeof r.taxes)[]) r.taxes[code] += d.sign * d.taxes[code];
      r.net += d.sign * d.total;
    }

    const confirmed = await db
      .select({ confirmedAt: bookings.confirmedAt, status: bookings.status, total: bookings.total, amountPaid: bookings.amountPaid })
      .from(bookings)
      .where(and(eq(bookings.site, site), gte(bookings.confirmedAt, start), lt(bookings.confirmedAt, end)));
    for (const b of confirmed) {
      const r = at(siteDay(b.confirmedAt!, site));
      if (!r) continue;
      r.bookings++;
      if (b.status === 'confirmed') r.outstanding += Math.max(0, b.total - b.amountPaid);
    }

    // Money received: a manual payment on the day it arrived, a gateway payment on the day it was paid.
    const received = await db
      .select({ amount: payments.amount, receivedOn: payments.receivedOn, paidAt: payments.paidAt })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(
        and(
          eq(bookings.site, site),
          eq(payments.status, 'paid'),
          or(between(payments.receivedOn, from, to), and(isNull(payments.receivedOn), isNotNull(payments.paidAt), gte(payments.paidAt, start), lt(payments.paidAt, end))),
        ),
      );
    for (const p of received) {
      const r = at(p.receivedOn ?? siteDay(p.paidAt!, site));
      if (r) r.paid += p.amount;
    }

    const refunded = await db
      .select({ amount: refunds.amount, updatedAt: refunds.updatedAt })
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(and(eq(bookings.site, site), eq(refunds.status, 'processed'), gte(refunds.updatedAt, start), lt(refunds.updatedAt, end)));
    for (const f of refunded) {
      const r = at(siteDay(f.updatedAt, site));
      if (r) r.refunded += f.amount;
    }

    const siteRows = [...buckets.values()];
    rows.push(...siteRows);
    const { period: _period, ...sum } = blank(site, '');
    for (const r of siteRows) {
      for (const k of ['bookings', 'invoices', 'creditNotes', 'gross', 'discounts', 'credited', 'taxable', 'net', 'paid', 'refunded', 'outstanding'] as const) sum[k] += r[k];
      for (const code of Object.keys(sum.taxes) as (keyof typeof sum.taxes)[]) sum.taxes[code] += r.taxes[code];
    }
    totals.push(sum);
  }
  return { from, to, by, rows, totals };
}
