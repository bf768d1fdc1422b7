import { eq } from 'drizzle-orm';
import type { BookingDetail } from '../../../contract/booking.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { enqueueMail, type OutboxAttachment } from '../outbox.ts';
import { shopDetails } from '../shop-details.ts';
import { confirmationMail, refundDueMail } from './mail.ts';
import { bookingDetail } from './queries.ts';

/** What changed the booking: it was booked (to pay later), or a gateway payment was recorded on it. */
export type BookingMailCause = { booked: true } | { paymentId: number };

/** The booking's page in My trips, on its own site. */
export const tripUrlOf = (config: Config, d: Pick<BookingDetail, 'site' | 'RefIdKey'>) =>
  `${publicUrl(config)}${d.site === 'IN' ? '/in' : ''}/trips/${d.RefIdKey}`;

/**
 * Queues the traveller's mail about a change to their booking, in the transaction of that change
 * (docs/decisions/0051): written from the booking as the change left it, sent by the outbox after
 * the commit, never if it rolls back, once per change (its dedupe key). A confirmed booking gets
 * its confirmation with the invoice (the proforma before payment) and, once paid, the vouchers; a
 * payment kept with its refund due (after a cancellation, or a second payment) is said to be
 * refunded; a cancelled booking is never called confirmed. Returns whether a mail was queued.
 */
export async function queueBookingMail(
  tx: Db,
  config: Config,
  bookingId: number,
  cause: BookingMailCause,
): Promise<boolean> {
  const [b] = await tx
    .select({ userId: bookings.userId, ref: bookings.refIdKey })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b) return false;
  const detail = await bookingDetail(tx, config, b.userId, b.ref);
  const tripUrl = tripUrlOf(config, detail);
  const shop = shopDetails(config, detail.site);
  const dedupeKey = 'booked' in cause ? `booking-confirmed:${bookingId}` : `payment:${cause.paymentId}`;
  if ('paymentId' in cause) {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, cause.paymentId));
    if (payment?.refundStatus === 'due') {
      const message = refundDueMail(detail, { amount: payment.amount, currency: payment.currency }, tripUrl, shop);
      return message ? enqueueMail(tx, { kind: 'refund-due', dedupeKey, bookingId, message }) : false;
    }
  }
  const message = confirmationMail(detail, tripUrl, shop);
  if (!message) return false;
  const attachments: OutboxAttachment[] = [{ type: 'invoice', bookingId }];
  if (detail.PaymentStatus === 'paid') attachments.push({ type: 'vouchers', bookingId });
  return enqueueMail(tx, {
    kind: detail.PaymentStatus === 'paid' ? 'booking-paid' : 'booking-confirmed',
    dedupeKey,
    bookingId,
    message: { ...message, attachments },
  });
}
