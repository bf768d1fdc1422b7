import { and, asc, eq } from 'drizzle-orm';
import type { DeskCancellationRequest } from '../../../contract/desk.ts';
import type { Db } from '../../db/client.ts';
import { cancellationRequests, creditNotes, staff } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { cancellationQuote } from './cancel.ts';
import { creditNotesOf, deskCreditNote } from './credit-notes.ts';
import { bookingByRef } from './detail.ts';
import { deskPayments, deskRefunds } from './refunds.ts';
import { siteDay } from '../../../contract/calendar.ts';

/** A booking's cancellation requests, oldest first, with the staff member who decided each. */
export async function cancellationRequestsOf(db: Db, bookingId: number): Promise<DeskCancellationRequest[]> {
  const rows = await db
    .select({ r: cancellationRequests, by: staff.email })
    .from(cancellationRequests)
    .leftJoin(staff, eq(staff.id, cancellationRequests.decidedBy))
    .where(eq(cancellationRequests.bookingId, bookingId))
    .orderBy(asc(cancellationRequests.id));
  return rows.map(({ r, by }) => ({
    id: r.id,
    reason: r.reason,
    status: r.status,
    decisionMessage: r.decisionMessage,
    decidedBy: by,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The money side of one booking, for the desk's cancel panel: quote, payments, refunds, credit notes, requests. */
export async function bookingMoneySide(db: Db, ref: string, now: Date) {
  const b = await bookingByRef(db, ref);
  return {
    RefIdKey: b.refIdKey,
    Status: b.status,
    PaymentStatus: b.paymentStatus,
    Currency: b.currency,
    invoiceNumber: b.invoiceNumber,
    cancellation: await cancellationQuote(db, b, siteDay(now, b.site)),
    payments: await deskPayments(db, b.id),
    refunds: await deskRefunds(db, { bookingId: b.id }),
    creditNotes: (await creditNotesOf(db, b.id)).map((n) => deskCreditNote(n, b.refIdKey)),
    cancellationRequests: await cancellationRequestsOf(db, b.id),
  };
}

/** A booking's credit note by id, or the desk's 404 when the booking or the note (on that booking) is not there. */
export async function creditNoteOfBooking(db: Db, ref: string, id: number) {
  const b = await bookingByRef(db, ref);
  const [n] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), eq(creditNotes.bookingId, b.id)));
  if (!n) throw notFound('This booking has no credit note with that id.');
  return { booking: b, creditNote: n };
}
