import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CartItem, type TempBooking } from '../../contract/cart.ts';
import { SITE_CURRENCY, type Currency, type Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import { turnBatcher } from '../lib/turn-batch.ts';
import { cartItems, cities, packages, tempBookings } from '../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../lib/errors.ts';
import { sessionExpired } from '../lib/owner.ts';
import { departureKey, holdRooms, refuseUnavailable, releaseHolds, type DepartureState, type RoomNeed } from './bookings/inventory.ts';
import { liveSession, type SessionClaim } from './sessions.ts';
import { cartRows, lineColumns, toItem, type LineRow, type Owner } from './cart/read.ts';

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
export async function mergeGuestCart(db: Db, guest: Owner, user: Owner, holdMinutes?: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // A guest who held their cart and then signs in to book keeps the hold and its rooms; it
    // replaces a hold the traveller had made before on the same site.
    const moving = await tx.select({ site: tempBookings.site }).from(tempBookings).where(and(eq(tempBookings.owner, guest), eq(tempBookings.status, 'held')));
    for (const site of new Set(moving.map((m) => m.site))) await releaseHolds(tx, user, site);
    if (moving.length) await tx.update(tempBookings).set({ owner: user }).where(and(eq(tempBookings.owner, guest), eq(tempBookings.status, 'held')));
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
      (a.site === b.site && a.packageId === b.packageId && a.travelDate === b.travelDate && a.adults === b.adults && a.children === b.children && a.infants === b.infants && a.rooms === b.rooms);
    const duplicates = guestRows.filter((g) => userRows.some((u) => same(g, u))).map((g) => g.id);
    if (duplicates.length) await tx.delete(cartItems).where(inArray(cartItems.id, duplicates));
    await tx.update(cartItems).set({ owner: user }).where(eq(cartItems.owner, guest));
  });
}

function toTempBooking(row: typeof tempBookings.$inferSelect, now: Date): TempBooking {
  const live = row.status === 'held';
  return {
    TempBookingId: row.id,
    site: row.site as Site,
    currency: row.currency as Currency,
    items: row.items as CartItem[],
    total: row.total,
    status: live ? (row.holdExpiresAt > now ? 'held' : 'expired') : (row.status as 'booked' | 'released'),
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** How much a guest (not signed in) may hold: see HOLD_GUEST_MAX_ROOMS, HOLD_GUEST_MAX_HOLDS, HOLD_ADDRESS_MAX_ROOMS_PER_HOUR. */
export interface GuestHoldLimits {
  maxRooms: number;
  maxHolds: number;
  addressRoomsPerHour: number;
}

/** Transaction-scoped locks on the guest's and the client address's hold counts (fixed order: guest, then address). */
async function lockHoldCounts(tx: Db, owner: Owner, ipHash: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold:${owner}`}))`);
  if (ipHash) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-ip:${ipHash}`}))`);
}

const minutesFrom = (now: Date, until: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
const roomsText = (n: number) => `${n} ${n === 1 ? 'room' : 'rooms'}`;

/**
 * A guest holds a few rooms at a time (their earlier holds on this site already released), and
 * guests at one client address a few rooms an hour; a refusal says why and what to do.
 */
async function checkGuestLimits(tx: Db, owner: Owner, ipHash: string | null, rooms: number, limits: GuestHoldLimits, now: Date) {
  const signIn = 'Sign in to hold more';
  if (rooms > limits.maxRooms) {
    throw new DomainError('conflict', `As a guest you can hold at most ${roomsText(limits.maxRooms)} at once, and your cart needs ${rooms}. ${signIn}, or remove rooms from your cart.`);
  }
  const { rows } = await tx.execute<{ holds: number; rooms: number; ends: Date | string | null }>(sql`
    select count(*)::int as holds, coalesce(sum(rooms), 0)::int as rooms, min(hold_expires_at) as ends
    from temp_bookings where owner = ${owner} and status = 'held' and hold_expires_at > ${now.toISOString()}`);
  const live = rows[0]!;
  const wait = live.ends ? ` or wait ${minutesFrom(now, new Date(live.ends))} minutes for your other hold to end` : '';
  if (live.holds + 1 > limits.maxHolds) {
    throw new DomainError('conflict', `As a guest you can have at most ${limits.maxHolds} ${limits.maxHolds === 1 ? 'hold' : 'holds'} at once. ${signIn},${wait || ' or wait for one to end'}.`);
  }
  if (live.rooms + rooms > limits.maxRooms) {
    throw new DomainError(
      'conflict',
      `As a guest you can hold at most ${roomsText(limits.maxRooms)} at once: you already hold ${live.rooms}, and your cart needs ${rooms}. ${signIn}, remove rooms from your cart,${wait || ' or wait for your other hold to end'}.`,
    );
  }
  if (!ipHash) return;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const { rows: byAddress } = await tx.execute<{ rooms: number; first: Date | string | null }>(sql`
    select coalesce(sum(rooms), 0)::int as rooms, min(created_at) as first from temp_bookings
    where ip_hash = ${ipHash} and owner like 'guest:%' and status <> 'released' and created_at > ${hourAgo.toISOString()}`);
  const recent = byAddress[0]!;
  if (recent.rooms + rooms > limits.addressRoomsPerHour) {
    const retry = recent.first ? minutesFrom(now, new Date(new Date(recent.first).getTime() + 3_600_000)) : 60;
    throw new DomainError(
      'too_many',
      `Guests on your network have held ${roomsText(recent.rooms)} in the last hour, and at most ${limits.addressRoomsPerHour} may be held without signing in. Sign in to hold your holiday, or try again in ${retry} minutes.`,
    );
  }
}

/** The lines a hold takes (the chosen ones, or the site's whole cart), refused when gone, empty or no longer on sale. */
async function linesToHold(db: Db, owner: Owner, site: Site, cartIds: number[] | undefined): Promise<CartItem[]> {
  return chosenLines(await cartRows(db, owner, site), cartIds).map(toItem);
}

function chosenLines<R extends LineRow>(all: R[], cartIds: number[] | undefined): R[] {
  let rows = all;
  if (cartIds?.length) {
    const missing = cartIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw notFound('Some of these items are no longer in your cart. Refresh your cart and try again.');
    rows = rows.filter((r) => cartIds.includes(r.id));
  }
  if (rows.length === 0) throw invalid('Your cart is empty: add a holiday first.');
  // A package taken off the shop (unpublished or no longer priced here) since it was added is not
  // held: read with the lines (one statement fewer for each hold of a sale's rush).
  const gone = rows.find((r) => !r.onSale);
  if (gone) throw conflict(`${String(gone.title)} is no longer on sale on this site. Remove it from your cart and continue to booking again.`);
  return rows;
}

/** A line's departure (in holdLinesQuery). */
const sameDeparture = sql`d.package_id = ${cartItems.packageId} and d.travel_date = ${cartItems.travelDate}`;

/**
 * A signed-in traveller's lines for a hold, in one statement with everything the quick refusal of
 * a sale's rush needs: whether the session is live (the caller's claim; no claim: already checked)
 * and, per line, its departure's capacity, rooms sold and rooms held by others (refuseUnavailable's
 * reading). Built once per database.
 */
function holdLinesQuery(db: Db, many = false) {
  const p = sql.placeholder;
  // Many owners (holdRowsBatched): each line's owner, site and claim are its owner's place in the arrays.
  const at = sql`array_position(${p('owners')}::text[], ${cartItems.owner})`;
  const tokenHash = many ? sql`(${p('tokenHashes')}::text[])[${at}]` : sql`${p('tokenHash')}::text`;
  const userId = many ? sql`(${p('userIds')}::int[])[${at}]` : sql`${p('userId')}::int`;
  const owner = many ? sql`${cartItems.owner}` : sql`${p('owner')}`;
  return db
    .select({
      ...lineColumns,
      owner: cartItems.owner,
      sessionOk: sql<boolean>`(${tokenHash} is null or exists(select 1 from sessions s where s.token_hash = ${tokenHash}
        and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > ${p('now')}::timestamptz))`,
      capacity: sql<number | null>`coalesce((select d.rooms from departures d where ${sameDeparture}), ${packages.roomsPerDeparture})`,
      sold: sql<number | null>`(select d.rooms_sold from departures d where ${sameDeparture})`,
      stopSale: sql<boolean | null>`(select d.stop_sale from departures d where ${sameDeparture})`,
      held: sql<number>`(select coalesce(sum(h.rooms), 0)::int from room_holds h join temp_bookings t on t.id = h.temp_booking_id
        where h.package_id = ${cartItems.packageId} and h.travel_date = ${cartItems.travelDate} and h.status = 'held'
          and h.expires_at > ${p('now')}::timestamptz and t.owner <> ${owner})`,
      heldMine: sql<number>`(select coalesce(sum(h.rooms), 0)::int from room_holds h join temp_bookings t on t.id = h.temp_booking_id
        where t.owner = ${owner} and h.package_id = ${cartItems.packageId} and h.travel_date = ${cartItems.travelDate} and h.status = 'held'
          and h.expires_at > ${p('now')}::timestamptz)`,
    })
    .from(cartItems)
    .innerJoin(packages, eq(packages.id, cartItems.packageId))
    .innerJoin(cities, eq(cities.id, packages.cityId))
    .where(
      many
        ? and(sql`${cartItems.owner} = any(${p('owners')}::text[])`, sql`${cartItems.site} = (${p('sites')}::text[])[${at}]`)
        : and(eq(cartItems.owner, p('owner')), eq(cartItems.site, p('site'))),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare(many ? 'hold_lines_many' : 'hold_lines');
}
const builtHoldLines = new WeakMap<Db, ReturnType<typeof holdLinesQuery>>();
const builtHoldLinesMany = new WeakMap<Db, ReturnType<typeof holdLinesQuery>>();

type HoldRow = LineRow & { owner: string; sessionOk: boolean; capacity: number | null; sold: number | null; stopSale: boolean | null; held: number; heldMine: number };
type HoldRead = { owner: string; site: Site; now: string; tokenHash: string | null; userId: number | null };

/** holdLinesQuery for one owner. */
async function holdRows(db: Db, read: HoldRead): Promise<HoldRow[]> {
  let query = builtHoldLines.get(db);
  if (!query) builtHoldLines.set(db, (query = holdLinesQuery(db)));
  return (await query.execute(read)) as HoldRow[];
}

/**
 * holdRows, with the holds other requests of this process read in the same turn of the event loop:
 * one statement for up to 100 owners (a sale's 500 holds at once; server/lib/turn-batch.ts).
 */
function holdRowsBatched(db: Db): (read: HoldRead) => Promise<HoldRow[]> {
  let batched = holdReadBatchers.get(db);
  if (!batched) {
    batched = turnBatcher<HoldRead, HoldRow[]>({
      max: 100,
      key: (r) => r.owner,
      one: (r) => holdRows(db, r),
      many: async (all) => {
        let query = builtHoldLinesMany.get(db);
        if (!query) builtHoldLinesMany.set(db, (query = holdLinesQuery(db, true)));
        const rows = (await query.execute({
          now: all[0]!.now,
          owners: all.map((r) => r.owner),
          sites: all.map((r) => r.site),
          tokenHashes: all.map((r) => r.tokenHash),
          userIds: all.map((r) => r.userId),
        })) as HoldRow[];
        holdsReadTogether.holds += all.length;
        holdsReadTogether.statements++;
        const byOwner = new Map<string, HoldRow[]>();
        for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
        return all.map((r) => byOwner.get(r.owner) ?? []);
      },
    });
    holdReadBatchers.set(db, batched);
  }
  return batched;
}
const holdReadBatchers = new WeakMap<Db, (read: HoldRead) => Promise<HoldRow[]>>();
/** Holds whose lines this process read in a statement with others' (holdRowsBatched), and those statements. */
export const holdsReadTogether = { holds: 0, statements: 0 };

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
  const values: HoldRead = { owner, site, now: now.toISOString(), tokenHash: session?.tokenHash ?? null, userId: session?.userId ?? null };
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
    if (state.stopSale || (state.capacity !== null && state.capacity - state.sold - state.held - r.heldMine <= 0)) fullSeen.set(key, { read, stopSale: state.stopSale });
    else fullSeen.delete(key);
  }
  const items = chosen.map(({ owner: _w, sessionOk: _s, capacity: _c, sold: _o, stopSale: _p, held: _h, heldMine: _m, ...line }) => toItem(line));
  await refuseUnavailable(db, owner, needsOf(items), now, known);
  return { items, mine };
}

const needsOf = (items: CartItem[]): RoomNeed[] => items.map((i) => ({ packageId: i.packageId, travelDate: i.travelDate, rooms: i.rooms, title: i.title }));

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
  opts: { ipHash?: string | null; guestLimits?: GuestHoldLimits; session?: SessionClaim | null; together?: boolean } = {},
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
        if (seen && seen.read > queuedAfter && !early.mine.get(key)) full.set(key, { capacity: 0, sold: 0, held: 0, stopSale: seen.stopSale });
      }
      if (full.size) {
        await refuseUnavailable(db, owner, needsOf(early.items).filter((n) => full.has(departureKey(n.packageId, n.travelDate))), now, full);
      }
      const again = await earlyLinesToHold(db, owner, site, cartIds, now, opts.session ?? null, opts.together === true);
      return holdLines(db, owner, site, holdMinutes, cartIds, now, opts, undefined, again.items);
    },
  );
}

/** Holds in this process, one at a time per departure (see createTempBooking). */
const departureQueue = new KeyedQueue(1);

/** createTempBooking's transaction: `early` is the lines read and checked before it (signed in), else they are read in it. */
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
