import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CartGroup, type CartItem, type CartItemFields, type TempBooking } from '../../contract/cart.ts';
import { occupancyRefusal } from '../../contract/occupancy.ts';
import { priceLine } from '../../contract/pricing.ts';
import { SITE_CURRENCY, type Currency, type Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { cartItems, cities, packages, tempBookings } from '../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../lib/errors.ts';
import { holdRooms, refuseUnavailable, releaseHolds, type RoomNeed } from './bookings/inventory.ts';

/** 'guest:<tempUserId>' or 'user:<id>': whose cart a line is in. */
export type Owner = `guest:${string}` | `user:${number}`;

const MAX_LINES = 20;
const MAX_DAYS_AHEAD = 540;

function checkTravelDate(travelDate: string, now: Date) {
  const date = new Date(`${travelDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== travelDate) throw invalid('travelDate: is not a real date.');
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const days = (date.getTime() - today.getTime()) / 86_400_000;
  if (days < 1) throw invalid('travelDate: choose a date from tomorrow onwards.');
  if (days > MAX_DAYS_AHEAD) throw invalid('travelDate: we take bookings up to 18 months ahead.');
}

const lineColumns = {
  id: cartItems.id,
  clientId: cartItems.clientId,
  site: cartItems.site,
  currency: cartItems.currency,
  packageId: cartItems.packageId,
  slug: packages.slug,
  title: packages.title,
  city: cities.name,
  image: packages.heroImage,
  nights: packages.nights,
  travelDate: cartItems.travelDate,
  adults: cartItems.adults,
  children: cartItems.children,
  infants: cartItems.infants,
  rooms: cartItems.rooms,
  unitPrice: cartItems.unitPrice,
  totalPrice: cartItems.totalPrice,
  createdAt: cartItems.createdAt,
  countryId: cities.countryId,
  vatTreatment: packages.vatTreatment,
};

type LineRow = { [K in keyof typeof lineColumns]: unknown } & { id: number; createdAt: Date; countryId: number; site: string };

/** Overseas for the site: India's TCS applies to packages outside India, and the UAE site's are outside the UAE. */
const overseasFor = (site: string, countryId: number) => countryId !== (site === 'IN' ? 101 : 231);

function toItem(row: LineRow): CartItem {
  const { id, createdAt, countryId, ...rest } = row;
  return { CartId: id, ...(rest as Omit<CartItem, 'CartId' | 'createdAt'>), createdAt: createdAt.toISOString(), overseas: overseasFor(row.site, countryId) };
}

function lines(db: Db) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(packages, eq(packages.id, cartItems.packageId))
    .innerJoin(cities, eq(cities.id, packages.cityId))
    .$dynamic();
}

/** An owner's lines on a site, built once per database (or transaction): read on every GetCart. */
function linesQuery(db: Db) {
  return lines(db)
    .where(and(eq(cartItems.owner, sql.placeholder('owner')), eq(cartItems.site, sql.placeholder('site'))))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_lines');
}
const builtLines = new WeakMap<Db, ReturnType<typeof linesQuery>>();

export async function cartLines(db: Db, owner: Owner, site: Site): Promise<CartItem[]> {
  let query = builtLines.get(db);
  if (!query) builtLines.set(db, (query = linesQuery(db)));
  const rows = await query.execute({ owner, site });
  return rows.map((r) => toItem(r as LineRow));
}

/** GetCart's shape: lines grouped by destination, in the order they were added. */
export function groupLines(items: CartItem[]): CartGroup[] {
  const groups = new Map<string, CartItem[]>();
  for (const item of items) groups.set(item.city, [...(groups.get(item.city) ?? []), item]);
  return [...groups].map(([group, data]) => ({ group, data }));
}

/** What adding a line needs to know, in one round trip (see addLine). */
interface AddLineFacts {
  /** This clientId is already a line in this owner's cart. */
  taken: boolean;
  /** Lines in the owner's cart on this site. */
  lines: number;
  /** The package's price on this site and its card fields: null when it is not on sale here. */
  amount: number | null;
  currency: string | null;
  slug: string | null;
  title: string | null;
  city: string | null;
  image: string | null;
  nights: number | null;
  max_adults_per_room: number | null;
  max_people_per_room: number | null;
}

/** The line with this clientId in the owner's cart, if any. */
async function lineByClientId(db: Db, owner: Owner, clientId: string): Promise<CartItem | undefined> {
  const [existing] = await lines(db).where(and(eq(cartItems.owner, owner), eq(cartItems.clientId, clientId))).limit(1);
  return existing ? toItem(existing as LineRow) : undefined;
}

/**
 * Adds a line, priced by us in the site's currency. The same clientId twice is one line.
 * Written as two plain statements (facts, then the insert) rather than three built queries: this is
 * the hot path of an offline cart's sync, and each statement and each query built costs CPU.
 */
export async function addLine(db: Db, owner: Owner, site: Site, input: CartItemFields, now = new Date()): Promise<CartItem> {
  const clientId = input.clientId ?? null;
  // Whether the clientId is taken, the size of the cart and the package's price and card fields.
  // The first select is one row whatever the package, so `taken` is known even when it is not on sale.
  const { rows } = await db.execute<AddLineFacts & Record<string, unknown>>(sql`
    select f.taken, f.lines, pp.amount, pp.currency, p.slug, p.title, c.name as city, p.hero_image as image, p.nights, c.country_id, p.vat_treatment,
           p.max_adults_per_room, p.max_people_per_room
    from (
      select exists(select 1 from cart_items where owner = ${owner} and client_id = ${clientId}) as taken,
             (select count(*)::int from cart_items where owner = ${owner} and site = ${site}) as lines
    ) f
    left join (package_prices pp
      join packages p on p.id = pp.package_id
      join cities c on c.id = p.city_id) on pp.package_id = ${input.packageId} and pp.site = ${site} and p.published`);
  const facts = rows[0]!;
  // A line already added (a replay under another key) is answered as it is, before any check.
  if (facts.taken) {
    const existing = await lineByClientId(db, owner, clientId!);
    if (existing) return existing;
  }
  checkTravelDate(input.travelDate, now);
  // A line stores only choices its package offers; no package offers any yet.
  const unknownOption = Object.keys(input.options)[0];
  if (unknownOption !== undefined) throw invalid(`options: this holiday has no option "${unknownOption.slice(0, 40)}" to choose.`);
  if (input.rooms > input.adults) throw invalid('rooms: each room needs at least one adult.');
  if (input.infants > input.adults) throw invalid('infants: each infant travels with an adult.');
  if (facts.amount === null) throw notFound('This holiday is not on sale on this site.');
  const crowded = occupancyRefusal(input, { maxAdultsPerRoom: facts.max_adults_per_room ?? 3, maxPeoplePerRoom: facts.max_people_per_room ?? 4 });
  if (crowded) throw invalid(crowded);
  if (facts.lines >= MAX_LINES) throw invalid(`Your cart holds at most ${MAX_LINES} holidays. Book or remove some first.`);
  const totalPrice = priceLine(facts.amount, input.adults, input.children);
  const inserted = await db.execute<{ id: number }>(sql`
    insert into cart_items (owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options, unit_price, total_price, client_id, created_at)
    values (${owner}, ${site}, ${facts.currency}, ${input.packageId}, ${input.travelDate}, ${input.adults}, ${input.children}, ${input.infants},
            ${input.rooms}, ${JSON.stringify(input.options)}, ${facts.amount}, ${totalPrice}, ${clientId}, ${now.toISOString()})
    on conflict (owner, client_id) do nothing
    returning id`);
  if (inserted.rows.length === 0) {
    // On Postgres a concurrent request may add the same clientId first: answer with its line
    // (gone again already: fail without storing anything, and the client retries).
    const existing = await lineByClientId(db, owner, clientId!);
    if (!existing) throw new Error('A cart line with this clientId came and went while it was added.');
    return existing;
  }
  return {
    CartId: inserted.rows[0]!.id,
    clientId,
    site,
    currency: facts.currency as Currency,
    packageId: input.packageId,
    slug: facts.slug!,
    title: facts.title!,
    city: facts.city!,
    image: facts.image!,
    nights: facts.nights!,
    travelDate: input.travelDate,
    adults: input.adults,
    children: input.children,
    infants: input.infants,
    rooms: input.rooms,
    unitPrice: facts.amount,
    totalPrice,
    createdAt: now.toISOString(),
    overseas: overseasFor(site, Number(facts.country_id)),
    vatTreatment: facts.vat_treatment as CartItem['vatTreatment'],
  };
}

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
  let items = await cartLines(db, owner, site);
  if (cartIds?.length) {
    const missing = cartIds.filter((id) => !items.some((i) => i.CartId === id));
    if (missing.length) throw notFound('Some of these items are no longer in your cart. Refresh your cart and try again.');
    items = items.filter((i) => cartIds.includes(i.CartId));
  }
  if (items.length === 0) throw invalid('Your cart is empty: add a holiday first.');
  // A package taken off the shop (unpublished or no longer priced here) since it was added is not held.
  const packageIds = [...new Set(items.map((i) => i.packageId))];
  const { rows: onSale } = await db.execute<{ id: number }>(sql`
    select p.id from packages p join package_prices pp on pp.package_id = p.id and pp.site = ${site}
    where p.published and p.id in (${sql.join(packageIds.map((id) => sql`${id}`), sql`, `)})`);
  const gone = items.find((i) => !onSale.some((r) => Number(r.id) === i.packageId));
  if (gone) throw conflict(`${gone.title} is no longer on sale on this site. Remove it from your cart and continue to booking again.`);
  return items;
}

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
  opts: { ipHash?: string | null; guestLimits?: GuestHoldLimits } = {},
): Promise<TempBooking> {
  const limits = owner.startsWith('guest:') ? opts.guestLimits : undefined;
  const needsOf = (items: CartItem[]): RoomNeed[] => items.map((i) => ({ packageId: i.packageId, travelDate: i.travelDate, rooms: i.rooms, title: i.title }));
  // Signed in, nothing is locked before the lines are read: they are read and checked (a departure
  // plainly sold out refused) before the transaction, so the rush of a sale's last rooms is told
  // no in two statements, without a transaction or a wait for the departure's lock.
  const early = limits ? undefined : await linesToHold(db, owner, site, cartIds);
  if (early) await refuseUnavailable(db, owner, needsOf(early), now);
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
