import { sql } from 'drizzle-orm';
import { NEARLY_FULL_ROOMS, type Availability } from '../../../contract/availability.ts';
import { formatDay } from '../../../contract/format.ts';
import type { Db } from '../../db/client.ts';
import { notFound, conflict } from '../../lib/errors.ts';

/*
 * Rooms per departure (a package on a travel date). A departure's capacity is its own allotment
 * (`departures.rooms`, set by staff) or else its package's rooms_per_departure (null: no limit);
 * what is taken is the rooms sold plus the rooms of live holds. A stop-sold departure takes no new
 * holds (what is held may still be booked). Holds and sales lock the departure's row first, so two checkouts racing for
 * the last
 * room are served one after the other and the second is told it is gone.
 */

export interface RoomNeed {
  packageId: number;
  travelDate: string;
  rooms: number;
  title: string;
}

export type DepartureState = {
  capacity: number | null;
  sold: number;
  held: number;
  stopSale: boolean;
};

/**
 * The departure's state, its row locked until the transaction ends (created when missing). The
 * lock is taken first, and what is sold and held is read after it in a statement of its own: under
 * read committed a statement sees what was committed when it began, so a count read in the
 * locking statement would miss the hold of the checkout it waited for (Postgres oversold the last
 * room that way; PGlite runs one transaction at a time and could not show it).
 */
export async function lockDeparture(tx: Db, packageId: number, travelDate: string, now: Date): Promise<DepartureState> {
  // The departure's row is locked; a date never sold or held before gets its row first (one
  // statement fewer for a departure that has one, as in a sale: each hold waits on this lock).
  const lock = () =>
    tx.execute(
      sql`select 1 from departures where package_id = ${packageId} and travel_date = ${travelDate} for update`,
    );
  if ((await lock()).rows.length === 0) {
    await tx.execute(
      sql`insert into departures (package_id, travel_date) values (${packageId}, ${travelDate}) on conflict do nothing`,
    );
    await lock();
  }
  const { rows } = await tx.execute<DepartureState>(sql`
    select coalesce(d.rooms, p.rooms_per_departure) as capacity, d.rooms_sold as sold, d.stop_sale as "stopSale",
           (select coalesce(sum(h.rooms), 0)::int from room_holds h
             where h.package_id = d.package_id and h.travel_date = d.travel_date and h.status = 'held' and h.expires_at > ${now.toISOString()}) as held
    from departures d join packages p on p.id = d.package_id
    where d.package_id = ${packageId} and d.travel_date = ${travelDate}`);
  const row = rows[0];
  if (!row) throw notFound('This holiday is no longer on sale.');
  return row;
}

const left = (s: DepartureState) => (s.capacity === null ? null : Math.max(0, s.capacity - s.sold - s.held));

function stopSold(need: RoomNeed): never {
  throw conflict(`${need.title} is not on sale on ${formatDay(need.travelDate)}. Choose another date in your cart.`);
}

function shortage(need: RoomNeed, roomsLeft: number): never {
  const when = formatDay(need.travelDate);
  if (roomsLeft === 0) throw conflict(`${need.title} is sold out on ${when}. Choose another date in your cart.`);
  throw conflict(
    `Only ${roomsLeft} ${roomsLeft === 1 ? 'room is' : 'rooms are'} left on ${when} for ${need.title}, and you asked for ${need.rooms}. Choose fewer rooms or another date.`,
  );
}

export const departureKey = (packageId: number, travelDate: string) => `${packageId}|${travelDate}`;

/** Rooms of one departure summed over lines, departures in a fixed order (no lock-order deadlocks). */
function byDeparture(needs: RoomNeed[]): RoomNeed[] {
  const merged = new Map<string, RoomNeed>();
  for (const n of needs) {
    const key = departureKey(n.packageId, n.travelDate);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, rooms: seen.rooms + n.rooms } : { ...n });
  }
  return [...merged.values()].sort((a, b) => a.packageId - b.packageId || a.travelDate.localeCompare(b.travelDate));
}

/** Keeps rooms for a temporary booking until `expiresAt`; refuses when a departure has too few left. */
export async function holdRooms(
  tx: Db,
  tempBookingId: number,
  needs: RoomNeed[],
  expiresAt: Date,
  now: Date,
): Promise<void> {
  for (const need of byDeparture(needs)) {
    const state = await lockDeparture(tx, need.packageId, need.travelDate, now);
    if (state.stopSale) stopSold(need);
    const roomsLeft = left(state);
    if (roomsLeft !== null && need.rooms > roomsLeft) shortage(need, roomsLeft);
    await tx.execute(sql`
      insert into room_holds (temp_booking_id, package_id, travel_date, rooms, expires_at, status)
      values (${tempBookingId}, ${need.packageId}, ${need.travelDate}, ${need.rooms}, ${expiresAt.toISOString()}, 'held')`);
  }
}

/**
 * The quick refusal of a sale's rush: before a hold writes anything or queues for a departure's
 * lock, a departure that plainly lacks the rooms (read without a lock) is refused with the words the
 * locked check would use. The owner's own live holds do not count (the new hold replaces them). It
 * only spares the many who would otherwise wait for the lock to be told no: the check under the
 * lock (holdRooms) still decides for everyone else. One statement per departure (none for those
 * in `known`, read with the hold's lines).
 */
export async function refuseUnavailable(
  db: Db,
  owner: string,
  needs: RoomNeed[],
  now: Date,
  known?: Map<string, DepartureState>,
): Promise<void> {
  for (const need of byDeparture(needs)) {
    // Read already (with the hold's lines, in the same way): no statement of its own.
    const read = known?.get(departureKey(need.packageId, need.travelDate));
    if (read) {
      if (read.stopSale) stopSold(need);
      const roomsLeft = left(read);
      if (roomsLeft !== null && need.rooms > roomsLeft) shortage(need, roomsLeft);
      continue;
    }
    const { rows } = await db.execute<{
      capacity: number | null;
      sold: number | null;
      held: number;
      stopSale: boolean | null;
    }>(sql`
      select coalesce(d.rooms, p.rooms_per_departure) as capacity, d.rooms_sold as sold, d.stop_sale as "stopSale",
             (select coalesce(sum(h.rooms), 0)::int from room_holds h join temp_bookings t on t.id = h.temp_booking_id
               where h.package_id = p.id and h.travel_date = ${need.travelDate} and h.status = 'held' and h.expires_at > ${now.toISOString()}
                 and t.owner <> ${owner}) as held
      from packages p left join departures d on d.package_id = p.id and d.travel_date = ${need.travelDate}
      where p.id = ${need.packageId}`);
    const row = rows[0];
    if (!row) continue;
    const state = { capacity: row.capacity, sold: row.sold ?? 0, held: row.held, stopSale: row.stopSale ?? false };
    if (state.stopSale) stopSold(need);
    const roomsLeft = left(state);
    if (roomsLeft !== null && need.rooms > roomsLeft) shortage(need, roomsLeft);
  }
}

/** Gives back the rooms of an owner's live holds on a site (a newer hold replaces them). */
export async function releaseHolds(tx: Db, owner: string, site: string): Promise<void> {
  await tx.execute(sql`
    with released as (
      update temp_bookings set status = 'released' where owner = ${owner} and site = ${site} and status = 'held' returning id
    )
    update room_holds set status = 'released' where status = 'held' and temp_booking_id in (select id from released)`);
}

/** Turns a temporary booking's held rooms into rooms sold, in the booking's transaction. */
export async function sellHeldRooms(
  tx: Db,
  tempBookingId: number,
  titles: Map<number, string>,
  now: Date,
): Promise<void> {
  const { rows } = await tx.execute<{ package_id: number; travel_date: string; rooms: number }>(sql`
    select package_id, to_char(travel_date, 'YYYY-MM-DD') as travel_date, sum(rooms)::int as rooms from room_holds
    where temp_booking_id = ${tempBookingId} and status = 'held'
    group by package_id, travel_date order by package_id, travel_date`);
  for (const r of rows) {
    // Our own hold no longer counts once sold: lock, then check what the others leave.
    await tx.execute(
      sql`update room_holds set status = 'sold' where temp_booking_id = ${tempBookingId} and package_id = ${r.package_id} and travel_date = ${r.travel_date} and status = 'held'`,
    );
    const state = await lockDeparture(tx, r.package_id, r.travel_date, now);
    const roomsLeft = left(state);
    if (roomsLeft !== null && r.rooms > roomsLeft)
      shortage(
        {
          packageId: r.package_id,
          travelDate: r.travel_date,
          rooms: r.rooms,
          title: titles.get(r.package_id) ?? 'This holiday',
        },
        roomsLeft,
      );
    await tx.execute(
      sql`update departures set rooms_sold = rooms_sold + ${r.rooms} where package_id = ${r.package_id} and travel_date = ${r.travel_date}`,
    );
  }
}

/** Gives back the rooms a cancelled booking had bought. */
/** The rooms a booking's lines took, per package and travel date. */
export async function bookedRooms(
  tx: Db,
  bookingId: number,
): Promise<{ packageId: number; travelDate: string; rooms: number }[]> {
  const { rows } = await tx.execute<{ packageId: number; travelDate: string; rooms: number }>(sql`
    select package_id as "packageId", to_char(travel_date, 'YYYY-MM-DD') as "travelDate", rooms from booking_lines where booking_id = ${bookingId}`);
  return rows;
}

export async function returnSoldRooms(
  tx: Db,
  lines: { packageId: number; travelDate: string; rooms: number }[],
): Promise<void> {
  for (const l of byDeparture(lines.map((x) => ({ ...x, title: '' })))) {
    await tx.execute(
      sql`update departures set rooms_sold = greatest(0, rooms_sold - ${l.rooms}) where package_id = ${l.packageId} and travel_date = ${l.travelDate}`,
    );
  }
}

/**
 * Sells a cancelled booking's rooms again (a payment that came after the payment window), in the
 * caller's transaction: every departure is locked first, and only when each still has the rooms
 * (capacity less sold and held) are they all sold; false, and nothing changed, when one has not.
 */
export async function resellRooms(
  tx: Db,
  lines: { packageId: number; travelDate: string; rooms: number }[],
  now: Date,
): Promise<boolean> {
  const needs = byDeparture(lines.map((x) => ({ ...x, title: '' })));
  for (const need of needs) {
    const state = await lockDeparture(tx, need.packageId, need.travelDate, now);
    const roomsLeft = left(state);
    if (state.stopSale || (roomsLeft !== null && need.rooms > roomsLeft)) return false;
  }
  for (const need of needs) {
    await tx.execute(
      sql`update departures set rooms_sold = rooms_sold + ${need.rooms} where package_id = ${need.packageId} and travel_date = ${need.travelDate}`,
    );
  }
  return true;
}

/** Rooms left on one departure, as the package page and the cart show it. */
export async function availability(
  db: Db,
  packageId: number,
  travelDate: string,
  now = new Date(),
): Promise<Availability> {
  const { rows } = await db.execute<{
    capacity: number | null;
    sold: number | null;
    held: number;
    stopSale: boolean | null;
  }>(sql`
    select coalesce(d.rooms, p.rooms_per_departure) as capacity, d.rooms_sold as sold, d.stop_sale as "stopSale",
           (select coalesce(sum(h.rooms), 0)::int from room_holds h
             where h.package_id = p.id and h.travel_date = ${travelDate} and h.status = 'held' and h.expires_at > ${now.toISOString()}) as held
    from packages p left join departures d on d.package_id = p.id and d.travel_date = ${travelDate}
    where p.id = ${packageId}`);
  const row = rows[0];
  if (!row) throw notFound('There is no holiday with this id.');
  return availabilityOf(packageId, travelDate, {
    capacity: row.capacity,
    sold: row.sold ?? 0,
    held: row.held,
    stopSale: row.stopSale ?? false,
  });
}

/** What the shop says of a departure in this state: closed (stop-sale), sold out, nearly full or available. */
export function availabilityOf(packageId: number, travelDate: string, state: DepartureState): Availability {
  if (state.stopSale) return { packageId, travelDate, roomsLeft: 0, status: 'closed' };
  const roomsLeft = left(state);
  return {
    packageId,
    travelDate,
    roomsLeft,
    status:
      roomsLeft === null || roomsLeft > NEARLY_FULL_ROOMS ? 'available' : roomsLeft === 0 ? 'sold-out' : 'limited',
  };
}
