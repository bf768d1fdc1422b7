import { eq, inArray } from 'drizzle-orm';
import {
  ENQUIRY_MESSAGES,
  ENQUIRY_MOVES,
  ENQUIRY_STATUS_LABELS,
  isFinalEnquiryStatus,
  type EnquiryAssignee,
  type EnquiryStatus,
} from '../../../../contract/enquiry-inbox.ts';
import { can, STAFF_ROLES } from '../../../../contract/staff.ts';
import type { Db } from '../../../db/client.ts';
import { bookings, enquiries, enquiryNotes, files, staff } from '../../../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../../../lib/errors.ts';
import type { Actor } from '../../staff/audit.ts';
import { staffAction } from '../../staff/staff-action.ts';
import { enquiryById } from './detail.ts';

/*
 * Working an enquiry: status moves, assignment, notes, opening its file. Each change locks the
 * enquiry's row and writes its audit entry (recordType 'enquiry') in the same transaction.
 */

type StaffActor = Actor & { staffId: number };
const label = (s: EnquiryStatus) => ENQUIRY_STATUS_LABELS[s].toLowerCase();

/**
 * Moves an enquiry along new → contacted → booked | closed (ENQUIRY_MOVES); booked needs an existing booking's
 * reference.
 */
export async function moveEnquiry(
  db: Db,
  actor: StaffActor,
  id: number,
  to: EnquiryStatus,
  bookingRefIn: string | undefined,
  now: Date,
) {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const e = await enquiryById(tx, id, true);
    const from = e.status as EnquiryStatus;
    if (from === to) throw conflict(ENQUIRY_MESSAGES.alreadyIn(label(to)));
    if (isFinalEnquiryStatus(from)) throw conflict(ENQUIRY_MESSAGES.finalStatus(label(from)));
    if (to === 'new') throw invalid(ENQUIRY_MESSAGES.noBackToNew);
    if (!ENQUIRY_MOVES[from].includes(to)) throw conflict(ENQUIRY_MESSAGES.finalStatus(label(from)));
    let booking: { id: number; ref: string } | null = null;
    if (to === 'booked') {
      const ref = (bookingRefIn ?? '').trim().toUpperCase();
      if (!ref) throw invalid(ENQUIRY_MESSAGES.bookingNeeded);
      const [b] = await tx
        .select({ id: bookings.id, ref: bookings.refIdKey })
        .from(bookings)
        .where(eq(bookings.refIdKey, ref));
      if (!b) throw invalid(ENQUIRY_MESSAGES.bookingUnknown(ref));
      booking = b;
    }
    await tx
      .update(enquiries)
      .set({ status: to, bookingId: booking?.id ?? null, updatedAt: now })
      .where(eq(enquiries.id, e.id));
    await audit({
      action: 'enquiry.status',
      recordType: 'enquiry',
      recordId: e.id,
      before: { status: from },
      after: { status: to, bookingRef: booking?.ref ?? null },
    });
    return { id: e.id, status: to, bookingRef: booking?.ref ?? null };
  });
}

/** A booked or closed enquiry back to contacted (a booked one no longer links to its booking). */
export async function reopenEnquiry(db: Db, actor: StaffActor, id: number, now: Date) {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const e = await enquiryById(tx, id, true);
    const from = e.status as EnquiryStatus;
    if (!isFinalEnquiryStatus(from)) throw conflict(ENQUIRY_MESSAGES.notFinal);
    const [was] = e.bookingId
      ? await tx.select({ ref: bookings.refIdKey }).from(bookings).where(eq(bookings.id, e.bookingId))
      : [];
    await tx
      .update(enquiries)
      .set({ status: 'contacted', bookingId: null, updatedAt: now })
      .where(eq(enquiries.id, e.id));
    await audit({
      action: 'enquiry.reopen',
      recordType: 'enquiry',
      recordId: e.id,
      before: { status: from, bookingRef: was?.ref ?? null },
      after: { status: 'contacted' },
    });
    return { id: e.id, status: 'contacted' as const, bookingRef: null };
  });
}

/** Roles that may work enquiries (and so be assigned one). */
const WORKING_ROLES = STAFF_ROLES.filter((r) => can(r, 'enquiries.work'));

/** Enabled staff whose role works enquiries: who an enquiry may be assigned to. */
export async function assignees(db: Db): Promise<EnquiryAssignee[]> {
  const rows = await db
    .select({ id: staff.id, email: staff.email, role: staff.role, enabled: staff.enabled })
    .from(staff)
    .where(inArray(staff.role, WORKING_ROLES))
    .orderBy(staff.email);
  return rows.filter((r) => r.enabled).map(({ id, email, role }) => ({ id, email, role }));
}

/** Assigns an enquiry to an enabled staff member who may work enquiries, or to no one (null). */
export async function assignEnquiry(db: Db, actor: StaffActor, id: number, staffId: number | null, now: Date) {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const e = await enquiryById(tx, id, true);
    let email: string | null = null;
    if (staffId !== null) {
      const [s] = await tx.select().from(staff).where(eq(staff.id, staffId));
      if (!s) throw invalid(ENQUIRY_MESSAGES.assigneeUnknown);
      if (!s.enabled) throw invalid(ENQUIRY_MESSAGES.assigneeDisabled(s.email));
      if (!can(s.role, 'enquiries.work')) throw invalid(ENQUIRY_MESSAGES.assigneeCannot(s.email, s.role));
      email = s.email;
    }
    const [before] = e.assigneeId
      ? await tx.select({ email: staff.email }).from(staff).where(eq(staff.id, e.assigneeId))
      : [];
    await tx.update(enquiries).set({ assigneeId: staffId, updatedAt: now }).where(eq(enquiries.id, e.id));
    await audit({
      action: 'enquiry.assign',
      recordType: 'enquiry',
      recordId: e.id,
      before: { assigneeId: e.assigneeId, assigneeEmail: before?.email ?? null },
      after: { assigneeId: staffId, assigneeEmail: email },
    });
    return { id: e.id, assignee: staffId === null ? null : { id: staffId, email: email! } };
  });
}

export async function noteEnquiry(db: Db, actor: StaffActor, id: number, body: string, now: Date) {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const e = await enquiryById(tx, id, true);
    const [row] = await tx
      .insert(enquiryNotes)
      .values({ enquiryId: e.id, staffId: actor.staffId, body, createdAt: now })
      .returning();
    await tx.update(enquiries).set({ updatedAt: now }).where(eq(enquiries.id, e.id));
    await audit({ action: 'enquiry.note', recordType: 'enquiry', recordId: e.id, after: { noteId: row!.id, body } });
    return row!;
  });
}

/** The enquiry's stored file (its row), before it is opened. */
export async function attachmentOf(db: Db, id: number) {
  const e = await enquiryById(db, id);
  if (!e.fileId) throw notFound(ENQUIRY_MESSAGES.noFile);
  const [file] = await db.select().from(files).where(eq(files.id, e.fileId));
  if (!file || file.owner !== 'enquiry') throw new DomainError('gone', ENQUIRY_MESSAGES.fileGone);
  return { enquiryId: e.id, file };
}

/** Staff opened an enquiry's file: written before its bytes go. */
export async function auditAttachmentOpen(
  db: Db,
  actor: StaffActor,
  enquiryId: number,
  file: { id: number; originalName: string },
  now: Date,
) {
  await staffAction(db, actor, now, ({ audit }) =>
    audit({
      action: 'enquiry.attachment.open',
      recordType: 'enquiry',
      recordId: enquiryId,
      after: { fileId: file.id, name: file.originalName },
    }),
  );
}
