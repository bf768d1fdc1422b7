import { mergeGuestCart } from '../../../contract/cart-calls.ts';
import type { Site } from '../../../contract/site.ts';
import { callApi } from '../../lib/api-client.ts';
import { cartLineSchema, outboxEntrySchema, parseRows, shopDb } from '../../lib/db.ts';
import { syncOutbox } from '../../lib/sync/engine.ts';
import { requestSync } from './sync-runner.ts';

/**
 * At sign-in the guest's cart joins the traveller's: the guest's waiting changes are sent first
 * (as the guest), the server moves the guest's lines without duplicates, and anything still
 * waiting here is re-addressed to the traveller.
 */
export async function mergeGuestCartOnSignIn(opts: { guestId: string; token: string; userId: string; site: Site }) {
  const db = shopDb();
  const guest = `guest:${opts.guestId}`;
  const user = `user:${opts.userId}`;
  await syncOutbox({ db, current: { owner: guest, site: opts.site, id: { tempUserId: opts.guestId } } });
  await callApi(
    mergeGuestCart,
    { tempUserId: opts.guestId },
    { headers: { Authorization: `Bearer ${opts.token}`, Country: opts.site } },
  );
  await db.transaction('rw', db.cartLines, db.outbox, db.tempBookings, async () => {
    // The server moved the guest's live hold to the traveller: so does this device.
    await db.tempBookings.filter((t) => t.owner === guest).modify({ owner: user });
    for (const line of parseRows(cartLineSchema, await db.cartLines.filter((l) => l.owner === guest).toArray())) {
      if (line.state === 'synced') await db.cartLines.delete(line.id);
      else await db.cartLines.update(line.id, { owner: user });
    }
    for (const entry of parseRows(outboxEntrySchema, await db.outbox.toArray())) {
      if (entry.owner !== guest) continue;
      const { tempUserId: _guest, ...rest } = entry.params;
      await db.outbox
        .where('id')
        .equals(entry.id)
        .modify({ owner: user, params: { ...rest, Token: opts.token } });
    }
  });
  await requestSync();
}
