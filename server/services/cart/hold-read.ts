// Reading the lines a hold takes: the chosen lines, and a signed-in hold's one statement with its session and
// departures' rooms.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartItem } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, cities, packages } from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import { turnBatcher } from '../../lib/turn-batch.ts';
import { liveSessionWhere } from '../sessions.ts';
import { cartRows, lineColumns, toItem, type LineRow, type Owner } from './read.ts';

/**
 * The lines a hold takes (the chosen ones, or the site's whole cart), refused when gone, empty or no longer on sale.
 */
export async function linesToHold(
  db: Db,
  owner: Owner,
  site: Site,
  cartIds: number[] | undefined,
): Promise<CartItem[]> {
  return chosenLines(await cartRows(db, owner, site), cartIds).map(toItem);
}

export function chosenLines<R extends LineRow>(all: R[], cartIds: number[] | undefined): R[] {
  let rows = all;
  if (cartIds?.length) {
    const missing = cartIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length)
      throw notFound('Some of these items are no longer in your cart. Refresh your cart and try again.');
    rows = rows.filter((r) => cartIds.includes(r.id));
  }
  if (rows.length === 0) throw invalid('Your cart is empty: add a holiday first.');
  // A package taken off the shop (unpublished or no longer priced here) since it was added is not
  // held: read with the lines (one statement fewer for each hold of a sale's rush).
  const gone = rows.find((r) => !r.onSale);
  if (gone)
    throw conflict(
      `${String(gone.title)} is no longer on sale on this site. Remove it from your cart and continue to booking again.`,
    );
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
      sessionOk: sql<boolean>`(${tokenHash} is null or ${liveSessionWhere(tokenHash, userId, p('now'))})`,
      capacity: sql<
        number | null
      >`coalesce((select d.rooms from departures d where ${sameDeparture}), ${packages.roomsPerDeparture})`,
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
        ? and(
            sql`${cartItems.owner} = any(${p('owners')}::text[])`,
            sql`${cartItems.site} = (${p('sites')}::text[])[${at}]`,
          )
        : and(eq(cartItems.owner, p('owner')), eq(cartItems.site, p('site'))),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare(many ? 'hold_lines_many' : 'hold_lines');
}
const builtHoldLines = new WeakMap<Db, ReturnType<typeof holdLinesQuery>>();
const builtHoldLinesMany = new WeakMap<Db, ReturnType<typeof holdLinesQuery>>();

type HoldRow = LineRow & {
  owner: string;
  sessionOk: boolean;
  capacity: number | null;
  sold: number | null;
  stopSale: boolean | null;
  held: number;
  heldMine: number;
};
export type HoldRead = { owner: string; site: Site; now: string; tokenHash: string | null; userId: number | null };

/** holdLinesQuery for one owner. */
export async function holdRows(db: Db, read: HoldRead): Promise<HoldRow[]> {
  let query = builtHoldLines.get(db);
  if (!query) builtHoldLines.set(db, (query = holdLinesQuery(db)));
  return (await query.execute(read)) as HoldRow[];
}

/**
 * holdRows, with the holds other requests of this process read in the same turn of the event loop:
 * one statement for up to 100 owners (a sale's 500 holds at once; server/lib/turn-batch.ts).
 */
export function holdRowsBatched(db: Db): (read: HoldRead) => Promise<HoldRow[]> {
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
