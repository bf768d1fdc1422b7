import { and, eq } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { tempBookings } from '../../db/schema.ts';
import { notFound, conflict } from '../../lib/errors.ts';
import type { HeldLine } from './pricing.ts';

/**
 * Whether a hold may be read or booked by this owner on this site: someone else's hold reads as no
 * hold at all (nothing about it is revealed), one made on the other site is sent there.
 */
export function checkHoldOwner<T extends { owner: string; site: string }>(
  hold: T | undefined,
  owner: string,
  site: Site,
): asserts hold is T {
  if (!hold || hold.owner !== owner) throw notFound(BOOKING_MESSAGES.holdNotFound);
  if (hold.site !== site)
    throw conflict(`This hold was made on the ${hold.site === 'IN' ? 'India' : 'UAE'} site: book it there.`);
}

/** A traveller's own hold on this site, for the review step and its coupons. */
export async function ownHold(db: Db, userId: number, id: number, site: Site) {
  const owner = `user:${userId}`;
  const [hold] = await db
    .select()
    .from(tempBookings)
    .where(and(eq(tempBookings.id, id), eq(tempBookings.owner, owner)))
    .limit(1);
  checkHoldOwner(hold, owner, site);
  return { ...hold, lines: hold.items as HeldLine[] };
}
