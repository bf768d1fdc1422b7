import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  cancellationAmounts,
  DEFAULT_CANCELLATION_POLICY,
  daysBeforeTravel,
  policyLines,
  type CancellationStep,
} from '../../../contract/cancellation.ts';
import { DESK_MESSAGES, type DeskCancellationQuote } from '../../../contract/desk.ts';
import type { DeskCancelResult } from '../../../contract/admin-refunds-calls.ts';
import { formatMinor } from '../../../contract/format.ts';
import { can } from '../../../contract/staff.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingLines,
  bookings,
  bookingTravellers,
  cancellationRequests,
  packages,
  payments,
  refunds,
} from '../../db/schema.ts';
import { invalid, forbidden, notFound, conflict } from '../../lib/errors.ts';
import { cancelUnpaid } from '../bookings/expiry.ts';
import { bookedRooms, returnSoldRooms } from '../bookings/inventory.ts';
import { recordEvent, type BookingRow } from '../bookings/records.ts';
import { enqueueMail } from '../outbox.ts';
import { greetingOf, laidOut, type MailBlock } from '../mail-layout.ts';
import { shopDetails } from '../shop-details.ts';
import { closeOpenPayment } from '../payments/close.ts';
import { RefundRefused, recipientOf, refreshPaymentState, sendRefund } from '../payments/refunds.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { deskCreditNote, refundWithCreditNote } from './credit-notes.ts';
import { deskRefunds, refundablePayments, spreadRefund } from './refunds.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Cancelling a booking by its policy (bookings.cancel), from the desk or approving a traveller's
 * request. The policy is the first line's package's (days before the first travel date → share
 * kept); staff with cancellations.override may keep another amount, with a reason (audited). In
 * one transaction, the booking's row locked: rooms released, the booking cancelled with its
 * history, refunds started over the payments that took the money (gateway ones newest first, then
 * money paid outside the shop), a credit note when the booking has a tax invoice, the traveller's
 * mail queued, the audit row, and the request approved. After the commit the gateway refunds are
 * sent; one the provider refuses is failed (the cancellation stands) and waits in the refund queue.
 */

export const CANCEL_MESSAGES = {
  overrideNotAllowed:
    'Your role cannot change what the policy keeps: cancel by the policy, or ask someone with the override permission.',
  overrideNeedsReason: 'Say why the amount kept differs from the policy’s: the reason is kept in the audit log.',
  keepOutOfRange: (paid: string) => `The amount kept must be between nothing and what was paid (${paid}).`,
  noRequest: 'That cancellation request is not waiting for a decision on this booking.',
} as const;

/** The policy of the booking's first line's package, and its first travel date. */
async function policyOf(db: Db, bookingId: number): Promise<{ policy: CancellationStep[]; firstTravelDate: string }> {
  const [first] = await db
    .select({ policy: packages.cancellationPolicy })
    .from(bookingLines)
    .innerJoin(packages, eq(packages.id, bookingLines.packageId))
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(bookingLines.position))
    .limit(1);
  const { rows } = await db.execute<{ d: string }>(
    sql`select to_char(min(travel_date), 'YYYY-MM-DD') as d from booking_lines where booking_id = ${bookingId}`,
  );
  const policy =
    Array.isArray(first?.policy) && first.policy.length
      ? (first.policy as CancellationStep[])
      : DEFAULT_CANCELLATION_POLICY;
  return { policy, firstTravelDate: rows[0]?.d ?? '' };
}

/**
 * What the policy keeps and refunds if `b` were cancelled on `today` (YYYY-MM-DD, the booking's site's day: siteDay);
 * null once cancelled.
 */
export async function cancellationQuote(db: Db, b: BookingRow, today: string): Promise<DeskCancellationQuote | null> {
  if (b.status === 'cancelled') return null;
  const { policy, firstTravelDate } = await policyOf(db, b.id);
  const daysBefore = firstTravelDate ? daysBeforeTravel(today, firstTravelDate) : 0;
  const paid = (await refundablePayments(db, b.id)).reduce((s, x) => s + x.left, 0);
  const { keepPercent, keep, refund } = cancellationAmounts(policy, b.total, paid, daysBefore);
  return { policy, policyLines: policyLines(policy), daysBefore, keepPercent, keep, refund, paid, total: b.total };
}

export interface CancelInput {
  reason: string;
  keep?: number;
  keepReason?: string;
  requestId?: number;
}

/** What a cancellation did, as the desk's cancel call declares it. */
export type CancelResult = DeskCancelResult;

/** POST /api/admin/bookings/<ref>/cancel. */
export async function cancelBooking(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  input: CancelInput,
  now: Date,
): Promise<CancelResult> {
  const reason = input.reason.trim();
  if (!reason) throw invalid('Give the reason for the cancellation: the traveller is told it.');
  const failures: string[] = [];
  const done = await staffAction(db, actor, now, async ({ tx, audit, afterCommit }) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.refIdKey, ref)).for('update');
    if (!b) throw notFound(DESK_MESSAGES.notFound);
    if (b.status === 'cancelled') throw conflict(DESK_MESSAGES.alreadyCancelled);
    // Its open Checkout Sessions and orders, closed at the providers after the commit.
    const open = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, b.id),
          eq(payments.status, 'created'),
          inArray(payments.provider, ['razorpay', 'stripe']),
        ),
      );
    const quote = (await cancellationQuote(tx, b, siteDay(now, b.site)))!;
    const m = (amount: number) => formatMinor(amount, b.currency);
    let keep = quote.keep;
    const overridden = input.keep !== undefined && input.keep !== quote.keep;
    if (overridden) {
      if (!can(actor.role ?? '', 'cancellations.override')) throw forbidden(CANCEL_MESSAGES.overrideNotAllowed);
      if (!input.keepReason?.trim()) throw invalid(CANCEL_MESSAGES.overrideNeedsReason);
      if (!Number.isInteger(input.keep) || input.keep! < 0 || input.keep! > quote.paid)
        throw invalid(CANCEL_MESSAGES.keepOutOfRange(m(quote.paid)));
      keep = input.keep!;
    }
    const refund = quote.paid - keep;
    let request: typeof cancellationRequests.$inferSelect | undefined;
    if (input.requestId !== undefined) {
      [request] = await tx
        .select()
        .from(cancellationRequests)
        .where(
          and(
            eq(cancellationRequests.id, input.requestId),
            eq(cancellationRequests.bookingId, b.id),
            eq(cancellationRequests.status, 'pending'),
          ),
        )
        .for('update');
      if (!request) throw conflict(CANCEL_MESSAGES.noRequest);
    }
    const cause = `cancelled by staff: ${reason}${request ? ' (the traveller’s request, approved)' : ''}`;

    let creditNote: Awaited<ReturnType<typeof refundWithCreditNote>> = null;
    const made: number[] = [];
    const madeRows: (typeof refunds.$inferSelect)[] = [];
    if (quote.paid === 0) {
      // Nothing was paid (awaiting payment, pay later unpaid): rooms back, open payments failed.
      await cancelUnpaid(tx, b.id, cause, now, 'staff');
      await tx.update(bookings).set({ cancelReason: reason }).where(eq(bookings.id, b.id));
    } else {
      await returnSoldRooms(tx, await bookedRooms(tx, b.id));
      await tx.execute(sql`update payments set status = 'failed' where booking_id = ${b.id} and status = 'created'`);
      const paymentStatus = refund > 0 ? 'refund-due' : b.paymentStatus;
      await tx
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, cancelledBy: 'staff', paymentStatus })
        .where(eq(bookings.id, b.id));
      await recordEvent(tx, b.id, 'cancelled', paymentStatus, `${cause}; ${m(keep)} kept, ${m(refund)} to refund`, now);
      // The refund spread over the payments that took the money.
      madeRows.push(
        ...(await spreadRefund(tx, b.id, refund, {
          key: (paymentId) => `cancel:${b.id}:${paymentId}`,
          reason: `Cancellation: ${reason}`,
          note: overridden
            ? `Kept ${m(keep)} instead of the policy’s ${m(quote.keep)}: ${input.keepReason!.trim()}`
            : `Policy: ${quote.keepPercent}% kept, ${quote.daysBefore} days before travel`,
          createdBy: actor.staffId,
          now,
        })),
      );
      made.push(...madeRows.map((r) => r.id));
    }
    if (request) {
      await tx
        .update(cancellationRequests)
        .set({ status: 'approved', decidedBy: actor.staffId, decidedAt: now })
        .where(eq(cancellationRequests.id, request.id));
    }
    const to = await recipientOf(tx, b.id);
    await audit({
      action: 'bookings.cancel',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: { status: b.status, paymentStatus: b.paymentStatus },
      after: {
        status: 'cancelled',
        reason,
        keep,
        refund,
        policyKeep: quote.keep,
        keepPercent: quote.keepPercent,
        daysBefore: quote.daysBefore,
        refunds: made,
        requestId: request?.id ?? null,
      },
    });
    if (overridden) {
      await audit({
        action: 'cancellations.override',
        recordType: 'booking',
        recordId: b.refIdKey,
        before: { keep: quote.keep, keepPercent: quote.keepPercent },
        after: { keep, keepReason: input.keepReason!.trim() },
      });
    }
    // Last: the credit note's counter stays locked until the commit.
    // The refunds into the ledger, the sale money they give back under one credit note (decision 0089).
    creditNote = await refundWithCreditNote(
      tx,
      b,
      madeRows,
      `Cancellation of booking ${b.refIdKey}: ${reason}`,
      actor.staffId,
      now,
    );
    if (madeRows.length) await refreshPaymentState(tx, b.id, `${m(refund)} to refund on cancellation`, now);
    if (to) {
      const shop = shopDetails(config, b.site);
      const [lead] = await tx
        .select({
          title: bookingTravellers.title,
          firstName: bookingTravellers.firstName,
          lastName: bookingTravellers.lastName,
        })
        .from(bookingTravellers)
        .where(and(eq(bookingTravellers.bookingId, b.id), eq(bookingTravellers.lead, true)))
        .limit(1);
      const blocks: MailBlock[] = [{ p: `Booking ${b.refIdKey} has been cancelled.\nReason: ${reason}` }];
      if (quote.paid > 0) {
        blocks.push({
          rows: [
            { label: 'Paid', value: m(quote.paid) },
            { label: 'Kept under the cancellation policy', value: m(keep) },
            { label: 'To be refunded', value: m(refund), strong: true },
          ],
        });
      }
      if (refund > 0)
        blocks.push({
          p: 'The refund goes back the way you paid; card and bank refunds can take 5 to 10 working days to show.',
        });
      if (creditNote)
        blocks.push({
          p: `Credit note ${creditNote.number} (against invoice ${creditNote.invoiceNumber}) is attached.`,
        });
      blocks.push(
        {
          link: {
            text: 'Your trips',
            button: 'Open my booking',
            url: `${publicUrl(config)}${b.site === 'IN' ? '/in' : ''}/trips/${encodeURIComponent(b.refIdKey)}`,
          },
        },
        { p: `Questions? Call ${shop.phone} and quote ${b.refIdKey}.` },
      );
      await enqueueMail(tx, {
        kind: 'cancelled',
        dedupeKey: `cancelled:${b.id}`,
        bookingId: b.id,
        message: {
          to,
          subject: `Booking ${b.refIdKey} cancelled`,
          ...laidOut({
            shop,
            heading: 'Your booking is cancelled',
            preheader:
              refund > 0
                ? `Booking ${b.refIdKey} is cancelled: ${m(refund)} will be refunded.`
                : `Booking ${b.refIdKey} is cancelled.`,
            greeting: greetingOf(lead),
            blocks,
          }),
          attachments: creditNote ? [{ type: 'credit-note', bookingId: b.id, creditNoteId: creditNote.id }] : [],
        },
      });
    }
    // After the commit: the open Checkout Session expired and the Razorpay order no longer offered
    // (money that lands on it anyway is owed back: decision 0089), then each gateway refund to its provider.
    afterCommit(async () => {
      for (const p of open)
        await closeOpenPayment(db, config, p, `cancelled by staff: ${reason}`).catch(() => 'left open');
      for (const id of made) {
        try {
          await sendRefund(db, config, id, () => now);
        } catch (err) {
          if (err instanceof RefundRefused) failures.push(err.message);
          else failures.push(`The refund could not be sent: ${(err as Error).message}`);
        }
      }
    });
    return { b, keep, refund, policyKeep: quote.keep, made, creditNote };
  });
  return {
    RefIdKey: done.b.refIdKey,
    keep: done.keep,
    refund: done.refund,
    policyKeep: done.policyKeep,
    refunds: await deskRefunds(db, { ids: done.made }),
    creditNote: done.creditNote ? deskCreditNote(done.creditNote, done.b.refIdKey) : null,
    failures,
  };
}
