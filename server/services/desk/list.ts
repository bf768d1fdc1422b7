import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, PaymentStatus } from '../../../contract/booking.ts';
import type { DeskListQuery } from '../../../contract/admin-desk-calls.ts';
import type { DeskBookingItem, DeskBookingPage } from '../../../contract/desk.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import type { Currency, Site } from '../../../contract/site.ts';
import { addDays, type SiteDays, siteDayStart } from '../../../contract/calendar.ts';
import { keptToDueDateSql, overdueOn } from '../bookings/deposits.ts';

/*
 * The desk's list (GET /api/admin/bookings, and its CSV): bookings of both sites, newest first,
 * in keyset pages ((created_at, id) below the cursor's), filtered, and searched by reference or
 * by the lead traveller's name, email or phone. Each condition is one an index of migration 0008
 * answers, so a page costs the same on the first booking as on the 100,000th.
 */

export const DESK_PAGE_SIZE = 50;

/** `j•••@example.com`: enough to tell two travellers apart, not enough to write to them. */
export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** `+97•••••••67`: the country and the last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 5) return '•••';
  return `${phone.startsWith('+') ? '+' : ''}${digits.slice(0, 2)}${'•'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}

/** A LIKE pattern matching what starts with `text` (its own % and _ taken literally). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a search finds: references starting with it, and lead travellers whose name, last name or
 * email starts with it, or whose phone ends with its digits (each part answered by an index of
 * migration 0008), as a set of ids and as a check of one booking. Null when it can match nothing.
 */
function searchOf(raw: string): Narrowing | null {
  const q = raw.trim().replace(/\s+/g, ' ');
  if (!q) return null;
  const lower = q.toLowerCase();
  const refs: ((alias: string) => SQL)[] = [];
  const lead: SQL[] = [];
  if (/^[a-z0-9-]+$/i.test(q)) {
    const upper = q.toUpperCase();
    refs.push((x) => sql`${sql.raw(x)}.ref_id_key like ${startsWith(upper)}`);
    if (!upper.startsWith('WL-')) refs.push((x) => sql`${sql.raw(x)}.ref_id_key like ${startsWith(`WL-${upper}`)}`);
  }
  if (/\p{L}/u.test(q) || q.includes('@')) {
    lead.push(sql`lower(t.first_name || ' ' || t.last_name) like ${startsWith(lower)}`);
    lead.push(sql`lower(t.last_name) like ${startsWith(lower)}`);
    lead.push(sql`lower(t.email) like ${startsWith(lower)}`);
  }
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length >= 6 && /^[+\d\s().-]+$/.test(q)) {
    // From the end: "0501234567" and "+971 50 123 4567" both find +971501234567.
    lead.push(
      sql`reverse(regexp_replace(coalesce(t.phone, ''), '[^0-9]', '', 'g')) like ${startsWith([...digits].reverse().join(''))}`,
    );
  }
  if (!refs.length && !lead.length) return null;
  const leadMatch = sql`t.lead and (${sql.join(lead, sql` or `)})`;
  const parts: SQL[] = [];
  const checks: SQL[] = [];
  if (refs.length) {
    parts.push(
      sql`select r.id from bookings r where ${sql.join(
        refs.map((r) => r('r')),
        sql` or `,
      )}`,
    );
    checks.push(...refs.map((r) => r('b')));
  }
  if (lead.length) {
    parts.push(sql`select t.booking_id as id from booking_travellers t where ${leadMatch}`);
    // The booking's own lead, looked up by its id (a scalar subquery: Postgres would hash every
    // traveller matching an EXISTS first, 8,000 for a common first name, to keep 50).
    checks.push(
      sql`coalesce((select ${sql.join(lead, sql` or `)} from booking_travellers t where t.booking_id = b.id and t.lead order by t.position limit 1), false)`,
    );
  }
  return { ids: idSet(parts), check: sql`(${sql.join(checks, sql` or `)})` };
}

/**
 * A filter that names bookings through other tables (a search, travel dates, refunds due): the ids
 * it finds, and the same as a check of one booking. The ids are read first (at most DENSE + 1):
 * the planner cannot tell from a pattern whether it matches one traveller or a twelfth of them,
 * but it plans an exact list well. A few ids are joined to their bookings and sorted; more than
 * DENSE, the bookings are walked newest first and each checked, which meets 50 matches soon.
 */
interface Narrowing {
  ids: (limit: number) => SQL;
  check: SQL;
}
const DENSE = 1000;

const idSet = (parts: SQL[]) => (limit: number) => {
  // Each part stops at `limit` rows, and says whether it reached it: then the set may be larger
  // than what was read, and the check is used (a booking can have several lines in a date range,
  // so a part's rows are not always distinct ids).
  const named = parts.map((p, i) => ({ name: sql.raw(`p${i}`), p }));
  return sql`with ${sql.join(
    named.map(({ name, p }) => sql`${name} as (${p} limit ${limit})`),
    sql`, `,
  )}
    select s.id, (${sql.join(
      named.map(({ name }) => sql`(select count(*) from ${name}) >= ${limit}`),
      sql` or `,
    )}) as full
    from (${sql.join(
      named.map(({ name }) => sql`select id from ${name}`),
      sql` union `,
    )}) s limit ${limit}`;
};

async function narrow(db: Db, n: Narrowing, dense: number): Promise<SQL> {
  const { rows } = await db.execute<{ id: number; full: boolean }>(n.ids(dense + 1));
  if (rows[0]?.full) return n.check;
  if (rows.length > dense) return n.check;
  return rows.length ? sql`b.id = any(${`{${rows.map((r) => Number(r.id)).join(',')}}`}::int[])` : sql`false`;
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|(\d{1,10})$/;

export function encodeCursor(createdAtUs: string, id: number): string {
  return Buffer.from(`${createdAtUs}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: number } {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalid('cursor: not one this list gave. Start again from the first page.');
  return { at: m[1]!, id: Number(m[2]) };
}

/** A booking's "today": its site's calendar day (`days`: siteDays of now). */
const todayOf = (days: SiteDays) => sql`(case when b.site = 'IN' then ${days.IN} else ${days.UAE} end)::date`;

/**
 * Overdue: kept to its due date (confirmed, or a deposit booking holding a part of its deposit, decision 0108), money
 * still due, and its due date before its site's today. The bound on the later of the two sites' days lets the
 * planner range-scan bookings_balance_due_idx; the exact per-site day is checked on what it finds.
 */
export const overdueSql = (days: SiteDays) =>
  sql`${keptToDueDateSql} and b.amount_paid < b.total and b.payment_due_on < ${days.IN > days.UAE ? days.IN : days.UAE}::date and b.payment_due_on < ${todayOf(days)}`;

/**
 * Bookings made from or before a day, each by its own site's calendar (a range on created_at per site, so its index
 * serves).
 */
function bookedBound(day: string, op: '>=' | '<'): SQL {
  const at = (site: Site) => siteDayStart(day, site).toISOString();
  return op === '>='
    ? sql`((b.site = 'IN' and b.created_at >= ${at('IN')}::timestamptz) or (b.site <> 'IN' and b.created_at >= ${at('UAE')}::timestamptz))`
    : sql`((b.site = 'IN' and b.created_at < ${at('IN')}::timestamptz) or (b.site <> 'IN' and b.created_at < ${at('UAE')}::timestamptz))`;
}

/**
 * The filters as conditions on a booking `b`, for the page and the CSV alike (the cursor apart). Days are each
 * booking's site's days.
 */
export async function resolveFilters(db: Db, f: DeskListQuery, days: SiteDays, dense = DENSE): Promise<SQL[]> {
  const where: SQL[] = [];
  if (f.site) where.push(sql`b.site = ${f.site}`);
  if (f.status) where.push(sql`b.status = ${f.status}`);
  if (f.paymentStatus) where.push(sql`b.payment_status = ${f.paymentStatus}`);
  if (f.bookedFrom) where.push(bookedBound(f.bookedFrom, '>='));
  if (f.bookedTo) where.push(bookedBound(addDays(f.bookedTo, 1), '<'));
  if (f.balanceDue) where.push(sql`b.status <> 'cancelled' and b.amount_paid < b.total`);
  if (f.overdue) where.push(overdueSql(days));
  if (f.travelFrom || f.travelTo) {
    const inRange = sql`l.travel_date >= ${f.travelFrom || '0001-01-01'}::date and l.travel_date <= ${f.travelTo || '9999-12-31'}::date`;
    where.push(
      await narrow(
        db,
        {
          ids: idSet([sql`select l.booking_id as id from booking_lines l where ${inRange}`]),
          check: sql`exists (select 1 from booking_lines l where l.booking_id = b.id and ${inRange})`,
        },
        dense,
      ),
    );
  }
  if (f.refundDue) {
    where.push(
      await narrow(
        db,
        {
          ids: idSet([
            sql`select r.id from bookings r where r.payment_status = 'refund-due'`,
            sql`select p.booking_id as id from payments p where p.refund_status = 'due'`,
          ]),
          check: sql`(b.payment_status = 'refund-due' or exists (select 1 from payments p where p.booking_id = b.id and p.refund_status = 'due'))`,
        },
        dense,
      ),
    );
  }
  if (f.q?.trim()) {
    const search = searchOf(f.q);
    where.push(search ? await narrow(db, search, dense) : sql`false`);
  }
  return where;
}

/** The cursor's condition: bookings older than the last one given. */
export function afterCursor(cursor: string | undefined): SQL | null {
  if (!cursor) return null;
  const c = decodeCursor(cursor);
  return sql`(b.created_at, b.id) < (${c.at}::timestamptz, ${c.id})`;
}

export interface DeskRow extends Record<string, unknown> {
  id: number;
  ref_id_key: string;
  site: 'UAE' | 'IN';
  status: BookingStatus;
  payment_status: PaymentStatus;
  payment_method: string;
  currency: Currency;
  total: number;
  amount_paid: number;
  deposit_amount: number | null;
  due_on: string | null;
  created_at: string;
  created_us: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  first_date: string | null;
  refund_due: number;
  refund_pending: number;
  requested: boolean;
}

/** One batch of the list's rows, newest first, by resolved filters (resolveFilters) and a cursor. */
export async function deskRows(db: Db, filters: SQL[], cursor: string | undefined, limit: number): Promise<DeskRow[]> {
  const after = afterCursor(cursor);
  const where = [...filters, ...(after ? [after] : [])];
  const { rows } = await db.execute<DeskRow>(sql`
    with page as (
      select b.id from bookings b
      where ${where.length ? sql.join(where, sql` and `) : sql`true`}
      order by b.created_at desc, b.id desc
      limit ${limit}
    )
    select b.id, b.ref_id_key, b.site, b.status, b.payment_status, b.payment_method, b.currency, b.total, b.amount_paid, b.deposit_amount,
           to_char(b.payment_due_on, 'YYYY-MM-DD') as due_on,
           to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_us,
           lt.first_name, lt.last_name, lt.email, lt.phone,
           fl.title, to_char(fl.first_date, 'YYYY-MM-DD') as first_date,
           coalesce((
             select sum(p.amount - coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0))
             from payments p where p.booking_id = b.id and p.refund_status = 'due'
           ), 0)::int as refund_due,
           coalesce((select sum(r.amount) from refunds r where r.booking_id = b.id and r.status = 'pending'), 0)::int as refund_pending,
           exists (select 1 from cancellation_requests cr where cr.booking_id = b.id and cr.status = 'pending') as requested
    from page
    join bookings b on b.id = page.id
    left join lateral (
      select t.first_name, t.last_name, t.email, t.phone from booking_travellers t
      where t.booking_id = b.id and t.lead order by t.position limit 1
    ) lt on true
    left join lateral (
      select (array_agg(l.title order by l.position))[1] as title, min(l.travel_date) as first_date
      from booking_lines l where l.booking_id = b.id
    ) fl on true
    order by b.created_at desc, b.id desc`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    total: Number(r.total),
    amount_paid: Number(r.amount_paid),
    deposit_amount: r.deposit_amount === null ? null : Number(r.deposit_amount),
    refund_due: Number(r.refund_due),
    refund_pending: Number(r.refund_pending),
  }));
}

export function toItem(r: DeskRow, days: SiteDays, contact: boolean): DeskBookingItem {
  const due = r.status === 'cancelled' ? 0 : Math.max(0, r.total - r.amount_paid);
  return {
    BookingId: r.id,
    RefIdKey: r.ref_id_key,
    site: r.site,
    Status: r.status,
    PaymentStatus: r.payment_status,
    PaymentMethod: r.payment_method,
    Currency: r.currency,
    Total: r.total,
    AmountPaid: r.amount_paid,
    AmountDue: due,
    paymentDueOn: r.due_on,
    overdue: overdueOn(
      { status: r.status, depositAmount: r.deposit_amount, amountPaid: r.amount_paid, due, dueOn: r.due_on },
      days[r.site],
    ),
    refundDue: Math.max(0, r.refund_due),
    refundPending: r.refund_pending,
    leadName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    leadEmail: contact ? r.email : maskEmail(r.email),
    leadPhone: contact ? r.phone : maskPhone(r.phone),
    title: r.title ?? 'Holiday',
    firstTravelDate: r.first_date ?? '',
    createdAt: r.created_at,
    cancellationRequested: Boolean(r.requested),
  };
}

/** One page of 50, and the cursor of the next (null on the last). */
export async function listDesk(
  db: Db,
  f: DeskListQuery,
  days: SiteDays,
  contact: boolean,
  dense = DENSE,
): Promise<DeskBookingPage> {
  const rows = await deskRows(db, await resolveFilters(db, f, days, dense), f.cursor, DESK_PAGE_SIZE + 1);
  const page = rows.slice(0, DESK_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toItem(r, days, contact)),
    nextCursor: rows.length > DESK_PAGE_SIZE && last ? encodeCursor(last.created_us, last.id) : null,
  };
}

/** The home page's counts: cancellation requests waiting, payments with a refund due, bookings overdue. */
export async function deskSummary(db: Db, days: SiteDays) {
  const { rows } = await db.execute<{ requests: number; refunds: number; overdue: number }>(sql`
    select (select count(*) from cancellation_requests where status = 'pending')::int as requests,
           (select count(*) from payments where refund_status = 'due')::int as refunds,
           (select count(*) from bookings b where ${overdueSql(days)})::int as overdue`);
  const r = rows[0]!;
  return { cancellationRequests: Number(r.requests), refundsDue: Number(r.refunds), overdue: Number(r.overdue) };
}
