import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../support/account-kit.ts';
import { createTestApp } from '../support/test-app.ts';
import {
  call,
  createBookingKit,
  findPackage,
  freshDate,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * Fair holds (issue 19): a guest holds a few rooms at a time, for ten minutes until they sign in,
 * and guests at one client address a few rooms an hour. Signed-in travellers are not limited.
 */

let kit: BookingKit;
let packageId: number;
let guests = 0;
const newGuest = () => `guest-hold-limit-${String(++guests).padStart(4, '0')}`;

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  packageId = (await findPackage(kit, { rooms: 'unlimited' })).id;
});
afterAll(() => kit.close());

/** Puts one line of `rooms` rooms (as many adults) in a guest's cart and holds it, from `ip`. */
async function guestHold(guest: string, ip: string, rooms: number, site: 'UAE' | 'IN' = 'UAE') {
  const added = await call(
    kit.app,
    'POST',
    'CreateCart',
    { packageId, travelDate: freshDate(), adults: rooms, rooms, tempUserId: guest },
    { ip, headers: { country: site } },
  );
  if (added.status !== 200) throw new Error(`CreateCart: ${added.body.message}`);
  return call(
    kit.app,
    'POST',
    'CreateTempBooking',
    { tempUserId: guest, CartIds: added.body.data.CartId },
    { ip, headers: { country: site } },
  );
}

describe('guest hold limits', () => {
  it('refuses a guest more than 4 rooms at once, saying to sign in or remove rooms', async () => {
    const ip = freshIp();
    const refused = await guestHold(newGuest(), ip, 5);
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe('error');
    expect(refused.body.message).toMatch(/at most 4 rooms at once.*Sign in to hold more.*remove rooms/);
    expect((await guestHold(newGuest(), ip, 4)).status).toBe(200);
  });

  it('counts the rooms of a guest’s holds on both sites together', async () => {
    const guest = newGuest();
    const ip = freshIp();
    expect((await guestHold(guest, ip, 3, 'UAE')).status).toBe(200);
    const refused = await guestHold(guest, ip, 2, 'IN');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/you already hold 3, and your cart needs 2/);
    // A newer hold on the same site replaces the earlier one: its rooms do not count twice.
    expect((await guestHold(guest, ip, 4, 'UAE')).status).toBe(200);
  });

  it('refuses a guest more live holds than HOLD_GUEST_MAX_HOLDS', async () => {
    const one = await createTestApp({ config: { HOLD_GUEST_MAX_HOLDS: 1 } });
    try {
      const guest = 'guest-one-hold-0001';
      const ip = freshIp();
      const add = (site: 'UAE' | 'IN') =>
        call(
          one.app,
          'POST',
          'CreateCart',
          { packageId, travelDate: freshDate(), adults: 1, rooms: 1, tempUserId: guest },
          { ip, headers: { country: site } },
        );
      await add('UAE');
      await add('IN');
      expect(
        (await call(one.app, 'POST', 'CreateTempBooking', { tempUserId: guest }, { ip, headers: { country: 'UAE' } }))
          .status,
      ).toBe(200);
      const refused = await call(
        one.app,
        'POST',
        'CreateTempBooking',
        { tempUserId: guest },
        { ip, headers: { country: 'IN' } },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /at most 1 hold at once\. Sign in to hold more, or wait \d+ minutes for your other hold to end/,
      );
    } finally {
      await one.close();
    }
  });

  it('limits the rooms guests hold from one address in an hour, across guests, under parallel requests', async () => {
    const ip = freshIp();
    // Six guests at once from one address, 3 rooms each: 12 rooms an hour at most, so four are held.
    const answers = await Promise.all(Array.from({ length: 6 }, () => guestHold(newGuest(), ip, 3)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    expect(refused[0]!.body.message).toMatch(
      /held 12 rooms in the last hour.*at most 12.*Sign in to hold your holiday, or try again in \d+ minutes/,
    );
    // Another address is not affected, and a signed-in traveller from this one is not limited.
    expect((await guestHold(newGuest(), freshIp(), 3)).status).toBe(200);
    const { token } = await traveller(kit, 'holder');
    const added = await call(
      kit.app,
      'POST',
      'CreateCart',
      { packageId, travelDate: freshDate(), adults: 5, rooms: 5 },
      { ip, token },
    );
    expect(added.body.message).toBe('Added to your cart.');
    expect((await call(kit.app, 'POST', 'CreateTempBooking', {}, { ip, token })).body.message).toBe(
      'Your holiday is on hold.',
    );
  });

  it('keeps the address count of holds an hour old no longer', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await guestHold(newGuest(), ip, 4)).status).toBe(200);
    expect((await guestHold(newGuest(), ip, 1)).status).toBe(429);
    // An hour later (the holds made then), the address may hold again.
    await kit.database.db.execute(
      sql`update temp_bookings set created_at = created_at - interval '61 minutes', hold_expires_at = hold_expires_at - interval '61 minutes' where owner like 'guest:guest-hold-limit%'`,
    );
    expect((await guestHold(newGuest(), ip, 4)).status).toBe(200);
  });
});

describe('a guest’s hold lasts 10 minutes until they sign in', () => {
  it('holds for GUEST_HOLD_MINUTES, then for TEMP_BOOKING_HOLD_MINUTES from its start once merged at sign-in, rooms in step', async () => {
    const guest = newGuest();
    const ip = freshIp();
    const before = Date.now();
    const held = await guestHold(guest, ip, 2);
    expect(held.status).toBe(200);
    expect(held.body.message).toMatch(/on hold for 10 minutes: sign in to keep it for 30/);
    const ends = Date.parse(held.body.data.holdExpiresAt) - before;
    expect(ends).toBeGreaterThan(9 * 60_000);
    expect(ends).toBeLessThanOrEqual(10 * 60_000 + 5000);
    const id = held.body.data.TempBookingId as number;

    const { token } = await traveller(kit, 'merger');
    const merged = await call(kit.app, 'POST', 'MergeGuestCart', { tempUserId: guest }, { token });
    expect(merged.status).toBe(200);
    const [mine] = (await call(kit.app, 'POST', 'GetTempBooking', { TempBookingId: id }, { token })).body.data;
    const extended = Date.parse(mine!.holdExpiresAt) - Date.parse(mine!.createdAt);
    expect(extended).toBe(30 * 60_000);
    const { rows } = await kit.database.db.execute<{ expires_at: Date | string }>(
      sql`select expires_at from room_holds where temp_booking_id = ${id}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(new Date(r.expires_at).toISOString()).toBe(mine!.holdExpiresAt);
  });
});
