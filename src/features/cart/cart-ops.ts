import { priceLine } from '../../../contract/pricing.ts';
import type { Money, Site } from '../../../contract/site.ts';
import { cartLineSchema, parseRows, type CartLine, type ShopDb } from '../../lib/db.ts';
import { withLock } from '../../lib/sync/engine.ts';
import type { IdParams } from '../../lib/sync/transport.ts';
import { announceCartDelta } from './cart-events.ts';

/** Who is acting, as the cart sees it. */
export interface CartIdentity {
  owner: string;
  id: IdParams;
}

export interface PackageSummary {
  id: number;
  slug: string;
  title: string;
  city: { name: string };
  heroImage: string;
  nights: number;
  price: Money;
  /** Overseas for the site (India: TCS) and the UAE VAT treatment, shown beside the line's price. */
  tax?: { overseas: boolean; vatTreatment: 'standard' | 'zero' | 'outside' };
}

export interface Party {
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
}

/**
 * Adds a line here at once and queues it for the server. `lineId` is for a caller that announced
 * the tap itself before this code had loaded (announcing the same line again changes nothing).
 */
export async function addToCart(
  db: ShopDb,
  who: CartIdentity,
  site: Site,
  pkg: PackageSummary,
  party: Party,
  { now = Date.now(), lineId }: { now?: number; lineId?: string } = {},
): Promise<CartLine> {
  const id = lineId ?? crypto.randomUUID();
  const line: CartLine = {
    id,
    owner: who.owner,
    site,
    currency: pkg.price.currency,
    packageId: pkg.id,
    slug: pkg.slug,
    title: pkg.title,
    city: pkg.city.name,
    image: pkg.heroImage,
    nights: pkg.nights,
    ...party,
    unitPrice: pkg.price.amount,
    totalPrice: priceLine(pkg.price.amount, party.adults, party.children),
    ...(pkg.tax ? { overseas: pkg.tax.overseas, vatTreatment: pkg.tax.vatTreatment } : {}),
    cartId: null,
    state: 'pending',
    createdAt: now,
  };
  announceCartDelta({ owner: who.owner, site, lineId: id, delta: 1 });
  try {
    await db.transaction('rw', db.cartLines, db.outbox, async () => {
      await db.cartLines.add(line);
      await db.outbox.add({
        id: crypto.randomUUID(),
        kind: 'cart.add',
        owner: who.owner,
        site,
        ref: id,
        params: { ...who.id, packageId: pkg.id, ...party, clientId: id },
        state: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      });
    });
  } catch (err) {
    announceCartDelta({ owner: who.owner, site, lineId: id, delta: 0 });
    throw err;
  }
  return line;
}

/**
 * Removes a line here at once. A line the server never had is simply dropped with its queued add;
 * otherwise its removal is queued: by its CartId, or (ours) by the line's own id when its CartId is
 * not known yet.
 *
 * "Never had" is certain only for an add never tried while no sync runs (a running one may be
 * sending it right now): that is checked under the sync lock. An add tried before may have landed
 * with its answer lost (a 500 after the work, a server killed before it answered): dropping it
 * would leave the line on the server, and the next pull would bring it back.
 */
export async function removeFromCart(db: ShopDb, who: CartIdentity, lineId: string, now = Date.now()): Promise<void> {
  const announceRemoval = (line: CartLine) => {
    if (line.state !== 'removing') announceCartDelta({ owner: who.owner, site: line.site, lineId, delta: -1 });
  };
  const dropped = await withLock(() =>
    db.transaction('rw', db.cartLines, db.outbox, async () => {
      const [line] = parseRows(cartLineSchema, [await db.cartLines.get(lineId)]);
      if (!line || line.cartId !== null) return false;
      const queued = await db.outbox.where('ref').equals(lineId).toArray();
      // Tried and not refused (a refusal means the server has nothing): it may be there.
      if (queued.some((entry) => entry.attempts > 0 && entry.state !== 'failed')) return false;
      announceRemoval(line);
      await db.outbox.where('ref').equals(lineId).delete();
      await db.cartLines.delete(lineId);
      return true;
    }),
  );
  if (dropped) return;
  await db.transaction('rw', db.cartLines, db.outbox, async () => {
    const [line] = parseRows(cartLineSchema, [await db.cartLines.get(lineId)]);
    if (!line) return;
    announceRemoval(line);
    await db.outbox.where('ref').equals(lineId).delete();
    await db.cartLines.update(lineId, { state: 'removing', error: undefined });
    await db.outbox.add({
      id: crypto.randomUUID(),
      kind: 'cart.remove',
      owner: who.owner,
      site: line.site,
      ref: lineId,
      // Sent after any add of this line still on its way (the engine keeps one line's changes in order).
      params: line.cartId === null ? { ...who.id, clientId: lineId } : { ...who.id, CartId: line.cartId },
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
  });
}

/** Queues a temporary booking of this site's cart; the hold starts when the server confirms. */
export async function holdCart(
  db: ShopDb,
  who: CartIdentity,
  site: Site,
  currency: Money['currency'],
  total: number,
  itemCount: number,
  signature?: string,
  now = Date.now(),
) {
  const id = crypto.randomUUID();
  await db.transaction('rw', db.tempBookings, db.outbox, async () => {
    await db.tempBookings.add({
      id,
      owner: who.owner,
      site,
      currency,
      state: 'pending',
      serverId: null,
      holdExpiresAt: null,
      total,
      itemCount,
      signature,
      createdAt: now,
    });
    await db.outbox.add({
      id: crypto.randomUUID(),
      kind: 'tempBooking.create',
      owner: who.owner,
      site,
      ref: id,
      params: { ...who.id },
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
  });
  return id;
}

/** Try a refused change again. */
export async function retryChange(db: ShopDb, ref: string, now = Date.now()) {
  await db.transaction('rw', db.cartLines, db.outbox, db.tempBookings, async () => {
    await db.outbox
      .where('ref')
      .equals(ref)
      .modify({ state: 'pending', attempts: 0, nextAttemptAt: now, error: undefined });
    const line = await db.cartLines.get(ref);
    if (line)
      await db.cartLines.update(ref, {
        state: line.state === 'failed' ? (line.cartId === null ? 'pending' : 'removing') : line.state,
        error: undefined,
      });
    const booking = await db.tempBookings.get(ref);
    if (booking) await db.tempBookings.update(ref, { state: 'pending', error: undefined });
  });
}

/** Give up a refused change: an add disappears, a removal is undone, a hold is dropped. */
export async function discardChange(db: ShopDb, ref: string) {
  await db.transaction('rw', db.cartLines, db.outbox, db.tempBookings, async () => {
    await db.outbox.where('ref').equals(ref).delete();
    const line = await db.cartLines.get(ref);
    if (line) {
      if (line.cartId === null) await db.cartLines.delete(ref);
      else await db.cartLines.update(ref, { state: 'synced', error: undefined });
    }
    await db.tempBookings.delete(ref);
  });
}
