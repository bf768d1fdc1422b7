import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type ReceivableItem,
  type ReceivablesReport,
  type ReceivableTotals,
} from '../../../contract/reports.ts';
import { SITE_CURRENCY, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers } from '../../db/schema.ts';
import { bookingKeptToDueDate } from '../bookings/deposits.ts';
import { buyerName } from './documents.ts';
import { daysBetween, siteDay } from '../../../contract/calendar.ts';

/*
 * Receivables: every booking that keeps its rooms to its due date with a balance to pay (pay later
 * unpaid or partly paid, or a deposit booking holding a part of its deposit: decision 0108), oldest
 * due date first, aged by how far past its due date it is today in its site's time.
 */

export function bucketOf(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'not-due';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

export async function receivablesReport(db: Db, opts: { site?: Site; now: Date }): Promise<ReceivablesReport> {
  const sites: Site[] = opts.site ? [opts.site] : ['UAE', 'IN'];
  const items: ReceivableItem[] = [];
  const totals: ReceivableTotals[] = [];
  for (const site of sites) {
    const today = siteDay(opts.now, site);
    const rows = await db
      .select({
        ref: bookings.refIdKey,
        total: bookings.total,
        amountPaid: bookings.amountPaid,
        dueOn: bookings.paymentDueOn,
        invoiceNumber: bookings.invoiceNumber,
        invoiceBuyerName: bookings.invoiceBuyerName,
        confirmedAt: bookings.confirmedAt,
        createdAt: bookings.createdAt,
        title: bookingTravellers.title,
        firstName: bookingTravellers.firstName,
        lastName: bookingTravellers.lastName,
      })
      .from(bookings)
      .leftJoin(bookingTravellers, and(eq(bookingTravellers.bookingId, bookings.id), eq(bookingTravellers.lead, true)))
      .where(and(eq(bookings.site, site), bookingKeptToDueDate, gt(sql`${bookings.total} - ${bookings.amountPaid}`, 0)))
      .orderBy(asc(sql`coalesce(${bookings.paymentDueOn}, '9999-12-31')`), asc(bookings.id));
    const sum: ReceivableTotals = {
      site,
      currency: SITE_CURRENCY[site],
      bookings: 0,
      due: 0,
      overdue: 0,
      buckets: Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, number>,
    };
    for (const r of rows) {
      const due = r.total - r.amountPaid;
      const daysOverdue = r.dueOn ? Math.max(0, daysBetween(r.dueOn, today)) : 0;
      const bucket = bucketOf(daysOverdue);
      items.push({
        site,
        currency: SITE_CURRENCY[site],
        RefIdKey: r.ref,
        leadName: buyerName(r),
        invoiceNumber: r.invoiceNumber,
        confirmedOn: siteDay(r.confirmedAt ?? r.createdAt, site),
        total: r.total,
        paid: r.amountPaid,
        due,
        dueOn: r.dueOn,
        daysOverdue,
        bucket,
      });
      sum.bookings++;
      sum.due += due;
      if (daysOverdue > 0) sum.overdue += due;
      sum.buckets[bucket] += due;
    }
    totals.push(sum);
  }
  return { asOf: opts.now.toISOString(), items, totals };
}
