import type { CartGroup, CartItem } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import { cartLineSchema, parseRows, type CartLine, type ShopDb } from '../db.ts';

export function lineFromServer(item: CartItem, owner: string, id: string): CartLine {
  return {
    id,
    owner,
    site: item.site,
    currency: item.currency,
    packageId: item.packageId,
    slug: item.slug,
    title: item.title,
    city: item.city,
    image: item.image,
    nights: item.nights,
    travelDate: item.travelDate,
    adults: item.adults,
    children: item.children,
    infants: item.infants,
    rooms: item.rooms,
    unitPrice: item.unitPrice,
    totalPrice: item.totalPrice,
    ...(item.overseas === undefined ? {} : { overseas: item.overseas }),
    ...(item.vatTreatment === undefined ? {} : { vatTreatment: item.vatTreatment }),
    cartId: item.CartId,
    state: 'synced',
    createdAt: Date.parse(item.createdAt) || Date.now(),
  };
}

function sameLine(a: CartLine, b: CartLine): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof CartLine)[]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Server truth plus pending local changes on top: lines the server has are taken as it has them
 * (its prices win), lines added here and not yet sent stay, lines the server no longer has are
 * dropped unless a change for them is still waiting.
 */
export async function reconcileCart(db: ShopDb, owner: string, site: Site, groups: CartGroup[]): Promise<void> {
  const server = groups.flatMap((g) => g.data);
  await db.transaction('rw', db.cartLines, db.outbox, async () => {
    const local = parseRows(cartLineSchema, await db.cartLines.where('[owner+site]').equals([owner, site]).toArray());
    for (const item of server) {
      const match =
        local.find((l) => l.cartId === item.CartId) ??
        local.find((l) => item.clientId !== null && l.id === item.clientId);
      if (!match) {
        await db.cartLines.put(lineFromServer(item, owner, item.clientId ?? `cart-${item.CartId}`));
      } else if (match.state !== 'removing') {
        const fresh: CartLine = { ...lineFromServer(item, owner, match.id), createdAt: match.createdAt };
        // Unchanged lines are left alone: no write, no wake-up for every view watching the cart.
        if (!sameLine(match, fresh)) await db.cartLines.put(fresh);
      }
    }
    for (const line of local) {
      if (line.cartId === null || server.some((s) => s.CartId === line.cartId)) continue;
      if (line.state === 'synced' || line.state === 'removing') {
        await db.cartLines.delete(line.id);
        await db.outbox.where('ref').equals(line.id).delete();
      }
    }
  });
}
