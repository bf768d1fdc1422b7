// Reading a cart's lines: a line's columns and its shape in the API, and an owner's lines on a site (GetCart's hot
// path).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartGroup, CartItem } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { cartItems, cities, packages } from '../../db/schema.ts';

/** 'guest:<tempUserId>' or 'user:<id>': whose cart a line is in. */
export type Owner = `guest:${string}` | `user:${number}`;

export const lineColumns = {
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

export type LineRow = { [K in keyof typeof lineColumns]: unknown } & {
  id: number;
  createdAt: Date;
  countryId: number;
  site: string;
  onSale: boolean;
};

/** Overseas for the site: India's TCS applies to packages outside India, and the UAE site's are outside the UAE. */
export const overseasFor = (site: string, countryId: number) => countryId !== (site === 'IN' ? 101 : 231);

export function toItem(row: LineRow): CartItem {
  const { id, createdAt, countryId, onSale: _onSale, ...rest } = row;
  return {
    CartId: id,
    ...(rest as Omit<CartItem, 'CartId' | 'createdAt'>),
    createdAt: createdAt.toISOString(),
    overseas: overseasFor(row.site, countryId),
  };
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

export async function cartRows(db: Db, owner: Owner, site: Site): Promise<LineRow[]> {
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

/** The line with this clientId in the owner's cart, if any. */
export async function lineByClientId(db: Db, owner: Owner, clientId: string): Promise<CartItem | undefined> {
  const [existing] = await lines(db)
    .where(and(eq(cartItems.owner, owner), eq(cartItems.clientId, clientId)))
    .limit(1);
  return existing ? toItem(existing as LineRow) : undefined;
}
