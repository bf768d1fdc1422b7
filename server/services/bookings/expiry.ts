import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { bookedRooms, returnSoldRooms } from './inventory.ts';
import { recordEvent } from './records.ts';

/**
 * A gateway booking whose payment never came is cancelled once its payment window has passed since
 * it was made and since its last payment was started, and its rooms go back on sale (Stripe's
 * Checkout Session expires with the window, so it can no longer take the money). Safe with several processes: each
 * booking is taken under a row lock and
 * skipped when another process has it.
 */
/**
 * A gateway booking still unpaid a whole payment window after it was made and after its last
 * payment was started (`before`: now less the window): what is cancelled, and what Razorpay is
 * asked about first (settleRazorpayOrders). A booking holding money is never cancelled here
 * (decision 0108): paid, partly paid, or partly refunded (a part of the money given back, the rest
 * still held; only a booking whose money was all given back holds none).
 */
export function unpaidPastWindow(before: string): SQL {
  return sql`${bookings.status} = 'awaiting-payment' and ${bookings.paymentStatus} not in ('paid', 'partly-paid', 'partly-refunded') and ${bookings.createdAt} < ${before}
    and not exists (select 1 from ${payments} p where p.booking_id = ${bookings.id} and p.created_at >= ${before})`;
}

export async function cancelUnpaidBookings(db: Db, windowMinutes: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
  let cancelled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        select ${bookings.id} from ${bookings} where ${unpaidPastWindow(before)}
        order by ${bookings.id} limit 1 for update of ${bookings} skip locked`);
      const booking = rows[0];
      if (!booking) return false;
      await cancelUnpaid(tx, booking.id, `payment not completed within ${windowMinutes} minutes: rooms released`, now);
      return true;
    });
    if (!done) return cancelled;
    cancelled += 1;
  }
}

/**
 * Cancels a booking whose money never came (its row locked by the caller): its rooms go back on
 * sale, its open payments fail, and its history says why. The payment window and pay later's end
 * both cancel through here.
 */
export async function cancelUnpaid(
  tx: Db,
  bookingId: number,
  cause: string,
  now: Date,
  by: 'payment-window' | 'pay-later' | 'staff' = 'payment-window',
): Promise<void> {
  await returnSoldRooms(tx, await bookedRooms(tx, bookingId));
  await tx.execute(
    sql`update bookings set status = 'cancelled', cancelled_at = ${now.toISOString()}, cancel_reason = ${cause}, cancelled_by = ${by} where id = ${bookingId}`,
  );
  await tx.execute(sql`update payments set status = 'failed' where booking_id = ${bookingId} and status = 'created'`);
  await recordEvent(tx, bookingId, 'cancelled', 'unpaid', cause, now);
}
