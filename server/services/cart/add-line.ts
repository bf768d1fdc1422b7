// Adding a line to a cart, in as few statements as it can (the hot path of an offline cart's sync and a sale's rush).
import { sql } from 'drizzle-orm';
import type { CartItem, CartItemFields } from '../../../contract/cart.ts';
import { priceLine } from '../../../contract/pricing.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { sessionExpired } from '../../lib/owner.ts';
import { liveSession, type SessionClaim } from '../sessions.ts';
import { addLineBatched, addOneLine, type AddLineValues } from './add-batch.ts';
import { addedLine, cartFull, checkLine, lineValues, MAX_LINES } from './new-line.ts';
import { factsFor, forgetFacts, packageFactsSql, type PackageFacts } from './package-facts.ts';
import { lineByClientId, type Owner } from './read.ts';

/**
 * What adding a line needs to know, in one round trip (see addLine): the package's facts (null when it is not on sale
 * here) and the owner's cart.
 */
type AddLineFacts = Pick<
  PackageFacts,
  'amount' | 'currency' | 'slug' | 'title' | 'city' | 'image' | 'nights' | 'max_adults_per_room' | 'max_people_per_room'
> & {
  /** This clientId is already a line in this owner's cart. */
  taken: boolean;
  /** Lines in the owner's cart on this site. */
  lines: number;
};

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
  const pkg = packageFactsSql(input.packageId, site);
  const { rows } = await db.execute<
    AddLineFacts & PackageFacts & { session_ok: boolean } & Record<string, unknown>
  >(sql`
    select f.session_ok, f.version, f.taken, f.lines, ${pkg.columns}
    from (
      select ${liveSession(opts.session, now)} as session_ok,
             (select version from content_version where id = 1) as version,
             exists(select 1 from cart_items where owner = ${owner} and client_id = ${clientId}) as taken,
             (select count(*)::int from cart_items where owner = ${owner} and site = ${site}) as lines
    ) f
    ${pkg.join}`);
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
