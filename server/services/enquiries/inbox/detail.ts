import { and, asc, eq } from 'drizzle-orm';
import { adminUrl } from '../../../../contract/admin-api.ts';
import { enquiryAttachmentCall } from '../../../../contract/admin-enquiry-calls.ts';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_MESSAGES,
  ENQUIRY_MOVES,
  isFinalEnquiryStatus,
  type EnquiryDetail,
  type EnquiryField,
  type EnquiryStatus,
} from '../../../../contract/enquiry-inbox.ts';
import type { Db } from '../../../db/client.ts';
import { auditLog, bookings, enquiries, enquiryNotes, files, packages, staff } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import type { DbOrTx } from '../../staff/audit.ts';
import { contactOf, itemOf, type EnquiryRow } from './list.ts';

/** The enquiry of an id, or the inbox's 404. `lock`: the row is locked for the transaction's change. */
export async function enquiryById(db: DbOrTx, id: number, lock = false): Promise<EnquiryRow> {
  const q = db.select().from(enquiries).where(eq(enquiries.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(ENQUIRY_MESSAGES.notFound);
  return row;
}

/** The payload's fields as staff read them: labelled, in this order; the rest after, by their own names. */
const LABELS: [key: string, label: string][] = [
  ['FullName', 'Name'],
  ['FirstName', 'First name'],
  ['LastName', 'Last name'],
  ['Email', 'Email'],
  ['EmailOrPhone', 'Email or phone'],
  ['PhoneNumber', 'Phone'],
  ['Phone', 'Phone'],
  ['EnquiryType', 'Enquiry type'],
  ['PackageTitle', 'Package'],
  ['PackageSlug', 'Package page'],
  ['TravelDate', 'Travel date'],
  ['Adults', 'Adults'],
  ['Children', 'Children'],
  ['TimeToCall', 'Time to call'],
  ['Message', 'Message'],
  ['File', 'Attached file'],
  ['Url', 'Sent from page'],
  ['CurrentPageUrl', 'Sent from page'],
  ['CreatedDate', 'Sent at (the traveller’s clock)'],
];
/** Parts of other fields (the exit popup's phone is Phone), or internal. */
const HIDDEN = new Set(['MobileCountryCode', 'MobileNo', 'Mode', 'Id', 'PackageId']);

const show = (v: unknown) =>
  (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).trim();

export function readableFields(payload: Record<string, unknown>, packageTitle: string | null): EnquiryField[] {
  const out: EnquiryField[] = [];
  const seen = new Set<string>();
  if (packageTitle && !show(payload.PackageTitle)) out.push({ label: 'Package', value: packageTitle });
  for (const [key, label] of LABELS) {
    seen.add(key);
    const value = show(payload[key]);
    if (value) out.push({ label, value });
  }
  for (const [key, v] of Object.entries(payload)) {
    if (seen.has(key) || HIDDEN.has(key)) continue;
    const value = show(v);
    if (value) out.push({ label: key, value });
  }
  return out;
}

/** A tel: link of the digits (and a leading +), when there are enough of them to call. */
export function telLink(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace(/\D/g, '').length >= 6 ? `tel:${digits}` : null;
}

export function mailLink(email: string | null, subject: string): string | null {
  if (!email || !/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(email)) return null;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** What an audit entry says in the enquiry's history. */
function historyText(action: string, before: unknown, after: unknown): string {
  const a = (after ?? {}) as Record<string, unknown>;
  const b = (before ?? {}) as Record<string, unknown>;
  switch (action) {
    case 'enquiry.status':
      return `Status ${String(b.status ?? '?')} → ${String(a.status ?? '?')}${a.bookingRef ? ` (booking ${String(a.bookingRef)})` : ''}`;
    case 'enquiry.reopen':
      return `Reopened (${String(b.status ?? '?')} → ${String(a.status ?? '?')})`;
    case 'enquiry.assign':
      return a.assigneeEmail ? `Assigned to ${String(a.assigneeEmail)}` : 'Unassigned';
    case 'enquiry.note':
      return 'Added an internal note';
    case 'enquiry.attachment.open':
      return `Opened the attached file ${String(a.name ?? '')}`.trim();
    case 'enquiry.reply':
      return `Replied to ${String(a.to ?? '?')}: ${String(a.subject ?? '')}`;
    case 'enquiry.quote':
      return `Quoted ${String(a.title ?? '')} on ${String(a.travelDate ?? '?')}, ${String(a.price ?? '')}, valid until ${String(a.validUntil ?? '?')}`;
    case 'enquiry.quote.booked':
      return `Booked from the quote (booking ${String(a.bookingRef ?? '?')})`;
    default:
      return action;
  }
}

/** Everything the inbox shows of one enquiry. */
export async function enquiryDetail(db: Db, id: number): Promise<EnquiryDetail> {
  const e = await enquiryById(db, id);
  const [assignee] = e.assigneeId
    ? await db.select({ email: staff.email }).from(staff).where(eq(staff.id, e.assigneeId))
    : [];
  const [booking] = e.bookingId
    ? await db.select({ ref: bookings.refIdKey }).from(bookings).where(eq(bookings.id, e.bookingId))
    : [];
  const [file] = e.fileId ? await db.select().from(files).where(eq(files.id, e.fileId)) : [];
  const packageId = Number(e.payload.PackageId);
  const [pkg] =
    Number.isInteger(packageId) && packageId > 0
      ? await db.select({ title: packages.title }).from(packages).where(eq(packages.id, packageId))
      : [];
  const notes = await db
    .select({ n: enquiryNotes, by: staff.email })
    .from(enquiryNotes)
    .leftJoin(staff, eq(staff.id, enquiryNotes.staffId))
    .where(eq(enquiryNotes.enquiryId, e.id))
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
  const audits = await db
    .select({ a: auditLog, by: staff.email })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.recordType, 'enquiry'), eq(auditLog.recordId, String(e.id))))
    .orderBy(asc(auditLog.at), asc(auditLog.id));

  const item = itemOf(e, assignee?.email ?? null, booking?.ref ?? null);
  const who = contactOf(e.payload);
  const status = e.status as EnquiryStatus;
  const message = show(e.payload.Message) || null;
  return {
    ...item,
    fields: readableFields(e.payload, pkg?.title ?? null),
    message,
    attachment: file
      ? {
          name: file.originalName,
          size: file.size,
          mime: file.mime,
          url: adminUrl(enquiryAttachmentCall, { id: e.id }),
        }
      : null,
    callLink: telLink(who.phone),
    mailLink: mailLink(
      who.email,
      `Your enquiry to Wanderlust Holidays (${ENQUIRY_KIND_LABELS[e.kind].toLowerCase()} #${e.id})`,
    ),
    notes: notes.map(({ n, by }) => ({ id: n.id, body: n.body, staff: by, at: n.createdAt.toISOString() })),
    history: [
      {
        at: e.createdAt.toISOString(),
        who: who.name,
        action: 'enquiry.received',
        text: `Received (${ENQUIRY_KIND_LABELS[e.kind]}, ${e.site} site)`,
      },
      ...audits.map(({ a, by }) => ({
        at: a.at.toISOString(),
        who: by ? `${by} (${a.role})` : a.role,
        action: a.action,
        text: historyText(a.action, a.before, a.after),
      })),
    ],
    moves: [...ENQUIRY_MOVES[status]],
    reopenable: isFinalEnquiryStatus(status),
  };
}
