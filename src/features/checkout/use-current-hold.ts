import { useLiveQuery } from 'dexie-react-hooks';
import useSWR from 'swr';
import { createTempBooking, getTempBooking } from '../../../contract/cart-calls.ts';
import type { TempBooking } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import { callApi } from '../../lib/api-client.ts';
import { localTempBookingSchema, parseRows, shopDb } from '../../lib/db.ts';

export type HoldState =
  | { at: 'loading' }
  /** The cart's "Continue to booking" is still on its way to the server. */
  | { at: 'waiting' }
  | { at: 'refused'; message: string }
  | { at: 'none' }
  | { at: 'ready'; hold: TempBooking }
  | { at: 'error'; message: string };

/**
 * The hold this checkout books: the newest one of this traveller on this site. A hold the cart
 * queued on this device is waited for (it syncs in order, after the cart's own changes); the
 * server's list is the word on anything held elsewhere or before signing in.
 */
export function useCurrentHold(userId: string, site: Site, online: boolean) {
  const owner = `user:${userId}`;
  const local = useLiveQuery(async () => {
    const rows = await shopDb().tempBookings.where('[owner+site]').equals([owner, site]).toArray();
    return parseRows(localTempBookingSchema, rows).sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
  }, [owner, site]);
  const server = useSWR(
    online && local !== undefined && local?.state !== 'pending'
      ? ['checkout/holds', userId, site, local?.serverId ?? 0]
      : null,
    () => callApi(getTempBooking, {}, { auth: true, headers: { Country: site } }),
    { revalidateOnFocus: true },
  );

  let state: HoldState;
  if (local === undefined) state = { at: 'loading' };
  else if (local?.state === 'pending') state = { at: 'waiting' };
  else if (local?.state === 'failed')
    state = { at: 'refused', message: local.error ?? 'We could not hold your holidays.' };
  else if (server.error && !server.data) state = { at: 'error', message: server.error.message };
  else if (!server.data) state = { at: 'loading' };
  else {
    const live = server.data.filter(
      (h) => h.site === site && h.status === 'held' && Date.parse(h.holdExpiresAt) > Date.now(),
    );
    const hold = live.find((h) => h.TempBookingId === local?.serverId) ?? live[0];
    state = hold ? { at: 'ready', hold } : { at: 'none' };
  }

  /** Holds this site's cart again (a hold that ended, or none yet), straight from the server. */
  async function holdAgain() {
    await callApi(
      createTempBooking,
      {},
      { auth: true, headers: { Country: site }, idempotencyKey: `hold-${crypto.randomUUID()}` },
    );
    await server.mutate();
  }

  return { state, holdAgain, refresh: () => server.mutate() };
}
