// Changing a cart's lines besides adding: removing one, and moving a guest's lines and hold to the traveller at
// sign-in.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, tempBookings } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { releaseHolds } from '../bookings/inventory.ts';
import type { Owner } from './read.ts';

/** Removes a line by its CartId or by the clientId it was added with; answers its CartId. */
export async function removeLine(db: Db, owner: Owner, line: { CartId?: number; clientId?: string }): Promise<number> {
  const which = line.CartId !== undefined ? eq(cartItems.id, line.CartId) : eq(cartItems.clientId, line.clientId!);
  const removed = await db
    .delete(cartItems)
    .where(and(which, eq(cartItems.owner, owner)))
    .returning({ id: cartItems.id });
  // Someone else's line and a line that is gone read the same: nothing is revealed.
  if (removed.length === 0) throw notFound('This item is no longer in your cart.');
  return removed[0]!.id;
}

/**
 * At sign-in the guest's lines move to the traveller's cart. A line already there (same clientId,
 * or same holiday, date and party) is not added twice.
 */
export async function mergeGuestCart(
  db: Db,
  guest: Owner,
  user: Owner,
  holdMinutes?: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    // A guest who held their cart and then signs in to book keeps the hold and its rooms; it
    // replaces a hold the traveller had made before on the same site.
    const moving = await tx
      .select({ site: tempBookings.site })
      .from(tempBookings)
      .where(and(eq(tempBookings.owner, guest), eq(tempBookings.status, 'held')));
    for (const site of new Set(moving.map((m) => m.site))) await releaseHolds(tx, user, site);
    if (moving.length)
      await tx
        .update(tempBookings)
        .set({ owner: user })
        .where(and(eq(tempBookings.owner, guest), eq(tempBookings.status, 'held')));
    // A guest's hold was short (GUEST_HOLD_MINUTES); signed in, a live one lasts the normal time
    // from when it was made, and its rooms with it.
    if (moving.length && holdMinutes !== undefined) {
      await tx.execute(sql`
        with extended as (
          update temp_bookings set hold_expires_at = greatest(hold_expires_at, created_at + make_interval(mins => ${holdMinutes}::int))
          where owner = ${user} and status = 'held' and hold_expires_at > ${now.toISOString()}
          returning id, hold_expires_at
        )
        update room_holds h set expires_at = e.hold_expires_at from extended e where h.temp_booking_id = e.id and h.status = 'held'`);
    }

    const guestRows = await tx.select().from(cartItems).where(eq(cartItems.owner, guest));
    if (guestRows.length === 0) return;
    const userRows = await tx.select().from(cartItems).where(eq(cartItems.owner, user));
    const same = (a: typeof cartItems.$inferSelect, b: typeof cartItems.$inferSelect) =>
      (a.clientId !== null && a.clientId === b.clientId) ||
      (a.site === b.site &&
        a.packageId === b.packageId &&
        a.travelDate === b.travelDate &&
        a.adults === b.adults &&
        a.children === b.children &&
        a.infants === b.infants &&
        a.rooms === b.rooms);
    const duplicates = guestRows.filter((g) => userRows.some((u) => same(g, u))).map((g) => g.id);
    if (duplicates.length) await tx.delete(cartItems).where(inArray(cartItems.id, duplicates));
    await tx.update(cartItems).set({ owner: user }).where(eq(cartItems.owner, guest));
  });
}
