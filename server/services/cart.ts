import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CartGroup, type CartItem, type CartItemFields, type TempBooking } from '../../contract/cart.ts';
import { occupancyRefusal } from '../../contract/occupancy.ts';
import { priceLine } from '../../contract/pricing.ts';
import { SITE_CURRENCY, siteDay, type Currency, type Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { prepareRaw } from '../db/prepared.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import { turnBatcher } from '../lib/turn-batch.ts';
import { cartItems, cities, packages, tempBookings } from '../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../lib/errors.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { sessionExpired } from '../lib/owner.ts';
import { departureKey, holdRooms, refuseUnavailable, releaseHolds, type DepartureState, type RoomNeed } from './bookings/inventory.ts';
import { liveSession, liveSessionWhere, type SessionClaim } from './sessions.ts';

/** 'guest:<tempUserId>' or 'user:<id>': whose cart a line is in. */
export type Owner = `guest:${string}` | `user:${number}`;

const MAX_LINES = 20;
const MAX_DAYS_AHEAD = 540;

/** A travel date from the site's tomorrow (its calendar day, as pay later and the departures count) up to 18 months ahead. */
function checkTravelDate(travelDate: string, now: Date, site: Site) {
  const date = new Date(`${travelDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== travelDate) throw invalid('travelDate: is not a real date.');
  const today = new Date(`${siteDay(now, site)}T00:00:00Z`);
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
  // Still on sale on the line's site (published and priced there): a hold refuses a line that is not.
  onSale: sql<boolean>`(${packages.published} and exists (select 1 from package_prices pp where pp.package_id = ${cartItems.packageId} and pp.site = ${cartItems.site}))`,
};

type LineRow = { [K in keyof typeof lineColumns]: unknown } & { id: number; createdAt: Date; countryId: number; site: string; onSale: boolean };

/** Overseas for the site: India's TCS applies to packages outside India, and the UAE site's are outside the UAE. */
const overseasFor = (site: string, countryId: number) => countryId !== (site === 'IN' ? 101 : 231);

function toItem(row: LineRow): CartItem {
  const { id, createdAt, countryId, onSale: _onSale, ...rest } = row;
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

async function cartRows(db: Db, owner: Owner, site: Site): Promise<LineRow[]> {
  let query = builtLines.get(db);
  if (!query) builtLines.set(db, (query = linesQuery(db)));
  return (await query.execute({ owner, site })) as LineRow[];
}

export async function cartLines(db: Db, owner: Owner, site: Site): Promise<CartItem[]> {
  return (await cartRows(db, owner, site)).map(toItem);
}

/** GetCart's shape: lines grouped by destination, in the order they were added. */
export function groupLines(items: CartItem[]): CartGroup[] {
  const groups = new Map<string, CartItem[]>();
  for (const item of items) groups.set(item.city, [...(groups.get(item.city) ?? []), item]);
  return [...groups].map(([group, data]) => ({ group, data }));
}

/** What adding a line needs to know, in one round trip (see addLine): the package's facts (null when it is not on sale here) and the owner's cart. */
type AddLineFacts = Pick<PackageFacts, 'amount' | 'currency' | 'slug' | 'title' | 'city' | 'image' | 'nights' | 'max_adults_per_room' | 'max_people_per_room'> & {
  /** This clientId is already a line in this owner's cart. */
  taken: boolean;
  /** Lines in the owner's cart on this site. */
  lines: number;
};

/** The line with this clientId in the owner's cart, if any. */
async function lineByClientId(db: Db, owner: Owner, clientId: string): Promise<CartItem | undefined> {
  const [existing] = await lines(db).where(and(eq(cartItems.owner, owner), eq(cartItems.clientId, clientId))).limit(1);
  return existing ? toItem(existing as LineRow) : undefined;
}

/** A package's facts on a site for adding a line, as read at a content version (see addLine). */
interface PackageFacts {
  version: number;
  amount: number | null;
  currency: string | null;
  slug: string | null;
  title: string | null;
  city: string | null;
  image: string | null;
  nights: number | null;
  country_id: number | string | null;
  vat_treatment: string | null;
  max_adults_per_room: number | null;
  max_people_per_room: number | null;
}

/**
 * The facts last read per package and site, per database: a sale's hundreds of carts add the same
 * package. Each is valid only at the content version it was read at (every change to packages,
 * prices or cities moves it, by trigger, in the change's transaction), and the insert that uses it
 * checks that version in its own statement: a stale entry is never used, only read again. The
 * first read is shared by the requests that arrive while it runs (a sale's carts arrive at once).
 */
const knownFacts = new WeakMap<object, BoundedCache<PackageFacts | Promise<PackageFacts | null>>>();
const FACTS_BYTES = 600;

async function factsFor(db: Db, scope: object, packageId: number, site: Site): Promise<PackageFacts | null> {
  let cache = knownFacts.get(scope);
  if (!cache) knownFacts.set(scope, (cache = new BoundedCache({ maxBytes: 256 * 1024, ttlMs: 10 * 60_000 })));
  const key = `${packageId}|${site}`;
  const known = cache.get(key);
  if (known) return known;
  const reading = readFacts(db, packageId, site).catch(() => null);
  cache.set(key, reading, FACTS_BYTES);
  const facts = await reading;
  if (facts) cache.set(key, facts, FACTS_BYTES);
  else cache.delete(key);
  return facts;
}

/** Forgets facts found stale (the catalogue changed): the next add reads them again. */
function forgetFacts(scope: object, packageId: number, site: Site) {
  knownFacts.get(scope)?.delete(`${packageId}|${site}`);
}

/** A package's facts on a site with the content version they were read at: one row, amount null when not on sale. */
async function readFacts(db: Db, packageId: number, site: Site): Promise<PackageFacts> {
  const { rows } = await db.execute<PackageFacts & Record<string, unknown>>(sql`
    select (select version from content_version where id = 1) as version, pp.amount, pp.currency, p.slug, p.title, c.name as city, p.hero_image as image,
           p.nights, c.country_id, p.vat_treatment, p.max_adults_per_room, p.max_people_per_room
    from (select 1) one
    left join (package_prices pp
      join packages p on p.id = pp.package_id
      join cities c on c.id = p.city_id) on pp.package_id = ${packageId} and pp.site = ${site} and p.published`);
  return { ...rows[0]!, version: Number(rows[0]!.version) };
}

/** The checks of a line against its package, in the order they answer (see addLine). */
function checkLine(input: CartItemFields, facts: PackageFacts, now: Date, site: Site) {
  checkTravelDate(input.travelDate, now, site);
  // A line stores only choices its package offers; no package offers any yet.
  const unknownOption = Object.keys(input.options)[0];
  if (unknownOption !== undefined) throw invalid(`options: this holiday has no option "${unknownOption.slice(0, 40)}" to choose.`);
  if (input.rooms > input.adults) throw invalid('rooms: each room needs at least one adult.');
  if (input.infants > input.adults) throw invalid('infants: each infant travels with an adult.');
  if (facts.amount === null) throw notFound('This holiday is not on sale on this site.');
  const crowded = occupancyRefusal(input, { maxAdultsPerRoom: facts.max_adults_per_room ?? 3, maxPeoplePerRoom: facts.max_people_per_room ?? 4 });
  if (crowded) throw invalid(crowded);
}

const cartFull = () => invalid(`Your cart holds at most ${MAX_LINES} holidays. Book or remove some first.`);

/** The insert of a checked line: its values, for both of addLine's statements. */
function lineValues(owner: Owner, site: Site, input: CartItemFields, facts: PackageFacts, now: Date) {
  const totalPrice = priceLine(facts.amount!, input.adults, input.children);
  return {
    totalPrice,
    columns: sql`(owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options, unit_price, total_price, client_id, created_at)`,
    values: sql`${owner}, ${site}, ${facts.currency}, ${input.packageId}, ${input.travelDate}, ${input.adults}, ${input.children}, ${input.infants},
            ${input.rooms}, ${JSON.stringify(input.options)}, ${facts.amount}, ${totalPrice}, ${input.clientId ?? null}, ${now.toISOString()}`,
  };
}

function addedLine(id: number, site: Site, input: CartItemFields, facts: PackageFacts, totalPrice: number, now: Date): CartItem {
  return {
    CartId: id,
    clientId: input.clientId ?? null,
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
    unitPrice: facts.amount!,
    totalPrice,
    createdAt: now.toISOString(),
    overseas: overseasFor(site, Number(facts.country_id)),
    vatTreatment: facts.vat_treatment as CartItem['vatTreatment'],
  };
}

type AddLineRow = { session_ok: boolean; version: number | string; taken: boolean; lines: number; id: number | null };
type AddLineValues = {
  tokenHash: string | null;
  userId: number | null;
  now: string;
  owner: string;
  site: string;
  clientId: string | null;
  version: number;
  currency: string;
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
  options: string;
  unitPrice: number;
  totalPrice: number;
};

/**
 * addLine's one statement (see there), prepared once per database, for one line or for many lines
 * of different owners (a sale's rush: decision 0086): each line's session (no tokenHash: a guest,
 * or a session already read), whether its clientId is taken, its cart's size and the content
 * version its facts were read at, and the insert when all allow, as if it had been sent alone.
 * Columns come as arrays, one element a line; the answer has one row a line, in their order (`i`,
 * from 1). Its text is built once, and Postgres parses and plans it once per connection (decision 0082).
 */
function addLinesQuery(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return prepareRaw<AddLineRow & { i: number | string }>(
    db,
    'cart_add_lines',
    sql`
      with r as (
        select * from unnest(${p('owner')}::text[], ${p('site')}::text[], ${p('clientId')}::text[], ${p('tokenHash')}::text[], ${p('userId')}::int[],
               ${p('version')}::bigint[], ${p('currency')}::text[], ${p('packageId')}::int[], ${p('travelDate')}::date[], ${p('adults')}::int[],
               ${p('children')}::int[], ${p('infants')}::int[], ${p('rooms')}::int[], ${p('options')}::text[], ${p('unitPrice')}::int[], ${p('totalPrice')}::int[])
          with ordinality as r(owner, site, client_id, token_hash, user_id, version, currency, package_id, travel_date, adults, children, infants, rooms, options,
                               unit_price, total_price, i)
      ), f as (
        select r.*, (r.token_hash is null or ${liveSessionWhere(sql`r.token_hash`, sql`r.user_id`, p('now'))}) as session_ok,
               (select version from content_version where id = 1) as current_version,
               exists(select 1 from cart_items c where c.owner = r.owner and c.client_id = r.client_id) as taken,
               (select count(*)::int from cart_items c where c.owner = r.owner and c.site = r.site) as lines
        from r
      ), added as (
        insert into cart_items (owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options, unit_price, total_price, client_id, created_at)
        select owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options::jsonb, unit_price, total_price, client_id, ${p('now')}::timestamptz
        from f
        where f.session_ok and f.current_version = f.version and not f.taken and f.lines < ${MAX_LINES}
        order by f.i
        on conflict (owner, client_id) do nothing
        returning id, owner
      )
      select f.i, f.session_ok, f.current_version as version, f.taken, f.lines, a.id from f left join added a on a.owner = f.owner order by f.i`,
  );
}
const builtAddLines = new WeakMap<Db, ReturnType<typeof addLinesQuery>>();

/** addLinesQuery for the given lines (of different owners): their rows, in their order. */
async function addLines(db: Db, all: AddLineValues[]): Promise<AddLineRow[]> {
  let query = builtAddLines.get(db);
  if (!query) builtAddLines.set(db, (query = addLinesQuery(db)));
  const { rows } = await query.execute({
    now: all[0]!.now,
    ...Object.fromEntries(ADD_LINE_COLUMNS.map((k) => [k, all.map((v) => v[k])])),
  });
  if (rows.length !== all.length) throw new Error('cart_add_lines answered for another number of lines');
  const answers: AddLineRow[] = [];
  for (const row of rows) answers[Number(row.i) - 1] = row;
  return answers;
}

/** addLine's statement for one line. */
const addOneLine = async (db: Db, values: AddLineValues): Promise<AddLineRow> => (await addLines(db, [values]))[0]!;

/** Lines this process has sent in a statement with others (addLineBatched), and those statements. */
export const linesSentTogether = { lines: 0, statements: 0 };

/**
 * addLine's statement, with the lines other requests of this process are adding in the same turn of
 * the event loop: one statement for up to 100 lines of different owners instead of a round trip
 * each (a sale's 500 carts at once; server/lib/turn-batch.ts). A line alone goes as addOneLine.
 */
function addLineBatched(db: Db): (values: AddLineValues) => Promise<AddLineRow> {
  let batched = addLineBatchers.get(db);
  if (!batched) {
    batched = turnBatcher<AddLineValues, AddLineRow>({
      max: 100,
      // One line an owner in a statement: a cart's size and its clientIds are checked line by line.
      key: (v) => v.owner,
      one: (v) => addOneLine(db, v),
      many: async (all) => {
        const answers = await addLines(db, all);
        linesSentTogether.lines += all.length;
        linesSentTogether.statements++;
        return answers;
      },
    });
    addLineBatchers.set(db, batched);
  }
  return batched;
}
const addLineBatchers = new WeakMap<Db, (values: AddLineValues) => Promise<AddLineRow>>();
const ADD_LINE_COLUMNS = [
  'owner', 'site', 'clientId', 'tokenHash', 'userId', 'version', 'currency', 'packageId', 'travelDate',
  'adults', 'children', 'infants', 'rooms', 'options', 'unitPrice', 'totalPrice',
] as const satisfies readonly (keyof AddLineValues)[];

/**
 * Adds a line, priced by us in the site's currency. The same clientId twice is one line.
 * The hot path of an offline cart's sync and of a sale's rush, so it runs as few statements as it
 * can (each statement and each query built costs CPU, here and in Postgres): with the package's
 * facts as this process last read them (factsFor) and a line that passes its checks, one
 * statement checks the session (`session`: the caller's claim, see claimOwner), whether the
 * clientId is taken, the cart's size and the content version, and inserts when all allow.
 * Otherwise (a refusal, or the version moved) two, in the original order: the facts with the
 * session, then the insert. `scope` keys the facts' memory (a transaction passes its database).
 */
export async function addLine(
  db: Db,
  owner: Owner,
  site: Site,
  input: CartItemFields,
  now = new Date(),
  opts: { session?: SessionClaim | null; scope?: object } = {},
): Promise<CartItem> {
  const clientId = input.clientId ?? null;
  const scope = opts.scope ?? db;
  const known = await factsFor(db, scope, input.packageId, site);
  let passes = false;
  if (known) {
    try {
      checkLine(input, known, now, site);
      passes = true;
    } catch {
      // Refused: answered by the full path below, in its order (a line already added comes first).
    }
  }
  if (known && passes) {
    const totalPrice = priceLine(known.amount!, input.adults, input.children);
    const values: AddLineValues = {
      tokenHash: opts.session?.tokenHash ?? null,
      userId: opts.session?.userId ?? null,
      now: now.toISOString(),
      owner,
      site,
      clientId,
      version: known.version,
      currency: known.currency!,
      packageId: input.packageId,
      travelDate: input.travelDate,
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      rooms: input.rooms,
      options: JSON.stringify(input.options),
      unitPrice: known.amount!,
      totalPrice,
    };
    // Outside a transaction, lines added at the same moment go to Postgres together.
    const row = opts.scope ? await addOneLine(db, values) : await addLineBatched(db)(values);
    if (!row.session_ok) sessionExpired();
    if (row.id !== null && row.id !== undefined) return addedLine(row.id, site, input, known, totalPrice, now);
    if (Number(row.version) === known.version) {
      if (row.taken || row.lines < MAX_LINES) {
        // A line already added (a replay under another key), or added by a concurrent request first.
        const existing = clientId === null ? undefined : await lineByClientId(db, owner, clientId);
        if (existing) return existing;
        if (!row.taken) throw new Error('A cart line with this clientId came and went while it was added.');
      } else throw cartFull();
    }
    // The catalogue changed since the facts were read: read again below.
    forgetFacts(scope, input.packageId, site);
  }
  // Whether the clientId is taken, the size of the cart and the package's price and card fields.
  // The first select is one row whatever the package, so `taken` is known even when it is not on sale.
  const { rows } = await db.execute<AddLineFacts & PackageFacts & { session_ok: boolean } & Record<string, unknown>>(sql`
    select f.session_ok, f.version, f.taken, f.lines, pp.amount, pp.currency, p.slug, p.title, c.name as city, p.hero_image as image, p.nights, c.country_id, p.vat_treatment,
           p.max_adults_per_room, p.max_people_per_room
    from (
      select ${liveSession(opts.session, now)} as session_ok,
             (select version from content_version where id = 1) as version,
             exists(select 1 from cart_items where owner = ${owner} and client_id = ${clientId}) as taken,
             (select count(*)::int from cart_items where owner = ${owner} and site = ${site}) as lines
    ) f
    left join (package_prices pp
      join packages p on p.id = pp.package_id
      join cities c on c.id = p.city_id) on pp.package_id = ${input.packageId} and pp.site = ${site} and p.published`);
  const row = rows[0]!;
  if (!row.session_ok) sessionExpired();
  const { session_ok: _s, taken: _t, lines: _l, ...read } = row;
  const facts: PackageFacts = { ...read, version: Number(row.version) };
  // A line already added (a replay under another key) is answered as it is, before any check.
  if (row.taken) {
    const existing = await lineByClientId(db, owner, clientId!);
    if (existing) return existing;
  }
  checkLine(input, facts, now, site);
  if (row.lines >= MAX_LINES) throw cartFull();
  const { totalPrice, columns, values } = lineValues(owner, site, input, facts, now);
  const inserted = await db.execute<{ id: number }>(sql`
    insert into cart_items ${columns} values (${values})
    on conflict (owner, client_id) do nothing
    returning id`);
  if (inserted.rows.length === 0) {
    // On Postgres a concurrent request may add the same clientId first: answer with its line
    // (gone again already: fail without storing anything, and the client retries).
    const existing = await lineByClientId(db, owner, clientId!);
    if (!existing) throw new Error('A cart line with this clientId came and went while it was added.');
    return existing;
  }
  return addedLine(inserted.rows[0]!.id, site, input, facts, totalPrice, now);
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
