// A package's facts for adding a line: read with the content version, and remembered per package and site.
import { sql } from 'drizzle-orm';
import type { Currency, Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';

/** A package's facts on a site for adding a line, as read at a content version (see addLine). */
export interface PackageFacts {
  version: number;
  amount: number | null;
  currency: Currency | null;
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

export async function factsFor(db: Db, scope: object, packageId: number, site: Site): Promise<PackageFacts | null> {
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
export function forgetFacts(scope: object, packageId: number, site: Site) {
  knownFacts.get(scope)?.delete(`${packageId}|${site}`);
}

/**
 * A package's facts on a site (PackageFacts but its version) in a select of one row: their columns, and the join that
 * leaves them null when the package is not on sale there. Read here and by addLine's second path.
 */
export function packageFactsSql(packageId: number, site: Site) {
  return {
    columns: sql`pp.amount, pp.currency, p.slug, p.title, c.name as city, p.hero_image as image,
           p.nights, c.country_id, p.vat_treatment, p.max_adults_per_room, p.max_people_per_room`,
    join: sql`left join (package_prices pp
      join packages p on p.id = pp.package_id
      join cities c on c.id = p.city_id) on pp.package_id = ${packageId} and pp.site = ${site} and p.published`,
  };
}

/** A package's facts on a site with the content version they were read at: one row, amount null when not on sale. */
async function readFacts(db: Db, packageId: number, site: Site): Promise<PackageFacts> {
  const facts = packageFactsSql(packageId, site);
  const { rows } = await db.execute<PackageFacts & Record<string, unknown>>(sql`
    select (select version from content_version where id = 1) as version, ${facts.columns}
    from (select 1) one
    ${facts.join}`);
  return { ...rows[0]!, version: Number(rows[0]!.version) };
}
