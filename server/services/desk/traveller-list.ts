import { sql, type SQL } from 'drizzle-orm';
import type { AdminCallRead } from '../../../contract/admin-api.ts';
import type { listTravellersCall } from '../../../contract/admin-travellers-calls.ts';
import type { DeskTravellerDetail, DeskTravellerItem, DeskTravellerPage } from '../../../contract/desk.ts';
import { currencySchema, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, invalid } from '../../lib/errors.ts';
import { eraseAccount, exportAccountData, upcomingTrips } from '../accounts/account-data.ts';
import type { FileStore } from '../file-store.ts';
import type { ShopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { commitScope, staffAction } from '../staff/staff-action.ts';
import type { SiteDays } from '../../../contract/calendar.ts';
import { deskRows, maskEmail, maskPhone, toItem } from './list.ts';

/*
 * The desk's travellers (decision 0097): a traveller is an account (every booking belongs to one:
 * checkout signs the traveller in with a code, so the shop has no guest bookings), found by its own
 * name, email and phone, by the lead traveller's name, email and phone on its bookings, and by a PAN
 * given on them; newest first, in keyset pages of 50 as the bookings list. Contact details are masked
 * for a role without travellers.contact exactly as that list masks them; search by them still works.
 */

export const TRAVELLER_PAGE_SIZE = 50;

export const TRAVELLER_MESSAGES = {
  notFound: 'No traveller has that number: open the traveller from the travellers list.',
  erased: 'This account is already erased: bookings keep only what tax law needs.',
  upcoming: (refs: string[]) =>
    `This traveller has trips coming up (${refs.join(', ')}): cancel them or let them finish before erasing the account, as the shop's own deletion requires.`,
  confirmNeeded: 'Type ERASE to confirm that this traveller’s account should be erased.',
} as const;

/** The list's search and cursor, as its declaration reads them (contract/admin-travellers-calls.ts). */
export type TravellerListQuery = AdminCallRead<typeof listTravellersCall, 'query'>;

/** A LIKE pattern matching what starts with `text` (its own % and _ taken literally). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** What a search matches, as a condition on the account `u`; null when it can match nothing. */
function searchOf(raw: string): SQL | null {
  const q = raw.trim().replace(/\s+/g, ' ');
  if (!q) return null;
  const lower = q.toLowerCase();
  const own: SQL[] = [];
  const lead: SQL[] = [];
  if (/\p{L}/u.test(q) || q.includes('@')) {
    const p = startsWith(lower);
    own.push(
      sql`lower(u.email) like ${p}`,
      sql`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${p}`,
      sql`lower(coalesce(u.last_name, '')) like ${p}`,
      sql`lower(u.name) like ${p}`,
    );
    lead.push(
      sql`lower(t.email) like ${p}`,
      sql`lower(t.first_name || ' ' || t.last_name) like ${p}`,
      sql`lower(t.last_name) like ${p}`,
    );
  }
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length >= 6 && /^[+\d\s().-]+$/.test(q)) {
    // From the end, as the bookings list: "0501234567" and "+971 50 123 4567" both find +971501234567.
    const rev = startsWith([...digits].reverse().join(''));
    own.push(sql`reverse(regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g')) like ${rev}`);
    lead.push(sql`reverse(regexp_replace(coalesce(t.phone, ''), '[^0-9]', '', 'g')) like ${rev}`);
  }
  const pan = q.replace(/\s/g, '').toUpperCase();
  const parts = [...own];
  if (PAN.test(pan))
    parts.push(
      sql`exists (select 1 from bookings pb where pb.user_id = u.id and upper(replace(pb.pan, ' ', '')) = ${pan})`,
    );
  if (lead.length) {
    parts.push(
      sql`exists (select 1 from bookings lb join booking_travellers t on t.booking_id = lb.id and t.lead where lb.user_id = u.id and (${sql.join(lead, sql` or `)}))`,
    );
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|(\d{1,10})$/;
const encodeCursor = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { at: string; id: number } {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalid('cursor: not one this list gave. Start again from the first page.');
  return { at: m[1]!, id: Number(m[2]) };
}

interface TravellerRow extends Record<string, unknown> {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  bookings: number;
  sites: string[] | null;
  last_booked_at: string | null;
  created_at: string;
  created_us: string;
  erased: boolean;
  dob: string | null;
  google: boolean;
  pans: string[] | null;
}

/** Accounts by `where`, newest first, with their bookings' count, sites and name. */
async function travellerRows(db: Db, where: SQL[], limit: number): Promise<TravellerRow[]> {
  const { rows } = await db.execute<TravellerRow>(sql`
    with page as (
      select u.id from users u
      where ${where.length ? sql.join(where, sql` and `) : sql`true`}
      order by u.created_at desc, u.id desc
      limit ${limit}
    )
    select u.id, u.email, u.phone, to_char(u.dob, 'YYYY-MM-DD') as dob, u.google_sub is not null as google,
           coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), nullif(u.name, ''),
             (select t.first_name || ' ' || t.last_name from bookings b join booking_travellers t on t.booking_id = b.id and t.lead
              where b.user_id = u.id order by b.created_at desc, t.position limit 1)) as name,
           (select count(*) from bookings b where b.user_id = u.id)::int as bookings,
           (select array_agg(distinct b.site) from bookings b where b.user_id = u.id) as sites,
           (select array_agg(distinct upper(replace(b.pan, ' ', ''))) from bookings b where b.user_id = u.id and b.pan is not null and b.pan <> '') as pans,
           (select to_char(max(b.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from bookings b where b.user_id = u.id) as last_booked_at,
           to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_us,
           (u.email is null and u.phone is null and u.google_sub is null and u.password_hash is null
             and u.first_name is null and u.name = '') as erased
    from page join users u on u.id = page.id
    order by u.created_at desc, u.id desc`);
  return rows.map((r) => ({ ...r, id: Number(r.id), bookings: Number(r.bookings) }));
}

function toTraveller(r: TravellerRow, contact: boolean): DeskTravellerItem {
  return {
    id: r.id,
    name: r.name?.trim() || (r.erased ? 'Erased account' : 'No name given'),
    email: contact ? r.email : maskEmail(r.email),
    phone: contact ? r.phone : maskPhone(r.phone),
    bookings: r.bookings,
    sites: ((r.sites ?? []) as ('UAE' | 'IN')[]).sort(),
    lastBookedAt: r.last_booked_at,
    createdAt: r.created_at,
    erased: Boolean(r.erased),
  };
}

/** One page of 50 travellers, newest first, and the cursor of the next (null on the last). */
export async function listTravellers(db: Db, f: TravellerListQuery, contact: boolean): Promise<DeskTravellerPage> {
  const where: SQL[] = [];
  if (f.q?.trim()) where.push(searchOf(f.q) ?? sql`false`);
  if (f.cursor) {
    const c = decodeCursor(f.cursor);
    where.push(sql`(u.created_at, u.id) < (${c.at}::timestamptz, ${c.id})`);
  }
  const rows = await travellerRows(db, where, TRAVELLER_PAGE_SIZE + 1);
  const page = rows.slice(0, TRAVELLER_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toTraveller(r, contact)),
    nextCursor: rows.length > TRAVELLER_PAGE_SIZE && last ? encodeCursor(last.created_us, last.id) : null,
  };
}

async function travellerRow(db: Db, id: number): Promise<TravellerRow> {
  const [row] = await travellerRows(db, [sql`u.id = ${id}`], 1);
  if (!row) throw new DomainError('not_found', TRAVELLER_MESSAGES.notFound);
  return row;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

/**
 * A traveller's page: bookings, payments, enquiries, cancellation requests, consents, and whether erasure is allowed
 * now.
 */
export async function travellerDetail(
  db: Db,
  id: number,
  days: SiteDays,
  contact: boolean,
  now: Date,
): Promise<DeskTravellerDetail> {
  const r = await travellerRow(db, id);
  const bookings = (await deskRows(db, [sql`b.user_id = ${id}`], undefined, 500)).map((b) => toItem(b, days, contact));
  const { rows: payments } = await db.execute<Record<string, unknown>>(sql`
    select p.id, b.ref_id_key, p.provider, p.method, p.amount, p.currency, p.status, p.refund_status, p.paid_at, p.created_at
    from payments p join bookings b on b.id = p.booking_id where b.user_id = ${id} order by p.created_at desc, p.id desc limit 500`);
  // Enquiries carry no account: those sent from the account's email or phone, or that led to one of its bookings.
  const { rows: enquiries } = await db.execute<Record<string, unknown>>(sql`
    select e.id, e.kind, e.site, e.status, e.created_at, b.ref_id_key
    from enquiries e left join bookings b on b.id = e.booking_id
    where b.user_id = ${id}
       or (${r.email}::text is not null and (lower(e.payload->>'Email') = lower(${r.email}) or lower(e.payload->>'EmailOrPhone') = lower(${r.email})))
       or (${r.phone}::text is not null and (e.payload->>'Phone' = ${r.phone} or e.payload->>'EmailOrPhone' = ${r.phone}))
    order by e.created_at desc limit 200`);
  const { rows: requests } = await db.execute<Record<string, unknown>>(sql`
    select cr.id, cr.reason, cr.status, cr.decision_message, s.email as decided_by, cr.decided_at, cr.created_at, b.ref_id_key
    from cancellation_requests cr join bookings b on b.id = cr.booking_id left join staff s on s.id = cr.decided_by
    where cr.user_id = ${id} order by cr.created_at desc`);
  const upcoming = r.erased ? [] : await upcomingTrips(db, id, now);
  return {
    traveller: {
      ...toTraveller(r, contact),
      dob: contact ? r.dob : null,
      signsInWithGoogle: Boolean(r.google),
      pans: r.pans ?? [],
    },
    bookings,
    payments: payments.map((p) => ({
      id: Number(p.id),
      RefIdKey: String(p.ref_id_key),
      provider: String(p.provider),
      method: (p.method as string | null) ?? null,
      amount: Number(p.amount),
      currency: currencySchema.parse(p.currency),
      status: String(p.status),
      refundStatus: (p.refund_status as string | null) ?? null,
      paidAt: iso(p.paid_at),
      createdAt: iso(p.created_at)!,
    })),
    enquiries: enquiries.map((e) => ({
      id: Number(e.id),
      kind: String(e.kind),
      site: e.site as 'UAE' | 'IN',
      status: String(e.status),
      createdAt: iso(e.created_at)!,
      RefIdKey: (e.ref_id_key as string | null) ?? null,
    })),
    cancellationRequests: requests.map((c) => ({
      id: Number(c.id),
      RefIdKey: String(c.ref_id_key),
      reason: String(c.reason),
      status: c.status as 'pending' | 'approved' | 'declined',
      decisionMessage: (c.decision_message as string | null) ?? null,
      decidedBy: (c.decided_by as string | null) ?? null,
      decidedAt: iso(c.decided_at),
      createdAt: iso(c.created_at)!,
    })),
    // The shop asks for no consent beyond its terms: it sends service mail only (privacy policy).
    consents: [
      {
        name: 'Service mail (bookings, payments, sign-in codes)',
        given: true,
        note: 'Needed to arrange and invoice the trip; not optional while the account has bookings.',
      },
      {
        name: 'Marketing messages',
        given: false,
        note: 'The shop records no marketing consent and sends no marketing mail.',
      },
    ],
    erasure: r.erased
      ? { allowed: false, reason: TRAVELLER_MESSAGES.erased }
      : upcoming.length
        ? { allowed: false, reason: TRAVELLER_MESSAGES.upcoming(upcoming) }
        : { allowed: true, reason: null },
  };
}

/** Everything the shop keeps about the traveller (the file the traveller's own "Download my data" gives), audited. */
export async function exportTraveller(db: Db, actor: Actor, id: number, now: Date) {
  await travellerRow(db, id);
  const data = await exportAccountData(db, id, now);
  await staffAction(db, actor, now, ({ audit }) =>
    audit({ action: 'travellers.export', recordType: 'user', recordId: id }),
  );
  return data;
}

/**
 * Erases the account on the traveller's request, by the rule of the traveller's own deletion
 * (refused while a trip is ahead; bookings keep what tax law needs), audited with who did it.
 */
export async function eraseTraveller(
  db: Db,
  store: FileStore,
  actor: Actor,
  id: number,
  confirm: string,
  shopOf: (site: Site) => ShopDetails,
  now: Date,
) {
  if (confirm.trim().toUpperCase() !== 'ERASE') throw invalid(TRAVELLER_MESSAGES.confirmNeeded);
  const r = await travellerRow(db, id);
  if (r.erased) throw new DomainError('conflict', TRAVELLER_MESSAGES.erased);
  const upcoming = await upcomingTrips(db, id, now);
  if (upcoming.length) throw new DomainError('conflict', TRAVELLER_MESSAGES.upcoming(upcoming));
  // The mail that confirms it comes from the site the traveller last booked on.
  const { rows } = await db.execute<{ site: Site }>(
    sql`select site from bookings where user_id = ${id} order by created_at desc limit 1`,
  );
  // The erasure keeps its own transaction (its uploads go after it commits); the scope sends its mail once both are
  // done.
  await commitScope(db, async () => {
    await eraseAccount(db, store, id, shopOf(rows[0]?.site ?? 'UAE'), now);
    await staffAction(db, actor, now, ({ audit }) =>
      audit({ action: 'travellers.erase', recordType: 'user', recordId: id, before: { bookings: r.bookings } }),
    );
  });
}
