import { and, asc, eq } from 'drizzle-orm';
import { adminUrl } from '../../../contract/admin-api.ts';
import { bookingDocumentCall, invoicePdfCall, vouchersPdfCall } from '../../../contract/admin-desk-calls.ts';
import { DESK_MESSAGES, type DeskBookingDetail, type DeskTimelineEntry } from '../../../contract/desk.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  bookingEvents,
  bookingLines,
  bookingNotes,
  bookings,
  bookingTravellers,
  cancellationRequests,
  files,
  mailOutbox,
  paymentEvents,
  staff,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { maskPan } from '../bookings/pan.ts';
import { vouchersIssued } from '../bookings/records.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { cancellationQuote } from './cancel.ts';
import { creditNotesOf, deskCreditNote } from './credit-notes.ts';
import { deskMoneyDocument, moneyDocumentsOf } from '../documents/money-documents.ts';
import { maskEmail, maskPhone } from './list.ts';
import { overdueOn } from '../bookings/deposits.ts';
import { deskPayments, deskRefunds } from './refunds.ts';
import { siteDay } from '../../../contract/calendar.ts';

export type DeskBookingRow = typeof bookings.$inferSelect;

/** The booking of a reference (any case), or the desk's 404. */
export async function bookingByRef(db: Db, ref: string): Promise<DeskBookingRow> {
  const [b] = await db.select().from(bookings).where(eq(bookings.refIdKey, ref.trim().toUpperCase())).limit(1);
  if (!b) throw notFound(DESK_MESSAGES.notFound);
  return b;
}

/** A staff note on a booking, audited in the same transaction. */
export async function addBookingNote(
  db: Db,
  actor: Actor & { staffId: number },
  b: Pick<DeskBookingRow, 'id' | 'refIdKey'>,
  body: string,
  at: Date,
) {
  return staffAction(db, actor, at, async ({ tx, audit }) => {
    const [row] = await tx
      .insert(bookingNotes)
      .values({ bookingId: b.id, staffId: actor.staffId, body, createdAt: at })
      .returning();
    await audit({
      action: 'booking.note',
      recordType: 'booking',
      recordId: b.refIdKey,
      after: { noteId: row!.id, body: row!.body },
    });
    return row!;
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: string | Date | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

/** What the audit log's action says in a timeline. */
function auditText(action: string, after: unknown): string {
  const a = (after ?? {}) as Record<string, unknown>;
  if (action === 'document.open') return `Opened the document ${String(a.name ?? a.fileId ?? '')}`.trim();
  if (action === 'booking.note') return 'Added an internal note';
  if (action === 'moneyDocuments.open')
    return `Opened ${a.kind === 'debit-note' ? 'debit note' : 'receipt voucher'} ${String(a.document ?? '')}`.trim();
  return action;
}

/**
 * Everything the desk shows of one booking: lines, travellers (contact masked without
 * travellers.contact), documents, payments with what was refunded and can still be, refunds,
 * credit notes, receipt vouchers and debit notes, cancellation requests, what cancelling today
 * would keep and refund, notes, and one timeline of its events, the staff's audit entries, the
 * providers' events and its mail.
 */
export async function deskDetail(
  db: Db,
  reference: string,
  opts: { now: Date; contact: boolean },
): Promise<DeskBookingDetail> {
  const b = await bookingByRef(db, reference);
  const today = siteDay(opts.now, b.site);
  const [
    lines,
    travellers,
    docs,
    payments,
    refunds,
    notes,
    requests,
    events,
    audits,
    providerEvents,
    mails,
    credits,
    moneyDocs,
    cancellation,
  ] = await Promise.all([
    db
      .select({ line: bookingLines })
      .from(bookingLines)
      .where(eq(bookingLines.bookingId, b.id))
      .orderBy(asc(bookingLines.position)),
    db
      .select()
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, b.id))
      .orderBy(asc(bookingTravellers.position)),
    db
      .select()
      .from(files)
      .where(eq(files.owner, `booking:${b.id}`))
      .orderBy(asc(files.createdAt), asc(files.id)),
    deskPayments(db, b.id),
    deskRefunds(db, { bookingId: b.id }),
    db
      .select({ n: bookingNotes, by: staff.email })
      .from(bookingNotes)
      .leftJoin(staff, eq(staff.id, bookingNotes.staffId))
      .where(eq(bookingNotes.bookingId, b.id))
      .orderBy(asc(bookingNotes.createdAt), asc(bookingNotes.id)),
    db
      .select({ c: cancellationRequests, by: staff.email })
      .from(cancellationRequests)
      .leftJoin(staff, eq(staff.id, cancellationRequests.decidedBy))
      .where(eq(cancellationRequests.bookingId, b.id))
      .orderBy(asc(cancellationRequests.createdAt)),
    db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, b.id))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
    db
      .select({ a: auditLog, by: staff.email })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(and(eq(auditLog.recordType, 'booking'), eq(auditLog.recordId, b.refIdKey)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.bookingId, b.id))
      .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id)),
    db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, b.id))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id)),
    creditNotesOf(db, b.id),
    moneyDocumentsOf(db, b.id),
    cancellationQuote(db, b, today),
  ]);

  const lead = travellers.find((t) => t.lead) ?? travellers[0];
  const firstTravelDate = lines.map((l) => day(l.line.travelDate)!).sort()[0] ?? '';
  const cancelled = b.status === 'cancelled';
  const amountDue = cancelled ? 0 : Math.max(0, b.total - b.amountPaid);

  const refundDue = payments
    .filter((p) => p.refundStatus === 'due')
    .reduce((s, p) => s + Math.max(0, p.amount - p.refunded), 0);
  const refundPending = refunds.filter((r) => r.status === 'pending').reduce((s, r) => s + r.amount, 0);

  const timeline: DeskTimelineEntry[] = [
    ...events.map((e) => ({
      at: e.createdAt.toISOString(),
      kind: 'event' as const,
      text: `${e.cause} (${e.status}, ${e.paymentStatus})`,
      who: null,
    })),
    ...audits.map(({ a, by }) => ({
      at: a.at.toISOString(),
      kind: 'audit' as const,
      text: auditText(a.action, a.after),
      who: by ? `${by} (${a.role})` : a.role,
      detail: { action: a.action, before: a.before, after: a.after },
    })),
    ...providerEvents.map((e) => ({
      at: e.createdAt.toISOString(),
      kind: 'payment-event' as const,
      text: `${e.provider} ${e.type}: ${e.outcome}${e.detail ? ` (${e.detail})` : ''}`,
      who: null,
      detail: { eventId: e.eventId },
    })),
    ...mails.map((m) => ({
      at: m.createdAt.toISOString(),
      kind: 'mail' as const,
      text: `Mail "${m.payload.subject || m.kind}": ${m.status}${m.sentAt ? ` ${m.sentAt.toISOString()}` : ''}${m.lastError && m.status !== 'sent' ? ` (${m.lastError})` : ''}`,
      who: null,
      detail: { kind: m.kind, attempts: m.attempts },
    })),
    ...notes.map(({ n, by }) => ({ at: n.createdAt.toISOString(), kind: 'note' as const, text: n.body, who: by })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));

  const ref = b.refIdKey;
  return {
    BookingId: b.id,
    RefIdKey: ref,
    site: b.site as 'UAE' | 'IN',
    Status: b.status,
    PaymentStatus: b.paymentStatus,
    PaymentMethod: b.paymentMethod,
    Currency: b.currency,
    Total: b.total,
    AmountPaid: b.amountPaid,
    AmountDue: amountDue,
    paymentDueOn: day(b.paymentDueOn),
    overdue: overdueOn({ ...b, due: amountDue, dueOn: day(b.paymentDueOn) }, today),
    refundDue,
    refundPending,
    leadName: lead ? `${lead.firstName} ${lead.lastName}` : '',
    leadEmail: lead ? (opts.contact ? lead.email : maskEmail(lead.email)) : null,
    leadPhone: lead ? (opts.contact ? lead.phone : maskPhone(lead.phone)) : null,
    title: lines[0]?.line.title ?? 'Holiday',
    firstTravelDate,
    createdAt: b.createdAt.toISOString(),
    cancellationRequested: requests.some(({ c }) => c.status === 'pending'),
    Subtotal: b.subtotal,
    Discount: b.discount,
    taxes: b.taxes,
    couponCode: b.couponCode,
    specialRequests: b.specialRequests,
    pan: b.pan ? maskPan(b.pan) : null,
    placeOfSupply: b.placeOfSupplyState,
    buyerGstin: b.buyerGstin,
    buyerTrn: b.buyerTrn,
    invoiceNumber: b.invoiceNumber,
    cancelledAt: iso(b.cancelledAt),
    cancelReason: b.cancelReason,
    lines: lines.map(({ line: l }) => ({
      position: l.position,
      packageId: l.packageId,
      title: l.title,
      city: l.city,
      nights: l.nights,
      travelDate: day(l.travelDate)!,
      adults: l.adults,
      children: l.children,
      infants: l.infants,
      rooms: l.rooms,
      amount: l.amount,
    })),
    travellers: travellers.map((t) => ({
      id: t.id,
      lead: t.lead,
      title: t.title,
      firstName: t.firstName,
      lastName: t.lastName,
      ageBand: t.ageBand,
      email: opts.contact ? t.email : maskEmail(t.email),
      phone: opts.contact ? t.phone : maskPhone(t.phone),
      dob: day(t.dob),
    })),
    documents: docs.map((f) => ({
      id: f.id,
      name: f.originalName,
      mime: f.mime,
      size: f.size,
      uploadedAt: f.createdAt.toISOString(),
      url: adminUrl(bookingDocumentCall, { ref, id: f.id }),
    })),
    payments,
    refunds,
    creditNotes: credits.map((c) => deskCreditNote(c, ref)),
    moneyDocuments: moneyDocs.map((d) => deskMoneyDocument(d, ref)),
    cancellationRequests: requests.map(({ c, by }) => ({
      id: c.id,
      reason: c.reason,
      status: c.status,
      decisionMessage: c.decisionMessage,
      decidedBy: by,
      decidedAt: iso(c.decidedAt),
      createdAt: c.createdAt.toISOString(),
    })),
    cancellation,
    notes: notes.map(({ n, by }) => ({ id: n.id, body: n.body, staff: by ?? '', at: n.createdAt.toISOString() })),
    timeline,
    links: {
      invoice: adminUrl(invoicePdfCall, { ref }),
      vouchers: vouchersIssued(b) ? adminUrl(vouchersPdfCall, { ref }) : null,
    },
  };
}

/** One of the booking's uploaded documents, or the desk's 404. */
export async function bookingDocument(db: Db, bookingId: number, fileId: number) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.owner, `booking:${bookingId}`)))
    .limit(1);
  if (!file) throw notFound('This document is not on this booking.');
  return file;
}
