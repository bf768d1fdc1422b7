import { getTempBooking } from '../../../contract/cart-calls.ts';
import type { Site } from '../../../contract/site.ts';
import { callApi } from '../../lib/api-client.ts';
import type { LocalTempBooking, ShopDb } from '../../lib/db.ts';
import type { IdParams } from '../../lib/sync/transport.ts';

/*
 * A hold that became a booking leaves the device everywhere (docs/decisions/0106): the cart's
 * "Held for you" banner must never show a paid trip as held, on this tab, another or after a
 * reconnect.
 */

/** Drops the device's copy of a hold once its booking is made (checkout, after CreateBooking). */
export async function forgetHold(db: ShopDb, serverId: number): Promise<void> {
  await db.tempBookings.filter((t) => t.serverId === serverId).delete();
}

/**
 * Asks the server about the holds this device still shows as held for this identity and site, and
 * drops those that became a booking or that a newer hold replaced. Called after each page sync
 * (start, reconnect, focus). An expired hold stays: the banner says it ended.
 */
export async function settleHolds(db: ShopDb, owner: string, site: Site, id: IdParams | null): Promise<void> {
  if (!id) return;
  const rows = (await db.tempBookings.where('[owner+site]').equals([owner, site]).toArray()) as LocalTempBooking[];
  const held = rows.filter((r) => r.state === 'held' && r.serverId !== null);
  if (held.length === 0) return;
  const headers: Record<string, string> = { Country: site };
  if ('Token' in id) headers.Authorization = `Bearer ${id.Token}`;
  const server = await callApi(getTempBooking, id, { headers });
  const over = new Set(
    server.filter((h) => h.status === 'booked' || h.status === 'released').map((h) => h.TempBookingId),
  );
  const gone = held.filter((r) => over.has(r.serverId!));
  if (gone.length) await db.tempBookings.bulkDelete(gone.map((r) => r.id));
}

/**
 * The hold the cart's banner speaks of: the newest one, when it holds what the cart holds now: the
 * same lines (their signature: packages, dates, party and rooms), or, for a hold kept before its
 * signature was, the same number of holidays and the same total. A hold still on its way, or
 * refused, is always shown.
 */
export function holdOfCart(
  holds: LocalTempBooking[] | undefined,
  cart: { itemCount: number; total: number; signature: string },
): LocalTempBooking | undefined {
  const latest = holds?.[0];
  if (!latest || latest.state === 'pending' || latest.state === 'failed') return latest;
  if (latest.signature !== undefined) return latest.signature === cart.signature ? latest : undefined;
  return latest.itemCount === cart.itemCount && latest.total === cart.total ? latest : undefined;
}
