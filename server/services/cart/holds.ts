// Holding a cart: the temporary booking and its rooms, one hold at a time per departure, and reading holds back.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CartItem, TempBooking } from '../../../contract/cart.ts';
import { SITE_CURRENCY, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { tempBookings } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { sessionExpired } from '../../lib/owner.ts';
import {
  departureKey,
  holdRooms,
  refuseUnavailable,
  releaseHolds,
  type DepartureState,
  type RoomNeed,
} from '../bookings/inventory.ts';
import { liveSession, type SessionClaim } from '../sessions.ts';
import { checkGuestLimits, lockHoldCounts, type GuestHoldLimits } from './guest-limits.ts';
import { chosenLines, holdRows, holdRowsBatched, linesToHold, type HoldRead } from './hold-read.ts';
import { toItem, type Owner } from './read.ts';

function toTempBooking(row: typeof tempBookings.$inferSelect, now: Date): TempBooking {
  const live = row.status === 'held';
  return {
    TempBookingId: row.id,
    site: row.site,
    currency: row.currency,
    items: row.items as CartItem[],
    total: row.total,
    status: live ? (row.holdExpiresAt > now ? 'held' : 'expired') : (row.status as 'booked' | 'released'),
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Departures this process last read with no room left for a traveller holding none there (or
 * stop-sold), by departureKey, with the number of the read (`reads` when it was sent). A hold that
 * queued for a departure (createTempBooking) and finds such a read begun after it queued gives the
 * same answer without a statement of its own: that read fell between its request and its answer.
 */
const fullSeen = new Map<string, { read: number; stopSale: boolean }>();
let reads = 0;

/**
 * The lines a signed-in hold takes (as linesToHold), its session checked and its departures'
 * rooms read in the same statement, and a departure plainly short of rooms refused
 * (refuseUnavailable's words) before the hold writes anything or waits for a lock. With the lines,
 * the rooms the owner already holds on each of their departures.
 */
async function earlyLinesToHold(
  db: Db,
  owner: Owner,
  site: Site,
  cartIds: number[] | undefined,
  now: Date,
  session: SessionClaim | null,
  together: boolean,
): Promise<{ items: CartItem[]; mine: Map<string, number> }> {
  const read = ++reads;
  const values: HoldRead = {
    owner,
    site,
    now: now.toISOString(),
    tokenHash: session?.tokenHash ?? null,
    userId: session?.userId ?? null,
  };
  // Outside a transaction, the reads of holds asked at the same moment go to Postgres together.
  const rows = together ? await holdRowsBatched(db)(values) : await holdRows(db, values);
  if (rows.length === 0 && session) {
    // An empty cart: no row said whether the session is live.
    const { rows: live } = await db.execute<{ ok: boolean }>(sql`select ${liveSession(session, now)} as ok`);
    if (!live[0]!.ok) sessionExpired();
  }
  if (rows.length && !rows[0]!.sessionOk) sessionExpired();
  const chosen = chosenLines(rows, cartIds);
  const known = new Map<string, DepartureState>();
  const mine = new Map<string, number>();
  for (const r of rows) {
    const key = departureKey(Number(r.packageId), String(r.travelDate));
    const state = { capacity: r.capacity, sold: r.sold ?? 0, held: r.held, stopSale: r.stopSale ?? false };
    known.set(key, state);
    mine.set(key, r.heldMine);
    const seen = fullSeen.get(key);
    if (seen && seen.read > read) continue;
    if (state.stopSale || (state.capacity !== null && state.capacity - state.sold - state.held - r.heldMine <= 0))
      fullSeen.set(key, { read, stopSale: state.stopSale });
    else fullSeen.delete(key);
  }
  const items = chosen.map(
    ({ owner: _w, sessionOk: _s, capacity: _c, sold: _o, stopSale: _p, held: _h, heldMine: _m, ...line }) =>
      toItem(line),
  );
  await refuseUnavailable(db, owner, needsOf(items), now, known);
  return { items, mine };
}

const needsOf = (items: CartItem[]): RoomNeed[] =>
  items.map((i) => ({ packageId: i.packageId, travelDate: i.travelDate, rooms: i.rooms, title: i.title }));

/**
 * Holds the chosen lines (or the whole cart of this site) at today's prices for a while, and keeps
 * their rooms: refused when a departure has too few left. A newer hold replaces the owner's earlier
 * ones on the site, whose rooms go back. One transaction (a savepoint under an Idempotency-Key).
 */
export async function createTempBooking(
  db: Db,
  owner: Owner,
  site: Site,
  holdMinutes: number,
  cartIds?: number[],
  now = new Date(),
  /** together: not in a transaction, so the lines may be read with other holds' (holdRowsBatched). */
  opts: {
    ipHash?: string | null;
    guestLimits?: GuestHoldLimits;
    session?: SessionClaim | null;
    together?: boolean;
  } = {},
): Promise<TempBooking> {
  const limits = owner.startsWith('guest:') ? opts.guestLimits : undefined;
  if (limits) return holdLines(db, owner, site, holdMinutes, cartIds, now, opts, limits, undefined);
  // Signed in, nothing is locked before the lines are read: they are read and checked (a departure
  // plainly sold out refused) before the transaction, so the rush of a sale's last rooms is told
  // no in one statement (the session's check included), without a transaction or a wait for the
  // departure's lock. A hold that passes waits for the holds of this process on the same
  // departures here, not on the departure's lock with a connection of the pool (decision 0086).
  // If it waited, those before it may have taken the last rooms: a read begun since it queued
  // that found none left answers it (fullSeen), else it reads again.
  const early = await earlyLinesToHold(db, owner, site, cartIds, now, opts.session ?? null, opts.together === true);
  const queuedAfter = reads;
  return departureQueue.run(
    early.items.map((i) => departureKey(i.packageId, i.travelDate)),
    async (waited) => {
      if (!waited) return holdLines(db, owner, site, holdMinutes, cartIds, now, opts, undefined, early.items);
      const full = new Map<string, DepartureState>();
      for (const need of needsOf(early.items)) {
        const key = departureKey(need.packageId, need.travelDate);
        const seen = fullSeen.get(key);
        if (seen && seen.read > queuedAfter && !early.mine.get(key))
          full.set(key, { capacity: 0, sold: 0, held: 0, stopSale: seen.stopSale });
      }
      if (full.size) {
        await refuseUnavailable(
          db,
          owner,
          needsOf(early.items).filter((n) => full.has(departureKey(n.packageId, n.travelDate))),
          now,
          full,
        );
      }
      const again = await earlyLinesToHold(db, owner, site, cartIds, now, opts.session ?? null, opts.together === true);
      return holdLines(db, owner, site, holdMinutes, cartIds, now, opts, undefined, again.items);
    },
  );
}

/** Holds in this process, one at a time per departure (see createTempBooking). */
const departureQueue = new KeyedQueue(1);

/**
 * createTempBooking's transaction: `early` is the lines read and checked before it (signed in), else they are read in
 * it.
 */
async function holdLines(
  db: Db,
  owner: Owner,
  site: Site,
  holdMinutes: number,
  cartIds: number[] | undefined,
  now: Date,
  opts: { ipHash?: string | null },
  limits: GuestHoldLimits | undefined,
  early: CartItem[] | undefined,
): Promise<TempBooking> {
  return db.transaction(async (tx) => {
    // The guest's and the address's holds are counted one request at a time (as rooms are, per departure).
    if (limits) await lockHoldCounts(tx, owner, opts.ipHash ?? null);
    const items = early ?? (await linesToHold(tx, owner, site, cartIds));
    await releaseHolds(tx, owner, site);
    const rooms = items.reduce((sum, i) => sum + i.rooms, 0);
    if (limits) {
      await checkGuestLimits(tx, owner, opts.ipHash ?? null, rooms, limits, now);
      await refuseUnavailable(tx, owner, needsOf(items), now);
    }
    const holdExpiresAt = new Date(now.getTime() + holdMinutes * 60_000);
    const [row] = await tx
      .insert(tempBookings)
      .values({
        owner,
        site,
        currency: SITE_CURRENCY[site],
        items,
        total: items.reduce((sum, i) => sum + i.totalPrice, 0),
        status: 'held',
        holdExpiresAt,
        ipHash: opts.ipHash ?? null,
        rooms,
        createdAt: now,
      })
      .returning();
    await holdRooms(tx, row!.id, needsOf(items), holdExpiresAt, now);
    return toTempBooking(row!, now);
  });
}

export async function getTempBookings(db: Db, owner: Owner, id?: number, now = new Date()): Promise<TempBooking[]> {
  const rows = await db
    .select()
    .from(tempBookings)
    .where(id ? and(eq(tempBookings.owner, owner), eq(tempBookings.id, id)) : eq(tempBookings.owner, owner))
    .orderBy(desc(tempBookings.createdAt))
    .limit(20);
  if (id && rows.length === 0) throw notFound('We could not find this temporary booking.');
  return rows.map((r) => toTempBooking(r, now));
}
