import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsReadTogether } from '../../server/services/cart/hold-read.ts';
import { revokeSession } from '../../server/services/sessions.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  freshDate,
  hold,
  holdId,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * A hold keeps rooms: the luxury packages of the seed have 4 rooms per departure. Each test takes
 * its own travel date, so every departure starts empty.
 */

let kit: BookingKit;
let luxury: { id: number; title: string };
const people: { token: string; userId: number }[] = [];
const party = { Travellers: [{ FirstName: 'Sam', LastName: 'Lee', AgeBand: 'adult' }] };

const rooms = (n: number) => ({ adults: n, rooms: n });
const availability = async (packageId: number, travelDate: string) =>
  (await call(kit.app, 'GET', 'Holiday/GetAvailability', { packageId, travelDate })).body.data as {
    roomsLeft: number | null;
    status: string;
  };

beforeAll(async () => {
  kit = await createBookingKit();
  luxury = await findPackage(kit, { rooms: 4 });
  for (const name of ['ana', 'ben', 'cai', 'dia']) people.push(await traveller(kit, name));
});
afterAll(() => kit.close());

describe('rooms per departure', () => {
  it('a hold keeps its rooms; the package page and cart are told when a date is nearly full or sold out', async () => {
    const date = freshDate();
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 4, status: 'available' });
    await holdId(kit, people[0]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(3) }]);
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 1, status: 'limited' });
    const tooMany = await hold(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(2) }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(
      new RegExp(
        `^Only 1 room is left on .* for ${luxury.title}, and you asked for 2\\. Choose fewer rooms or another date\\.$`,
      ),
    );
    await holdId(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(1) }]);
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 0, status: 'sold-out' });
    const none = await hold(kit, people[2]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(1) }]);
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/is sold out on .*\. Choose another date in your cart\.$/);
  });

  it('an expired hold and a hold replaced by a newer one give their rooms back', async () => {
    const date = freshDate();
    const first = await holdId(kit, people[0]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(4) }]);
    expect((await availability(luxury.id, date)).roomsLeft).toBe(0);
    await kit.database.db.execute(
      sql`update room_holds set expires_at = now() - interval '1 second' where temp_booking_id = ${first}`,
    );
    expect((await availability(luxury.id, date)).roomsLeft).toBe(4);

    const other = freshDate();
    await holdId(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: other, ...rooms(4) }]);
    expect((await availability(luxury.id, other)).roomsLeft).toBe(0);
    // The same traveller holds again (a changed cart): the earlier hold is released.
    await holdId(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: other, ...rooms(2) }]);
    expect((await availability(luxury.id, other)).roomsLeft).toBe(2);
    const held = await call(kit.app, 'POST', 'GetTempBooking', {}, { token: people[1]!.token });
    expect(held.body.data.map((t: { status: string }) => t.status).slice(0, 2)).toEqual(['held', 'released']);
  });

  it('a traveller holding the last rooms holds them again (their own hold is not counted); the sold-out are refused before anything is written', async () => {
    const date = freshDate();
    const first = await holdId(kit, people[3]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(4) }]);
    const again = await call(kit.app, 'POST', 'CreateTempBooking', {}, { token: people[3]!.token });
    expect(again.status).toBe(200);
    expect(again.body.data.TempBookingId).not.toBe(first);
    expect((await availability(luxury.id, date)).roomsLeft).toBe(0);
    const count = async () =>
      Number(
        (await kit.database.db.execute<{ n: number }>(sql`select count(*)::int as n from temp_bookings`)).rows[0]!.n,
      );
    const before = await count();
    const none = await hold(kit, people[0]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(1) }]);
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(
      new RegExp(`^${luxury.title} is sold out on .*\\. Choose another date in your cart\\.$`),
    );
    expect(await count()).toBe(before);
  });

  it('a booking turns its hold into rooms sold', async () => {
    const date = freshDate();
    const id = await holdId(kit, people[2]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(2) }]);
    const booked = await book(kit, people[2]!.token, 'UAE', { TempBookingId: id, ...party });
    expect(booked.status).toBe(200);
    const { rows } = await kit.database.db.execute<{ rooms_sold: number }>(
      sql`select rooms_sold from departures where package_id = ${luxury.id} and travel_date = ${date}`,
    );
    expect(rows[0]!.rooms_sold).toBe(2);
    expect((await availability(luxury.id, date)).roomsLeft).toBe(2);
  });

  it('two checkouts racing for the last room: one gets it, the other is told it is gone', async () => {
    const date = freshDate();
    await holdId(kit, people[0]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(3) }]);
    const contenders = [people[1]!, people[2]!, people[3]!];
    // Each fills a cart first; then all hold at the same moment.
    for (const p of contenders) {
      await call(
        kit.app,
        'POST',
        'CreateCart',
        { packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 },
        { token: p.token },
      );
    }
    const results = await Promise.all(
      contenders.map((p) => call(kit.app, 'POST', 'CreateTempBooking', {}, { token: p.token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect((await availability(luxury.id, date)).roomsLeft).toBe(0);
  });

  it("a sale's rush: as many holds win as there are rooms, the rest are told it is sold out, and a traveller holding rooms there holds again", async () => {
    const date = freshDate();
    const keeper = await traveller(kit, 'keeper');
    await holdId(kit, keeper.token, 'UAE', [{ packageId: luxury.id, travelDate: date, ...rooms(2) }]);
    const rush = await Promise.all(Array.from({ length: 10 }, (_, i) => traveller(kit, `rush${i}`)));
    for (const p of rush) {
      const added = await call(
        kit.app,
        'POST',
        'CreateCart',
        { packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 },
        { token: p.token },
      );
      expect(added.status).toBe(200);
    }
    // One of them signs out before the rush: refused on their own, among the others' reads.
    await revokeSession(kit.database.db, rush[0]!.token);
    // All at once; the keeper last, so that it queues behind the others in this process and finds the
    // departure already seen full: its own two rooms are not counted against it, so it must hold again.
    const before = { ...holdsReadTogether };
    const results = await Promise.all(
      [...rush, keeper].map((p) => call(kit.app, 'POST', 'CreateTempBooking', {}, { token: p.token })),
    );
    // The holds asked at the same moment read their lines in shared statements.
    expect(holdsReadTogether.holds - before.holds).toBeGreaterThanOrEqual(2);
    expect(holdsReadTogether.statements - before.statements).toBeLessThan(results.length);
    const kept = results.pop()!;
    expect(kept.status).toBe(200);
    const signedOut = results.shift()!;
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Token expired. please log in again');
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r.body.message).toMatch(
        new RegExp(`^${luxury.title} is sold out on .*\\. Choose another date in your cart\\.$`),
      );
    const { rows } = await kit.database.db.execute<{ rooms: number }>(
      sql`select coalesce(sum(rooms), 0)::int as rooms from room_holds where package_id = ${luxury.id} and travel_date = ${date} and status = 'held'`,
    );
    expect(rows[0]!.rooms).toBe(4);
    expect((await availability(luxury.id, date)).roomsLeft).toBe(0);
  });

  it('a package without an allotment is never full', async () => {
    const open = await findPackage(kit, { rooms: 'unlimited' });
    const date = freshDate();
    await holdId(kit, people[3]!.token, 'UAE', [{ packageId: open.id, travelDate: date, ...rooms(5) }]);
    expect(await availability(open.id, date)).toMatchObject({ roomsLeft: null, status: 'available' });
  });

  it('answers clearly for an unknown package and a malformed date', async () => {
    const unknown = await call(kit.app, 'GET', 'Holiday/GetAvailability', {
      packageId: 999999,
      travelDate: freshDate(),
    });
    expect(unknown.status).toBe(404);
    const bad = await call(kit.app, 'GET', 'Holiday/GetAvailability', { packageId: luxury.id, travelDate: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('travelDate: must be a date as YYYY-MM-DD');
  });
});
