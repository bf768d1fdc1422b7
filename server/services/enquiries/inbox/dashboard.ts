import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard } from '../../../../contract/enquiry-inbox.ts';
import { can } from '../../../../contract/staff.ts';
import type { Db } from '../../../db/client.ts';
import { deskSummary } from '../../desk/list.ts';
import { addDays, siteDays, siteDayStart } from '../../../../contract/calendar.ts';
import type { Currency } from '../../../../contract/site.ts';

/*
 * The back office's home (GET /api/admin/dashboard): each figure only for a role that may see it.
 * Days are each site's calendar days (UAE UTC+4, India UTC+5:30), as on the booking desk and in the
 * books. Amounts are in each site's smallest unit.
 */

const DAY = 86_400_000;
const SITES = [
  { site: 'UAE', currency: 'AED' },
  { site: 'IN', currency: 'INR' },
] as const;
export const PAYMENTS_DUE_DAYS = 7;
const DUE_ITEMS = 50;

export async function dashboard(db: Db, role: string, now: Date): Promise<Dashboard> {
  const days = siteDays(now);
  /** `column` (a timestamp of a row whose site is `site`) falls on its site's today. */
  const onToday = (column: SQL, site: SQL) => {
    const window = (s: 'UAE' | 'IN') => {
      const start = siteDayStart(days[s], s);
      return sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${new Date(start.getTime() + DAY).toISOString()}::timestamptz`;
    };
    return sql`((${site} = 'IN' and ${window('IN')}) or (${site} <> 'IN' and ${window('UAE')}))`;
  };
  const books = can(role, 'bookings.read') || can(role, 'reports.read');
  const needSummary = can(role, 'cancellations.request') || can(role, 'refunds.make') || books;
  const summary = needSummary ? await deskSummary(db, days) : null;

  let todayBySite: Dashboard['todayBySite'] = null;
  let paymentsDue: Dashboard['paymentsDue'] = null;
  if (books) {
    const { rows: made } = await db.execute<{ site: string; n: number; gross: string }>(sql`
      select site, count(*)::int as n, coalesce(sum(total), 0)::bigint as gross
      from bookings b
      where ${onToday(sql`b.created_at`, sql`b.site`)} and b.status = 'confirmed'
      group by site`);
    const { rows: received } = await db.execute<{ site: string; amount: string }>(sql`
      select b.site, coalesce(sum(p.amount), 0)::bigint as amount
      from payments p join bookings b on b.id = p.booking_id
      where p.status = 'paid' and ${onToday(sql`p.paid_at`, sql`b.site`)}
      group by b.site`);
    todayBySite = SITES.map(({ site, currency }) => {
      const m = made.find((r) => r.site === site);
      const r = received.find((x) => x.site === site);
      return {
        site,
        currency,
        day: days[site],
        bookings: Number(m?.n ?? 0),
        gross: Number(m?.gross ?? 0),
        received: Number(r?.amount ?? 0),
      };
    });

    const { rows: due } = await db.execute<{
      ref: string;
      site: string;
      currency: Currency;
      due_on: string | Date;
      balance: number;
      lead: string | null;
    }>(sql`
      select b.ref_id_key as ref, b.site, b.currency, b.payment_due_on as due_on, (b.total - b.amount_paid)::int as balance,
             (select t.first_name || ' ' || t.last_name from booking_travellers t where t.booking_id = b.id order by t.lead desc, t.position limit 1) as lead
      from bookings b
      where b.status = 'confirmed' and b.payment_method = 'pay-later' and b.amount_paid < b.total
        and ((b.site = 'IN' and b.payment_due_on >= ${days.IN}::date and b.payment_due_on <= ${addDays(days.IN, PAYMENTS_DUE_DAYS)}::date)
          or (b.site <> 'IN' and b.payment_due_on >= ${days.UAE}::date and b.payment_due_on <= ${addDays(days.UAE, PAYMENTS_DUE_DAYS)}::date))
      order by b.payment_due_on, b.id`);
    const day = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
    paymentsDue = {
      count: due.length,
      overdue: summary!.overdue,
      bySite: SITES.map(({ site, currency }) => {
        const of = due.filter((d) => d.site === site);
        return { site, currency, count: of.length, balance: of.reduce((s, d) => s + Number(d.balance), 0) };
      }),
      items: due.slice(0, DUE_ITEMS).map((d) => ({
        RefIdKey: d.ref,
        site: d.site as 'UAE' | 'IN',
        currency: d.currency,
        dueOn: day(d.due_on),
        balance: Number(d.balance),
        leadName: d.lead ?? '',
      })),
    };
  }

  let newEnquiries: number | null = null;
  if (can(role, 'enquiries.work')) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from enquiries where status = 'new'`,
    );
    newEnquiries = Number(rows[0]?.n ?? 0);
  }

  return {
    today: days.UAE,
    todayBySite,
    newEnquiries,
    cancellationRequests: summary && can(role, 'cancellations.request') ? summary.cancellationRequests : null,
    refundsDue: summary && can(role, 'refunds.make') ? summary.refundsDue : null,
    paymentsDue,
  };
}
