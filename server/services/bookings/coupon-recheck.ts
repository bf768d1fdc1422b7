import { eq, sql } from 'drizzle-orm';
import type { PayWith } from '../../../contract/coupons.ts';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { couponVerdict, paymentRefusal, selectCoupons } from '../promotions/coupons.ts';
import type { BookingRow } from './records.ts';

/*
 * A booking's coupon is checked again when its payment starts (issue 19): the coupon may have
 * ended, been withdrawn, be tied to a way of paying the booking does not use, or now be limited to
 * packages or destinations the booking is not for (docs/decisions/0105). The traveller's
 * own history is not read again (this booking is the one using the coupon).
 */

interface LineFacts extends Record<string, unknown> {
  amount: number;
  package_id: number;
  trip_type_id: number;
  travel_date: string;
}

/** Refuses (409) to start the payment of a booking whose coupon's rules no longer hold for it. */
export async function recheckBookingCoupon(
  db: Db,
  booking: Pick<BookingRow, 'id' | 'site' | 'couponId' | 'couponCode' | 'payWith' | 'discount'>,
  now = new Date(),
): Promise<void> {
  if (booking.couponId === null || booking.discount <= 0) return;
  const site = booking.site;
  const code = booking.couponCode ?? 'on this booking';
  const refuse = (why: string) => {
    throw conflict(
      `Coupon ${code} no longer applies to this booking: ${why} This booking cannot be paid at its discounted price: book the holiday again from your cart without this coupon (this booking ends unpaid).`,
    );
  };
  const [row] = await selectCoupons(db).where(eq(coupons.id, booking.couponId)).limit(1);
  if (!row) return refuse('it has been withdrawn.');
  const c = row.coupon;
  if (c.disabledAt !== null) return refuse('it has been withdrawn.');
  if (c.site !== null && c.site !== site) return refuse('it is no longer offered on this site.');
  if (c.validFrom > now || c.validTo < now) return refuse('its offer has ended.');
  const byMethod = paymentRefusal(c, booking.payWith as PayWith | null);
  if (byMethod) return refuse(byMethod);
  const { rows } = await db.execute<LineFacts>(sql`
    select l.amount, p.id as package_id, p.trip_type_id, to_char(l.travel_date, 'YYYY-MM-DD') as travel_date
    from booking_lines l join packages p on p.id = l.package_id where l.booking_id = ${booking.id} order by l.position`);
  const lines = rows.map((r) => ({
    amount: Number(r.amount),
    packageId: r.package_id,
    tripTypeId: r.trip_type_id,
    travelDate: r.travel_date,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const verdict = couponVerdict(site, row, subtotal, { lines, now, payWith: booking.payWith as PayWith | null });
  if (verdict.reason) refuse(verdict.reason);
}
