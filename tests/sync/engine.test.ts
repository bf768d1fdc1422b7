import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  addToCart,
  discardChange,
  holdCart,
  removeFromCart,
  retryChange,
  type CartIdentity,
  type PackageSummary,
} from '../../src/features/cart/cart-ops.ts';
import { NetworkError } from '../../src/lib/api-client.ts';
import { openShopDb, type ShopDb } from '../../src/lib/db.ts';
import { syncOutbox } from '../../src/lib/sync/engine.ts';
import { backgroundSync, ChangesStillWaiting } from '../../src/lib/sync/background-sync.ts';
import { createHttpTransport, type Transport } from '../../src/lib/sync/transport.ts';

// The engine against the real API in process (real HTTP, real Postgres engine), with
// fake-indexeddb standing in for the browser's IndexedDB here; the browser tests use the real one.
let t: TestApp;
let origin: string;
let pkg: PackageSummary;
let db: ShopDb;
let who: CartIdentity;
let n = 0;

function inDays(d: number) {
  const x = new Date();
  x.setUTCDate(x.getUTCDate() + d);
  return x.toISOString().slice(0, 10);
}
const party = { travelDate: inDays(30), adults: 2, children: 0, infants: 0, rooms: 1 };

async function serverLines(site: 'UAE' | 'IN' = 'UAE') {
  const groups = await createHttpTransport(origin).fetchCart(site, who.id);
  return groups.flatMap((g) => g.data);
}

/** The real transport, with faults switched in. */
function flaky(opts: { failSends?: number; status500?: number; loseAnswers?: number } = {}) {
  const real = createHttpTransport(origin);
  let failSends = opts.failSends ?? 0;
  let status500 = opts.status500 ?? 0;
  let loseAnswers = opts.loseAnswers ?? 0;
  let sends = 0;
  const transport: Transport = {
    async send(entry) {
      sends++;
      if (failSends > 0) {
        failSends--;
        throw new NetworkError();
      }
      if (status500 > 0) {
        status500--;
        const { ApiError } = await import('../../src/lib/api-client.ts');
        throw new ApiError('Something went wrong on our side. Please try again in a moment.', 'error', 500);
      }
      const data = await real.send(entry);
      if (loseAnswers > 0) {
        // The server applied the change but the answer never reached the phone.
        loseAnswers--;
        throw new NetworkError();
      }
      return data;
    },
    fetchCart: real.fetchCart,
  };
  return { transport, sends: () => sends };
}

beforeAll(async () => {
  // Sync order is under test here, not the guest hold limits (tests/api/hold-limits.test.ts).
  t = await createTestApp({
    config: { HOLD_GUEST_MAX_ROOMS: 1000, HOLD_GUEST_MAX_HOLDS: 100, HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: 100_000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const res = await fetch(`${origin}/api/Common/Holiday/GetFeaturedPackages?limit=1`);
  const card = (await res.json()).data.packages[0];
  pkg = card;
});
afterAll(() => t.close());

beforeEach(async () => {
  db = openShopDb(`test-${++n}`);
  const guestId = `guest-engine-${String(n).padStart(4, '0')}`;
  who = { owner: `guest:${guestId}`, id: { tempUserId: guestId } };
});

describe('sync engine', () => {
  it('keeps an offline add, then puts exactly one line on the server', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    const offline = flaky({ failSends: 1 });
    const r1 = await syncOutbox({ db, transport: offline.transport });
    expect(r1).toMatchObject({ sent: 0, waiting: true });
    expect(await db.cartLines.toArray()).toMatchObject([{ state: 'pending', cartId: null }]);

    const r2 = await syncOutbox({ db, transport: flaky().transport, now: () => Date.now() + 120_000 });
    expect(r2.sent).toBe(1);
    expect(await serverLines()).toHaveLength(1);
    const [line] = await db.cartLines.toArray();
    expect(line).toMatchObject({ state: 'synced', cartId: expect.any(Number) });
    expect(await db.outbox.count()).toBe(0);
    await syncOutbox({ db, transport: flaky().transport });
    expect(await serverLines()).toHaveLength(1);
  });

  it('never doubles a change whose answer was lost: the retry is replayed', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    const lossy = flaky({ loseAnswers: 1 });
    await syncOutbox({ db, transport: lossy.transport });
    expect(await serverLines()).toHaveLength(1);
    await syncOutbox({ db, transport: lossy.transport, now: () => Date.now() + 120_000 });
    expect(lossy.sends()).toBe(2);
    expect(await serverLines()).toHaveLength(1);
    expect(await db.cartLines.toArray()).toMatchObject([{ state: 'synced' }]);
  });

  it('waits with backoff through server errors and recovers', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    await addToCart(db, who, 'UAE', pkg, { ...party, adults: 1 });
    const sick = flaky({ status500: 2 });
    let clock = Date.now();
    await syncOutbox({ db, transport: sick.transport, now: () => clock });
    const [waiting] = await db.outbox.toArray();
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.nextAttemptAt).toBeGreaterThan(clock);
    // Not due yet: nothing more is sent.
    const sentSoFar = sick.sends();
    await syncOutbox({ db, transport: sick.transport, now: () => clock });
    expect(sick.sends()).toBe(sentSoFar);
    clock += 120_000;
    await syncOutbox({ db, transport: sick.transport, now: () => clock });
    clock += 120_000;
    await syncOutbox({ db, transport: sick.transport, now: () => clock });
    expect(await serverLines()).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks a refused change failed with the server’s message; retry or discard', async () => {
    await addToCart(db, who, 'UAE', pkg, { ...party, travelDate: inDays(-3) });
    const r = await syncOutbox({ db, transport: flaky().transport });
    expect(r.failed).toBe(1);
    const [line] = await db.cartLines.toArray();
    expect(line).toMatchObject({ state: 'failed', error: 'travelDate: choose a date from tomorrow onwards.' });
    await retryChange(db, line!.id);
    expect(await db.cartLines.get(line!.id)).toMatchObject({ state: 'pending' });
    await syncOutbox({ db, transport: flaky().transport });
    await discardChange(db, line!.id);
    expect(await db.cartLines.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await serverLines()).toHaveLength(0);
  });

  it('cancels the queued add when a line never synced is removed, and removes synced lines on the server', async () => {
    const unsynced = await addToCart(db, who, 'UAE', pkg, party);
    await removeFromCart(db, who, unsynced.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.cartLines.count()).toBe(0);

    const synced = await addToCart(db, who, 'UAE', pkg, party);
    await syncOutbox({ db, transport: flaky().transport });
    expect(await serverLines()).toHaveLength(1);
    await removeFromCart(db, who, synced.id);
    expect(await db.cartLines.get(synced.id)).toMatchObject({ state: 'removing' });
    await syncOutbox({ db, transport: flaky().transport });
    expect(await serverLines()).toHaveLength(0);
    expect(await db.cartLines.count()).toBe(0);
  });

  it('takes a line off the server when it was removed here while its add was in flight', async () => {
    const line = await addToCart(db, who, 'UAE', pkg, party);
    const real = createHttpTransport(origin);
    const racing: Transport = {
      async send(entry) {
        const data = await real.send(entry);
        if (entry.kind === 'cart.add') await db.cartLines.delete(line.id);
        return data;
      },
      fetchCart: real.fetchCart,
    };
    await syncOutbox({ db, transport: racing });
    expect(await serverLines()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes a line off the server when it was removed here after its add landed with the answer lost', async () => {
    const line = await addToCart(db, who, 'UAE', pkg, party);
    // The server adds the line; the phone never hears so (and cannot pull the cart either).
    const lost = flaky({ loseAnswers: 1 }).transport;
    await syncOutbox({ db, transport: { send: lost.send, fetchCart: async () => Promise.reject(new NetworkError()) } });
    expect(await serverLines()).toHaveLength(1);
    await removeFromCart(db, who, line.id);
    // Hidden at once; its removal goes by the line's own id, as its CartId never arrived.
    expect(await db.cartLines.get(line.id)).toMatchObject({ state: 'removing', cartId: null });
    expect((await db.outbox.toArray()).map((e) => [e.kind, e.params.clientId])).toEqual([['cart.remove', line.id]]);
    await syncOutbox({ db, transport: flaky().transport, current: { owner: who.owner, site: 'UAE', id: who.id } });
    expect(await serverLines()).toHaveLength(0);
    expect(await db.cartLines.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a line removed after its add failed without reaching the server: the removal finds nothing, and that is done', async () => {
    const line = await addToCart(db, who, 'UAE', pkg, party);
    await syncOutbox({ db, transport: flaky({ status500: 1 }).transport });
    await removeFromCart(db, who, line.id);
    await syncOutbox({ db, transport: flaky().transport });
    expect(await db.cartLines.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await serverLines()).toHaveLength(0);
  });

  it('pulls the server’s cart: lines added elsewhere appear, lines removed elsewhere go, pending ones stay', async () => {
    const other = openShopDb(`test-other-${n}`);
    await addToCart(other, who, 'UAE', pkg, party);
    await syncOutbox({ db: other, transport: flaky().transport });
    await addToCart(db, who, 'UAE', pkg, { ...party, adults: 3 });
    await syncOutbox({
      db,
      transport: flaky({ failSends: 1 }).transport,
      current: { owner: who.owner, site: 'UAE', id: who.id },
    });
    const lines = await db.cartLines.toArray();
    expect(lines.map((l) => l.state).sort()).toEqual(['pending', 'synced']);
    // Removed on the other device: gone here at the next pull.
    const [fromOther] = await other.cartLines.toArray();
    await removeFromCart(other, who, fromOther!.id);
    await syncOutbox({ db: other, transport: flaky().transport });
    await syncOutbox({
      db,
      transport: flaky({ failSends: 1 }).transport,
      current: { owner: who.owner, site: 'UAE', id: who.id },
    });
    expect((await db.cartLines.toArray()).map((l) => l.state)).toEqual(['pending']);
  });

  it('never wipes the local cart when the cart cannot be fetched', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    await syncOutbox({ db, transport: flaky().transport });
    const broken: Transport = {
      send: flaky().transport.send,
      fetchCart: async () => Promise.reject(new NetworkError()),
    };
    await syncOutbox({ db, transport: broken, current: { owner: who.owner, site: 'UAE', id: who.id } });
    expect(await db.cartLines.count()).toBe(1);
  });

  it('asks nothing of the server for a cart with neither token nor guest id', async () => {
    // Nothing listens on port 9: asking the server would reject.
    await expect(createHttpTransport('http://127.0.0.1:9').fetchCart('UAE', null)).resolves.toEqual([]);
  });

  it('keeps UAE and India lines apart, each in its own currency', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    await addToCart(db, who, 'IN', { ...pkg, price: { amount: 50_000, currency: 'INR' } }, party);
    await syncOutbox({ db, transport: flaky().transport });
    expect((await serverLines('UAE')).map((l) => l.currency)).toEqual(['AED']);
    expect((await serverLines('IN')).map((l) => l.currency)).toEqual(['INR']);
    const local = await db.cartLines.toArray();
    expect(local.map((l) => `${l.site}:${l.currency}`).sort()).toEqual(['IN:INR', 'UAE:AED']);
  });

  it('sends changes side by side but holds the cart only after every add before it', async () => {
    // One room a line, for parties every package's rooms take (two adults), within the smallest allotment.
    for (const adults of [1, 2, 1, 2, 1]) await addToCart(db, who, 'UAE', pkg, { ...party, adults });
    const id = await holdCart(db, who, 'UAE', 'AED', 0, 5);
    await addToCart(db, who, 'UAE', pkg, { ...party, adults: 2 });
    const r = await syncOutbox({ db, transport: flaky().transport });
    expect(r.sent).toBe(7);
    const hold = await db.tempBookings.get(id);
    expect(hold).toMatchObject({ state: 'held', itemCount: 5 });
    expect(await serverLines()).toHaveLength(6);
  });
});

describe('background sync (the service worker’s sync event)', () => {
  it('fails while a change is still waiting, so the browser retries it, and succeeds once the outbox is empty', async () => {
    await addToCart(db, who, 'UAE', pkg, party);
    const offline = flaky({ failSends: 1 });
    await expect(backgroundSync({ db, transport: offline.transport })).rejects.toBeInstanceOf(ChangesStillWaiting);
    expect(await db.outbox.count()).toBe(1);
    await expect(
      backgroundSync({ db, transport: flaky().transport, now: () => Date.now() + 120_000 }),
    ).resolves.toMatchObject({ sent: 1 });
    expect(await db.outbox.count()).toBe(0);
    expect(await serverLines()).toHaveLength(1);
  });
});
