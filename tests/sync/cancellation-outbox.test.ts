import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/lib/api-client.ts';
import { openShopDb } from '../../src/lib/db.ts';
import { queueCancellation, queuedCancellation } from '../../src/lib/sync/cancellation-queue.ts';
import { syncOutbox } from '../../src/lib/sync/engine.ts';
import { createHttpTransport, type Transport } from '../../src/lib/sync/transport.ts';
import { count, createBookingKit, siteBooking, sql, traveller, type BookingKit } from '../support/booking-kit.ts';

/*
 * "A cancellation request made offline arrives exactly once" (issue 20): the request waits in the
 * device's outbox, goes through the same sync engine as the cart over real HTTP, and however often
 * it is sent (no network, a lost answer, a second tap) the server records one request.
 */

let kit: BookingKit;
let origin: string;
let n = 0;

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  const address = kit.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(async () => kit?.close());

/** The real transport, with sends failing as no network, and answers lost after the server applied them. */
function flaky(opts: { failSends?: number; loseAnswers?: number }) {
  const real = createHttpTransport(origin);
  let failSends = opts.failSends ?? 0;
  let loseAnswers = opts.loseAnswers ?? 0;
  let sends = 0;
  const transport: Transport = {
    async send(entry) {
      sends++;
      if (failSends-- > 0) throw new NetworkError();
      const data = await real.send(entry);
      if (loseAnswers-- > 0) throw new NetworkError();
      return data;
    },
    fetchCart: real.fetchCart,
  };
  return { transport, sends: () => sends };
}

async function booked() {
  const who = await traveller(kit);
  const data = await siteBooking(kit, who, 'UAE', 1, 'pay-later');
  return { who, userId: String(who.userId), ref: data.RefIdKey as string, id: data.BookingId as number };
}

describe('a cancellation request made offline', () => {
  it('waits through no network and a lost answer, then arrives exactly once', async () => {
    const b = await booked();
    const db = openShopDb(`cancel-${++n}`);
    let clock = Date.now();
    const now = () => clock;
    const key = await queueCancellation(
      db,
      { refIdKey: b.ref, reason: 'Visa not granted in time.', token: b.who.token, userId: b.userId, site: 'UAE' },
      clock,
    );
    // A second tap while it waits: still one request on the device.
    await queueCancellation(
      db,
      { refIdKey: b.ref, reason: 'Visa not granted in time.', token: b.who.token, userId: b.userId, site: 'UAE' },
      clock,
    );
    expect(await db.outbox.count()).toBe(1);

    const offline = flaky({ failSends: 1 });
    expect(await syncOutbox({ db, transport: offline.transport, now })).toMatchObject({ sent: 0, waiting: true });
    expect(await count(kit, sql`select count(*)::int as n from cancellation_requests where booking_id = ${b.id}`)).toBe(
      0,
    );

    // Back online, but the answer is lost on the way back: the server has it, the phone does not know.
    clock += 120_000;
    const lossy = flaky({ loseAnswers: 1 });
    expect(await syncOutbox({ db, transport: lossy.transport, now })).toMatchObject({ sent: 0, waiting: true });
    expect((await queuedCancellation(db, b.ref))?.state).toBe('pending');

    clock += 120_000;
    const good = flaky({});
    expect(await syncOutbox({ db, transport: good.transport, now })).toMatchObject({ sent: 1, failed: 0 });
    expect(await queuedCancellation(db, b.ref)).toBeNull();

    const { rows } = await kit.database.db.execute<{ client_key: string; status: string; reason: string }>(
      sql`select client_key, status, reason from cancellation_requests where booking_id = ${b.id}`,
    );
    expect(rows).toEqual([{ client_key: key, status: 'pending', reason: 'Visa not granted in time.' }]);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from mail_outbox where booking_id = ${b.id} and kind = 'cancellation-requested'`,
      ),
    ).toBe(1);
  });

  it("keeps a refused request on the device with the server's words, and sends nothing more", async () => {
    const b = await booked();
    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.id}`);
    const db = openShopDb(`cancel-${++n}`);
    await queueCancellation(db, {
      refIdKey: b.ref,
      reason: 'Plans changed.',
      token: b.who.token,
      userId: b.userId,
      site: 'UAE',
    });
    const t = flaky({});
    expect(await syncOutbox({ db, transport: t.transport })).toMatchObject({ sent: 0, failed: 1 });
    expect(await queuedCancellation(db, b.ref)).toMatchObject({
      state: 'failed',
      error: 'This booking is already cancelled.',
    });
    expect(await syncOutbox({ db, transport: t.transport })).toMatchObject({ sent: 0, failed: 0 });
    expect(t.sends()).toBe(1);
    expect(await count(kit, sql`select count(*)::int as n from cancellation_requests where booking_id = ${b.id}`)).toBe(
      0,
    );
  });
});
