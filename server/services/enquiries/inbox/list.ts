import { and, desc, eq, gte, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InboxQuery } from '../../../../contract/admin-enquiry-calls.ts';
import {
  type EnquiryItem,
  type EnquiryKindName,
  type EnquiryPage,
  type EnquiryStatus,
} from '../../../../contract/enquiry-inbox.ts';
import type { Db } from '../../../db/client.ts';
import { bookings, enquiries, staff } from '../../../db/schema.ts';
import { invalid } from '../../../lib/errors.ts';
import type { Site } from '../../../../contract/site.ts';
import { addDays, siteDayStart } from '../../../../contract/calendar.ts';

/*
 * The inbox (GET /api/admin/enquiries): every kind of enquiry (the forms and the itinerary
 * downloads, all kept in `enquiries`), newest first, in keyset pages of (created_at, id).
 */

const DAY = 86_400_000;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Who sent it and how to reach them, whatever the form's field names. */
export function contactOf(p: Record<string, unknown>): { name: string; email: string | null; phone: string | null } {
  const name = text(p.FullName) || [text(p.FirstName), text(p.LastName)].filter(Boolean).join(' ');
  const either = text(p.EmailOrPhone);
  const email = text(p.Email) || (either.includes('@') ? either : '');
  const phone = text(p.PhoneNumber) || text(p.Phone) || (either && !either.includes('@') ? either : '');
  return { name: name || '(no name given)', email: email || null, phone: phone || null };
}

/** What the enquiry is about, in a line. */
export function summaryOf(kind: EnquiryKindName, p: Record<string, unknown>): string {
  const message = text(p.Message).replace(/\s+/g, ' ');
  const short = message.length > 90 ? `${message.slice(0, 89)}…` : message;
  const pkg = text(p.PackageTitle) || text(p.PackageSlug);
  switch (kind) {
    case 'contact':
      return [text(p.EnquiryType), short].filter(Boolean).join(': ');
    case 'package':
    case 'itinerary':
      return [pkg, short].filter(Boolean).join(': ');
    case 'home':
      return text(p.TimeToCall) ? `Call back: ${text(p.TimeToCall)}` : 'Call back';
    case 'exit':
      return 'Call back';
  }
}

/**
 * The cursor is the last enquiry given: the next page is what sorts after it (timestamps compared in the database, to
 * the microsecond).
 */
const encodeCursor = (id: number) => Buffer.from(`enquiry:${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^enquiry:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalid('cursor: not one this list gave. Start again from the first page.');
  return Number(m[1]);
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type EnquiryRow = typeof enquiries.$inferSelect;

export function itemOf(e: EnquiryRow, assigneeEmail: string | null, bookingRef: string | null): EnquiryItem {
  const who = contactOf(e.payload);
  return {
    id: e.id,
    kind: e.kind,
    site: e.site as 'UAE' | 'IN',
    status: e.status as EnquiryStatus,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    ...who,
    summary: summaryOf(e.kind, e.payload),
    hasFile: e.fileId !== null,
    assignee: e.assigneeId !== null && assigneeEmail ? { id: e.assigneeId, email: assigneeEmail } : null,
    bookingRef,
  };
}

/** Enquiries sent from or before the start of a day, each by its own site's calendar. */
function sentBound(day: string, op: '>=' | '<'): SQL {
  const at = (site: Site) => siteDayStart(day, site);
  const cmp = op === '>=' ? gte : lt;
  return or(
    and(eq(enquiries.site, 'IN'), cmp(enquiries.createdAt, at('IN'))),
    and(ne(enquiries.site, 'IN'), cmp(enquiries.createdAt, at('UAE'))),
  )!;
}

/** One page of the inbox, newest first, and the cursor of the next. */
export async function listInbox(db: Db, q: InboxQuery, me: number, now: Date): Promise<EnquiryPage> {
  const where: SQL[] = [];
  if (q.kind) where.push(eq(enquiries.kind, q.kind));
  if (q.site) where.push(eq(enquiries.site, q.site));
  if (q.status) where.push(eq(enquiries.status, q.status));
  if (q.assignee === 'none') where.push(isNull(enquiries.assigneeId));
  else if (q.assignee === 'me') where.push(eq(enquiries.assigneeId, me));
  else if (typeof q.assignee === 'number') where.push(eq(enquiries.assigneeId, q.assignee));
  if (typeof q.olderThanDays === 'number')
    where.push(lt(enquiries.createdAt, new Date(now.getTime() - q.olderThanDays * DAY)));
  // Days are each enquiry's site's calendar days, as the booking desk counts them.
  if (q.from) where.push(sentBound(q.from, '>='));
  if (q.to) where.push(sentBound(addDays(q.to, 1), '<'));
  const words = (q.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  // Words match what the traveller wrote (every string or number in the payload, at any depth),
  // not the payload's field names: "email" or "message" would otherwise match every enquiry.
  for (const w of words) {
    where.push(sql`exists (select 1 from jsonb_path_query(${enquiries.payload}, 'strict $.**') v
      where jsonb_typeof(v) in ('string', 'number') and (v #>> '{}') ilike ${likeText(w)})`);
  }
  if (q.cursor) {
    const id = decodeCursor(q.cursor);
    where.push(
      sql`(${enquiries.createdAt}, ${enquiries.id}) < (select c.created_at, c.id from enquiries c where c.id = ${id})`,
    );
  }
  const rows = await db
    .select({ e: enquiries, assignee: staff.email, ref: bookings.refIdKey })
    .from(enquiries)
    .leftJoin(staff, eq(staff.id, enquiries.assigneeId))
    .leftJoin(bookings, eq(bookings.id, enquiries.bookingId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => itemOf(r.e, r.assignee, r.ref)),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.e.id) : null,
  };
}
