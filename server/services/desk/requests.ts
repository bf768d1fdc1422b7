import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  CANCELLATION_MESSAGES,
  type CancellationRequestStatus,
  type PackagePolicy,
  type TripCancellation,
  type TripCancellationRequest,
} from '../../../contract/cancellation-calls.ts';
import {
  cancellationAmounts,
  daysBeforeTravel,
  DEFAULT_CANCELLATION_POLICY,
  policyLines,
  type CancellationStep,
} from '../../../contract/cancellation.ts';
import { REQUEST_MESSAGES } from '../../../contract/admin-requests-calls.ts';
import type { DeskCancellationQuote, DeskCancellationRequestItem } from '../../../contract/desk.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingLines,
  bookings,
  bookingTravellers,
  cancellationRequests,
  packages,
  refunds,
  staff,
} from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import { BOOKING_NOT_FOUND } from '../bookings/queries.ts';
import { enqueueMail } from '../outbox.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor, DbOrTx } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Travellers' cancellation requests (issue 20): sent from Trips (RequestCancellation), queued for
 * staff, declined here with a message. Approving is the desk's cancellation (admin-refunds.ts),
 * which marks the request approved in its own transaction.
 */

type BookingRow = typeof bookings.$inferSelect;
type RequestRow = typeof cancellationRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The policy that applies to a booking and the date it counts from: the first line's package
 * (by position) and the first travel date, as the desk's quote counts them.
 */
export async function policiesOf(
  db: DbOrTx,
  bookingIds: number[],
): Promise<Map<number, { policy: CancellationStep[]; firstTravelDate: string }>> {
  const out = new Map<number, { policy: CancellationStep[]; firstTravelDate: string }>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({
      bookingId: bookingLines.bookingId,
      travelDate: bookingLines.travelDate,
      policy: packages.cancellationPolicy,
    })
    .from(bookingLines)
    .leftJoin(packages, eq(packages.id, bookingLines.packageId))
    .where(inArray(bookingLines.bookingId, bookingIds))
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.position));
  for (const r of rows) {
    const travelDate = String(r.travelDate).slice(0, 10);
    const seen = out.get(r.bookingId);
    if (!seen) out.set(r.bookingId, { policy: r.policy ?? DEFAULT_CANCELLATION_POLICY, firstTravelDate: travelDate });
    else if (travelDate < seen.firstTravelDate) seen.firstTravelDate = travelDate;
  }
  return out;
}

/** What the policy keeps and refunds of what was paid if the booking were cancelled on `day`. */
export function quoteOf(
  b: Pick<BookingRow, 'total' | 'amountPaid'>,
  policy: CancellationStep[],
  firstTravelDate: string,
  day: string,
): DeskCancellationQuote {
  const daysBefore = firstTravelDate ? daysBeforeTravel(day, firstTravelDate) : 0;
  const amounts = cancellationAmounts(policy, b.total, b.amountPaid, daysBefore);
  return { policy, policyLines: policyLines(policy), daysBefore, ...amounts, paid: b.amountPaid, total: b.total };
}

const toTripRequest = (r: RequestRow): TripCancellationRequest => ({
  id: r.id,
  status: r.status,
  reason: r.reason,
  decisionMessage: r.decisionMessage,
  createdAt: r.createdAt.toISOString(),
  decidedAt: iso(r.decidedAt),
});

/** Why a request cannot be sent for this booking now, or null. */
function unavailable(b: Pick<BookingRow, 'status'>, daysBefore: number, pending: boolean): string | null {
  if (b.status === 'cancelled') return CANCELLATION_MESSAGES.cancelled;
  if (daysBefore < 0) return CANCELLATION_MESSAGES.travelled;
  if (pending) return CANCELLATION_MESSAGES.pending;
  return null;
}

/** What Trips shows about cancelling a booking (GetBookingDetails' `cancellation`). */
export async function tripCancellation(
  db: Db,
  b: Pick<BookingRow, 'id' | 'site' | 'status' | 'total' | 'amountPaid'>,
  now = new Date(),
): Promise<TripCancellation> {
  const [policies, [latest], [refunded]] = await Promise.all([
    policiesOf(db, [b.id]),
    db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.bookingId, b.id))
      .orderBy(desc(cancellationRequests.createdAt), desc(cancellationRequests.id))
      .limit(1),
    db
      .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.bookingId, b.id), ne(refunds.status, 'failed'))),
  ]);
  const { policy, firstTravelDate } = policies.get(b.id) ?? {
    policy: DEFAULT_CANCELLATION_POLICY,
    firstTravelDate: '',
  };
  const q = quoteOf(b, policy, firstTravelDate, siteDay(now, b.site));
  const why = unavailable(b, q.daysBefore, latest?.status === 'pending');
  return {
    policy: q.policy,
    policyLines: q.policyLines,
    daysBefore: q.daysBefore,
    keepPercent: q.keepPercent,
    keep: q.keep,
    refund: q.refund,
    paid: q.paid,
    refunded: Number(refunded?.n ?? 0),
    canRequest: why === null,
    unavailable: why,
    request: latest ? toTripRequest(latest) : null,
  };
}

/** Each package's policy in words, for checkout's review step (in the order given, once each). */
export async function packagePolicies(db: Db, packageIds: number[]): Promise<PackagePolicy[]> {
  const ids = [...new Set(packageIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: packages.id, title: packages.title, policy: packages.cancellationPolicy })
    .from(packages)
    .where(inArray(packages.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ packageId: r.id, title: r.title, lines: policyLines(r.policy) }] : [];
  });
}

async function leadOf(db: DbOrTx, bookingId: number): Promise<{ name: string; email: string | null }> {
  const [lead] = await db
    .select({
      firstName: bookingTravellers.firstName,
      lastName: bookingTravellers.lastName,
      email: bookingTravellers.email,
    })
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, bookingId))
    .orderBy(desc(bookingTravellers.lead), asc(bookingTravellers.position))
    .limit(1);
  return lead ? { name: `${lead.firstName} ${lead.lastName}`.trim(), email: lead.email } : { name: '', email: null };
}

const tripUrl = (config: Config, b: Pick<BookingRow, 'site' | 'refIdKey'>) =>
  `${publicUrl(config)}${b.site === 'IN' ? '/in' : ''}/trips/${b.refIdKey}`;
const money = (amount: number, b: Pick<BookingRow, 'currency'>) => formatMinor(amount, b.currency);

export interface RequestInput {
  RefIdKey: string;
  Reason: string;
  ClientKey: string;
}

/**
 * A traveller asks to cancel one of their bookings. The same ClientKey again (the outbox's resend,
 * a double tap) answers the request it made, `replayed`. Refused: another traveller's booking (as
 * not found), a cancelled booking, a trip already begun, and a second request while one waits.
 * Staff are told at the shop's address and the traveller gets an acknowledgement, both queued in
 * the request's transaction.
 */
export async function requestCancellation(
  db: Db,
  config: Config,
  userId: number,
  input: RequestInput,
  now = new Date(),
): Promise<{ request: TripCancellationRequest; replayed: boolean; booking: BookingRow }> {
  return db.transaction(async (tx) => {
    const ref = input.RefIdKey.trim().toUpperCase();
    const [b] = (await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.refIdKey, ref), eq(bookings.userId, userId)))
      .limit(1)
      .for('update')) as BookingRow[];
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    const [same] = await tx
      .select()
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.userId, userId), eq(cancellationRequests.clientKey, input.ClientKey)))
      .limit(1);
    if (same) {
      if (same.bookingId !== b.id)
        throw conflict('This request key was used for another booking. Send the request again.');
      return { request: toTripRequest(same), replayed: true, booking: b };
    }
    const policies = await policiesOf(tx, [b.id]);
    const { policy, firstTravelDate } = policies.get(b.id) ?? {
      policy: DEFAULT_CANCELLATION_POLICY,
      firstTravelDate: '',
    };
    const q = quoteOf(b, policy, firstTravelDate, siteDay(now, b.site));
    const [pending] = await tx
      .select({ id: cancellationRequests.id })
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.bookingId, b.id), eq(cancellationRequests.status, 'pending')))
      .limit(1);
    const why = unavailable(b, q.daysBefore, Boolean(pending));
    if (why) throw conflict(why);
    const [row] = await tx
      .insert(cancellationRequests)
      .values({ bookingId: b.id, userId, clientKey: input.ClientKey, reason: input.Reason.trim(), createdAt: now })
      .returning();
    const request = row!;

    const shop = shopDetails(config, b.site);
    const lead = await leadOf(tx, b.id);
    const url = tripUrl(config, b);
    const quoteText = [
      ...q.policyLines.map((l) => `  ${l}`),
      '',
      `Cancelled today (${q.daysBefore} days before travel on ${firstTravelDate ? formatDay(firstTravelDate) : 'the travel date'}): ${q.keepPercent}% kept.`,
      `Paid: ${money(q.paid, b)}. Kept: ${money(q.keep, b)}. Refund: ${money(q.refund, b)}.`,
    ];
    await enqueueMail(tx, {
      kind: 'cancellation-requested-staff',
      dedupeKey: `cancellation-request:${request.id}:staff`,
      bookingId: b.id,
      message: {
        to: shop.email,
        replyTo: lead.email ?? undefined,
        subject: `Cancellation requested: booking ${b.refIdKey}`,
        text: [
          `${lead.name || 'The traveller'} asks to cancel booking ${b.refIdKey}.`,
          '',
          `Reason: ${request.reason}`,
          '',
          'The policy:',
          ...quoteText,
          '',
          `Approve or decline it in the back office: ${publicUrl(config)}/admin/cancellation-requests`,
        ].join('\n'),
      },
    });
    if (lead.email) {
      await enqueueMail(tx, {
        kind: 'cancellation-requested',
        dedupeKey: `cancellation-request:${request.id}:ack`,
        bookingId: b.id,
        message: {
          to: lead.email,
          subject: `We have your cancellation request for booking ${b.refIdKey}`,
          text: [
            `Dear ${lead.name || 'traveller'},`,
            '',
            `We have your request to cancel booking ${b.refIdKey}. Your booking stays as it is until we reply, usually within one working day.`,
            '',
            `Your reason: ${request.reason}`,
            '',
            'The cancellation policy of your holiday:',
            ...quoteText,
            '',
            `See your booking in My trips: ${url}`,
            '',
            `Questions? Call ${shop.phone}.`,
            '',
            shop.tradeName,
          ].join('\n'),
        },
      });
    }
    return { request: toTripRequest(request), replayed: false, booking: b };
  });
}

function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const [user = '', domain = ''] = email.split('@');
  return `${user.slice(0, 1)}•••@${domain}`;
}

/**
 * Requests of a status, newest first, with their booking, traveller and what the policy keeps today (the booking's
 * site's day).
 */
export async function listRequests(
  db: Db,
  status: CancellationRequestStatus,
  opts: { now: Date; contact: boolean; limit?: number },
): Promise<DeskCancellationRequestItem[]> {
  const rows = await db
    .select({ r: cancellationRequests, b: bookings, by: staff.email })
    .from(cancellationRequests)
    .innerJoin(bookings, eq(bookings.id, cancellationRequests.bookingId))
    .leftJoin(staff, eq(staff.id, cancellationRequests.decidedBy))
    .where(eq(cancellationRequests.status, status))
    .orderBy(desc(cancellationRequests.createdAt), desc(cancellationRequests.id))
    .limit(opts.limit ?? 200);
  const ids = [...new Set(rows.map((x) => x.b.id))];
  const [policies, leads] = await Promise.all([
    policiesOf(db, ids),
    ids.length
      ? db
          .select({
            bookingId: bookingTravellers.bookingId,
            firstName: bookingTravellers.firstName,
            lastName: bookingTravellers.lastName,
            email: bookingTravellers.email,
            phone: bookingTravellers.phone,
          })
          .from(bookingTravellers)
          .where(and(inArray(bookingTravellers.bookingId, ids), eq(bookingTravellers.lead, true)))
      : Promise.resolve([]),
  ]);
  const leadOfBooking = new Map(leads.map((l) => [l.bookingId, l]));
  return rows.map(({ r, b, by }) => {
    const p = policies.get(b.id) ?? { policy: DEFAULT_CANCELLATION_POLICY, firstTravelDate: '' };
    const lead = leadOfBooking.get(b.id);
    return {
      id: r.id,
      reason: r.reason,
      status: r.status,
      decisionMessage: r.decisionMessage,
      decidedBy: by ?? null,
      decidedAt: iso(r.decidedAt),
      createdAt: r.createdAt.toISOString(),
      BookingId: b.id,
      RefIdKey: b.refIdKey,
      site: b.site,
      bookingStatus: b.status,
      Currency: b.currency,
      firstTravelDate: p.firstTravelDate,
      traveller: lead ? `${lead.firstName} ${lead.lastName}`.trim() : '',
      travellerEmail: opts.contact ? (lead?.email ?? null) : maskEmail(lead?.email ?? null),
      quote: b.status === 'cancelled' ? null : quoteOf(b, p.policy, p.firstTravelDate, siteDay(opts.now, b.site)),
    };
  });
}

/**
 * Staff decline a waiting request with a message: the request is closed, the audit log has it on
 * the booking's timeline, and the traveller is mailed the message, all in one transaction.
 */
export async function declineRequest(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  id: number,
  message: string,
  now = new Date(),
) {
  const text = message.trim();
  if (text.length < 3) throw invalid(REQUEST_MESSAGES.messageNeeded);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [r] = (await tx
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.id, id))
      .limit(1)
      .for('update')) as RequestRow[];
    if (!r) throw notFound(REQUEST_MESSAGES.notFound);
    if (r.status !== 'pending') throw conflict(REQUEST_MESSAGES.decided(r.status));
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, r.bookingId)).limit(1);
    const booking = b!;
    const [updated] = await tx
      .update(cancellationRequests)
      .set({ status: 'declined', decisionMessage: text, decidedBy: actor.staffId, decidedAt: now })
      .where(and(eq(cancellationRequests.id, id), eq(cancellationRequests.status, 'pending')))
      .returning();
    await audit({
      action: 'cancellation.decline',
      recordType: 'booking',
      recordId: booking.refIdKey,
      before: { requestId: r.id, status: r.status, reason: r.reason },
      after: { requestId: r.id, status: 'declined', message: text },
    });
    const lead = await leadOf(tx, booking.id);
    const shop = shopDetails(config, booking.site);
    if (lead.email) {
      await enqueueMail(tx, {
        kind: 'cancellation-declined',
        dedupeKey: `cancellation-declined:${r.id}`,
        bookingId: booking.id,
        message: {
          to: lead.email,
          replyTo: shop.email,
          subject: `Your cancellation request for booking ${booking.refIdKey}`,
          text: [
            `Dear ${lead.name || 'traveller'},`,
            '',
            `We have looked at your request to cancel booking ${booking.refIdKey} and cannot cancel it as asked. Your booking stays as it is.`,
            '',
            text,
            '',
            `See your booking in My trips: ${tripUrl(config, booking)}`,
            '',
            `Questions? Reply to this mail or call ${shop.phone}.`,
            '',
            shop.tradeName,
          ].join('\n'),
        },
      });
    }
    return { request: updated!, booking };
  });
}
