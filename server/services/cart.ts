import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHILD_FARE_SHARE, type CartGroup, type CartItem, type CartItemFields, type TempBooking } from '../../contract/cart.ts';
import { SITE_CURRENCY, type Currency, type Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { cartItems, cities, packagePrices, packages, tempBookings } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/envelope.ts';

/** 'guest:<tempUserId>' or 'user:<id>': whose cart a line is in. */
export type Owner = `guest:${string}` | `user:${number}`;

const MAX_LINES = 20;
const MAX_DAYS_AHEAD = 540;

export function priceLine(unit: number, adults: number, children: number): number {
  return unit * adults + Math.round(unit * CHILD_FARE_SHARE) * children;
}

function checkTravelDate(travelDate: string, now: Date) {
  const date = new Date(`${travelDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== travelDate) throw badRequest('travelDate: is not a real date.');
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const days = (date.getTime() - today.getTime()) / 86_400_000;
  if (days < 1) throw badRequest('travelDate: choose a date from tomorrow onwards.');
  if (days > MAX_DAYS_AHEAD) throw badRequest('travelDate: we take bookings up to 18 months ahead.');
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
};

type LineRow = { [K in keyof typeof lineColumns]: unknown } & { id: number; createdAt: Date };

function toItem(row: LineRow): CartItem {
  const { id, createdAt, ...rest } = row;
  return { CartId: id, ...(rest as Omit<CartItem, 'CartId' | 'createdAt'>), createdAt: createdAt.toISOString() };
}

function lines(db: Db) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(packages, eq(packages.id, cartItems.packageId))
    .innerJoin(cities, eq(cities.id, packages.cityId))
    .$dynamic();
}

export async function cartLines(db: Db, owner: Owner, site: Site): Promise<CartItem[]> {
  const rows = await lines(db)
    .where(and(eq(cartItems.owner, owner), eq(cartItems.site, site)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => toItem(r as LineRow));
}

/** GetCart's shape: lines grouped by destination, in the order they were added. */
export function groupLines(items: CartItem[]): CartGroup[] {
  const groups = new Map<string, CartItem[]>();
  for (const item of items) groups.set(item.city, [...(groups.get(item.city) ?? []), item]);
  return [...groups].map(([group, data]) => ({ group, data }));
}

/** Adds a line, priced by us in the site's currency. The same clientId twice is one line. */
export async function addLine(db: Db, owner: Owner, site: Site, input: CartItemFields, now = new Date()): Promise<CartItem> {
  if (input.clientId) {
    const [existing] = await lines(db).where(and(eq(cartItems.owner, owner), eq(cartItems.clientId, input.clientId))).limit(1);
    if (existing) return toItem(existing as LineRow);
  }
  checkTravelDate(input.travelDate, now);
  if (input.rooms > input.adults) throw badRequest('rooms: each room needs at least one adult.');
  if (input.infants > input.adults) throw badRequest('infants: each infant travels with an adult.');
  // Price, the package's card fields and the size of the cart, in one round trip.
  const [info] = await db
    .select({
      amount: packagePrices.amount,
      currency: packagePrices.currency,
      slug: packages.slug,
      title: packages.title,
      city: cities.name,
      image: packages.heroImage,
      nights: packages.nights,
      lines: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.owner} = ${owner} and ${cartItems.site} = ${site})`,
    })
    .from(packagePrices)
    .innerJoin(packages, eq(packages.id, packagePrices.packageId))
    .innerJoin(cities, eq(cities.id, packages.cityId))
    .where(and(eq(packagePrices.packageId, input.packageId), eq(packagePrices.site, site)))
    .limit(1);
  if (!info) throw notFound('This holiday is not on sale on this site.');
  if (info.lines >= MAX_LINES) throw badRequest(`Your cart holds at most ${MAX_LINES} holidays. Book or remove some first.`);
  const totalPrice = priceLine(info.amount, input.adults, input.children);
  const [row] = await db
    .insert(cartItems)
    .values({
      owner,
      site,
      currency: info.currency,
      packageId: input.packageId,
      travelDate: input.travelDate,
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      rooms: input.rooms,
      options: input.options,
      unitPrice: info.amount,
      totalPrice,
      clientId: input.clientId ?? null,
      createdAt: now,
    })
    .returning({ id: cartItems.id, createdAt: cartItems.createdAt });
  return {
    CartId: row!.id,
    clientId: input.clientId ?? null,
    site,
    currency: info.currency as Currency,
    packageId: input.packageId,
    slug: info.slug,
    title: info.title,
    city: info.city,
    image: info.image,
    nights: info.nights,
    travelDate: input.travelDate,
    adults: input.adults,
    children: input.children,
    infants: input.infants,
    rooms: input.rooms,
    unitPrice: info.amount,
    totalPrice,
    createdAt: row!.createdAt.toISOString(),
  };
}

export async function removeLine(db: Db, owner: Owner, cartId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartId), eq(cartItems.owner, owner)))
    .returning({ id: cartItems.id });
  // Someone else's line and a line that is gone read the same: nothing is revealed.
  if (removed.length === 0) throw notFound('This item is no longer in your cart.');
}

/**
 * At sign-in the guest's lines move to the traveller's cart. A line already there (same clientId,
 * or same holiday, date and party) is not added twice.
 */
export async function mergeGuestCart(db: Db, guest: Owner, user: Owner): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
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
  return {
    TempBookingId: row.id,
    site: row.site as Site,
    currency: row.currency as Currency,
    items: row.items as CartItem[],
    total: row.total,
    status: row.holdExpiresAt > now ? 'held' : 'expired',
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Holds the chosen lines (or the whole cart of this site) at today's prices for a while. */
export async function createTempBooking(db: Db, owner: Owner, site: Site, holdMinutes: number, cartIds?: number[], now = new Date()): Promise<TempBooking> {
  let items = await cartLines(db, owner, site);
  if (cartIds?.length) {
    const missing = cartIds.filter((id) => !items.some((i) => i.CartId === id));
    if (missing.length) throw notFound('Some of these items are no longer in your cart. Refresh your cart and try again.');
    items = items.filter((i) => cartIds.includes(i.CartId));
  }
  if (items.length === 0) throw badRequest('Your cart is empty: add a holiday first.');
  const [row] = await db
    .insert(tempBookings)
    .values({
      owner,
      site,
      currency: SITE_CURRENCY[site],
      items,
      total: items.reduce((sum, i) => sum + i.totalPrice, 0),
      status: 'held',
      holdExpiresAt: new Date(now.getTime() + holdMinutes * 60_000),
      createdAt: now,
    })
    .returning();
  return toTempBooking(row!, now);
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
