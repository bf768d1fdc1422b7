import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  call,
  count,
  createBookingKit,
  findPackage,
  hold,
  holdId,
  inDays,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Departures in the back office (issue 21): a date's own allotment and stop-sale, seasons of dates,
 * and what the shop makes of them. The luxury packages of the seed have 4 rooms per departure;
 * each test takes dates of its own, far from the other files' (freshDate starts a month out).
 */

let kit: BookingKit;
let luxury: { id: number; title: string };
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
const people: { token: string; userId: number }[] = [];

const availability = async (packageId: number, travelDate: string) =>
  (await call(kit.app, 'GET', 'Holiday/GetAvailability', { packageId, travelDate })).body.data as {
    roomsLeft: number | null;
    status: string;
  };
const shopDates = async (packageId: number) =>
  (
    (await call(kit.app, 'GET', 'Holiday/GetDepartures', { packageId })).body.data as {
      departures: { travelDate: string; roomsLeft: number | null; status: string }[];
    }
  ).departures;
const audits = (recordType: string, recordId: string) =>
  count(
    kit,
    sql`select count(*)::int as n from audit_log where record_type = ${recordType} and record_id = ${recordId}`,
  );
const departureRow = async (packageId: number, date: string) =>
  (
    await kit.database.db.execute<{ rooms: number | null; stop_sale: boolean; scheduled: boolean }>(
      sql`select rooms, stop_sale, scheduled from departures where package_id = ${packageId} and travel_date = ${date}`,
    )
  ).rows[0];
const setDate = (who: Staffer | null, date: string, body: object) =>
  admin(kit, who, 'POST', `packages/${luxury.id}/departures/${date}`, body);

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  luxury = await findPackage(kit, { rooms: 4 });
  [owner, agent, accounts, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'catalogue'),
  ];
  for (const name of ['ines', 'jon', 'kai']) people.push(await traveller(kit, name));
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

describe('who may change departures', () => {
  it('agent and accounts are refused (403) listing, setting a date and adding a season, and nothing changes', async () => {
    const date = inDays(300);
    const before = await count(kit, sql`select count(*)::int as n from departures where package_id = ${luxury.id}`);
    const auditBefore = await count(
      kit,
      sql`select count(*)::int as n from audit_log where record_type in ('departure', 'package')`,
    );
    for (const who of [agent, accounts]) {
      const list = await admin(kit, who, 'GET', `packages/${luxury.id}/departures`);
      expect(list.status, who.role).toBe(403);
      expect(list.body.status).toBe('error');
      expect((await setDate(who, date, { rooms: 9 })).status, who.role).toBe(403);
      const season = await admin(kit, who, 'POST', `packages/${luxury.id}/departures/season`, {
        from: inDays(301),
        to: inDays(330),
        weekdays: [5],
        rooms: 6,
      });
      expect(season.status, who.role).toBe(403);
    }
    expect((await setDate(null, date, { rooms: 9 })).status).toBe(401);
    expect(await count(kit, sql`select count(*)::int as n from departures where package_id = ${luxury.id}`)).toBe(
      before,
    );
    expect(
      await count(kit, sql`select count(*)::int as n from audit_log where record_type in ('departure', 'package')`),
    ).toBe(auditBefore);
  });

  it('catalogue and owner set a date’s allotment, audited; the shop reads it at once', async () => {
    for (const [who, date, rooms] of [
      [catalogue, inDays(302), 7],
      [owner, inDays(303), 2],
    ] as const) {
      expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 4 });
      const res = await setDate(who, date, { rooms });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({
        travelDate: date,
        rooms,
        capacity: rooms,
        sold: 0,
        held: 0,
        left: rooms,
        stopSale: false,
        scheduled: true,
      });
      expect(await audits('departure', `${luxury.id}:${date}`)).toBe(1);
      expect((await availability(luxury.id, date)).roomsLeft).toBe(rooms);
      const list = await admin(kit, who, 'GET', `packages/${luxury.id}/departures`);
      expect(list.status).toBe(200);
      expect(list.body.data.package).toMatchObject({ id: luxury.id, roomsPerDeparture: 4 });
      expect(list.body.data.items).toContainEqual(expect.objectContaining({ travelDate: date, rooms, left: rooms }));
    }
    // Back to the package's default (null).
    const reset = await setDate(catalogue, inDays(302), { rooms: null });
    expect(reset.body.data).toMatchObject({ rooms: null, capacity: 4 });
    expect((await availability(luxury.id, inDays(302))).roomsLeft).toBe(4);
  });

  it('refuses a bad body with a message a person can act on', async () => {
    const bad = await setDate(catalogue, inDays(304), { rooms: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/negative/);
    const empty = await setDate(catalogue, inDays(304), {});
    expect(empty.status).toBe(400);
    expect((await admin(kit, catalogue, 'GET', 'packages/999999/departures')).status).toBe(404);
  });
});

describe('an allotment never below what is sold and held', () => {
  it('is refused with the numbers, and nothing changes', async () => {
    const date = inDays(310);
    expect((await setDate(catalogue, date, { rooms: 10 })).status).toBe(200);
    // Sell 3 rooms (a pay-later booking) and hold 2 more.
    const sold = await holdId(kit, people[0]!.token, 'UAE', [
      { packageId: luxury.id, travelDate: date, adults: 3, rooms: 3 },
    ]);
    const booked = await book(kit, people[0]!.token, 'UAE', {
      TempBookingId: sold,
      Travellers: [
        { FirstName: 'Sam', LastName: 'Lee', AgeBand: 'adult' },
        { FirstName: 'Mo', LastName: 'Lee', AgeBand: 'adult' },
      ],
    });
    expect(booked.status, booked.body.message).toBe(200);
    await holdId(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, adults: 2, rooms: 2 }]);
    const list = await admin(kit, catalogue, 'GET', `packages/${luxury.id}/departures`, { from: date, to: date });
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ travelDate: date, rooms: 10, sold: 3, held: 2, left: 5 }),
    ]);

    const audited = await audits('departure', `${luxury.id}:${date}`);
    const refused = await setDate(owner, date, { rooms: 4 });
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe('error');
    expect(refused.body.message).toBe(`3 rooms are sold and 2 held on ${date}: the allotment cannot go below 5.`);
    expect((await departureRow(luxury.id, date))?.rooms).toBe(10);
    expect(await audits('departure', `${luxury.id}:${date}`)).toBe(audited);
    // Back to the package's 4 is below 5 as well.
    expect((await setDate(owner, date, { rooms: null })).status).toBe(409);
    // Exactly sold + held is allowed: nothing left.
    const exact = await setDate(owner, date, { rooms: 5 });
    expect(exact.status, exact.body.message).toBe(200);
    expect(exact.body.data).toMatchObject({ left: 0 });
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 0, status: 'sold-out' });
    // A season over this date that would lower it is refused whole.
    const season = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(309),
      to: inDays(311),
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      rooms: 1,
      existing: 'update',
    });
    expect(season.status).toBe(409);
    expect(season.body.message).toBe(`3 rooms are sold and 2 held on ${date}: the allotment cannot go below 5.`);
    expect(await departureRow(luxury.id, inDays(309))).toBeUndefined();
  });
});

describe('an allotment change racing holds', () => {
  it('never leaves more rooms taken than the allotment (on Postgres the two really race)', async () => {
    const date = inDays(330);
    expect((await setDate(catalogue, date, { rooms: 4 })).status).toBe(200);
    await holdId(kit, people[0]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, adults: 2, rooms: 2 }]);
    // Lower to 3 while two travellers each try to hold one more room.
    const [lowered, first, second] = await Promise.all([
      setDate(owner, date, { rooms: 3 }),
      hold(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 }]),
      hold(kit, people[2]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 }]),
    ]);
    const held = 2 + [first, second].filter((h) => h.status === 200).length;
    const list = await admin(kit, catalogue, 'GET', `packages/${luxury.id}/departures`, { from: date, to: date });
    const row = list.body.data.items[0];
    expect(row!.held).toBe(held);
    expect(row!.capacity).toBe(lowered.status === 200 ? 3 : 4);
    expect(row!.held + row!.sold).toBeLessThanOrEqual(row!.capacity!);
    if (lowered.status !== 200)
      expect(lowered.body.message).toMatch(/^0 rooms are sold and \d held on .*: the allotment cannot go below \d\.$/);
  });
});

describe('stop-sale', () => {
  it('refuses a new hold with a clear message, shows the date closed, and the held rooms may still be booked', async () => {
    const date = inDays(320);
    const kept = await holdId(kit, people[2]!.token, 'UAE', [
      { packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 },
    ]);
    const res = await setDate(catalogue, date, { stopSale: true });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ stopSale: true, held: 1 });
    expect(await audits('departure', `${luxury.id}:${date}`)).toBe(1);

    const refused = await hold(kit, people[1]!.token, 'UAE', [
      { packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^${luxury.title} is not on sale on .*\\. Choose another date in your cart\\.$`),
    );
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 0, status: 'closed' });
    expect((await shopDates(luxury.id)).map((d) => d.travelDate)).not.toContain(date);

    const booked = await book(kit, people[2]!.token, 'UAE', { TempBookingId: kept, Travellers: [] });
    expect(booked.status, booked.body.message).toBe(200);

    const reopened = await setDate(owner, date, { stopSale: false });
    expect(reopened.body.data).toMatchObject({ stopSale: false, sold: 1 });
    expect(await availability(luxury.id, date)).toMatchObject({ roomsLeft: 3 });
    expect(
      (await hold(kit, people[1]!.token, 'UAE', [{ packageId: luxury.id, travelDate: date, adults: 1, rooms: 1 }]))
        .status,
    ).toBe(200);
  });
});

describe('a season of dates', () => {
  it('adds every chosen weekday between two dates, audited once, offered on the shop; existing dates kept or updated', async () => {
    const from = inDays(400);
    const to = inDays(400 + 27);
    const expected: string[] = [];
    for (let i = 400; i <= 427; i++) {
      const d = inDays(i);
      const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (wd === 5 || wd === 0) expected.push(d);
    }
    const auditBefore = await audits('package', String(luxury.id));
    const res = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from,
      to,
      weekdays: [5, 0],
      rooms: 6,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ created: expected, updated: [], kept: [] });
    expect(res.body.message).toMatch(/^8 dates added/);
    expect(expected).toHaveLength(8);
    expect(await audits('package', String(luxury.id))).toBe(auditBefore + 1);
    const offered = await shopDates(luxury.id);
    for (const d of expected)
      expect(offered).toContainEqual({ packageId: luxury.id, travelDate: d, roomsLeft: 6, status: 'available' });
    expect(offered.map((d) => d.travelDate)).not.toContain(inDays(401) === expected[0] ? inDays(402) : inDays(401));

    // Again over the same dates: kept by default, updated when asked.
    const again = await admin(kit, owner, 'POST', `packages/${luxury.id}/departures/season`, {
      from,
      to,
      weekdays: [5, 0],
      rooms: 3,
    });
    expect(again.body.data).toEqual({ created: [], updated: [], kept: expected });
    expect((await availability(luxury.id, expected[0]!)).roomsLeft).toBe(6);
    const update = await admin(kit, owner, 'POST', `packages/${luxury.id}/departures/season`, {
      from,
      to,
      weekdays: [5, 0],
      rooms: 3,
      existing: 'update',
    });
    expect(update.body.data).toEqual({ created: [], updated: expected, kept: [] });
    expect((await availability(luxury.id, expected[0]!)).roomsLeft).toBe(3);
  });

  it('is bounded: at most 366 dates, not in the past, not empty, not ending before it starts', async () => {
    const long = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(10),
      to: inDays(10 + 400),
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      rooms: 2,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A season has at most 366 dates: split it in two.');
    const past = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(-3),
      to: inDays(20),
      weekdays: [1],
      rooms: 2,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/tomorrow at the earliest/);
    const backwards = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(30),
      to: inDays(20),
      weekdays: [1],
      rooms: 2,
    });
    expect(backwards.body.message).toMatch(/ends before it starts/);
    const none = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(30),
      to: inDays(30),
      weekdays: [new Date(`${inDays(31)}T00:00:00Z`).getUTCDay()],
      rooms: 2,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^There is no /);
    const noDays = await admin(kit, catalogue, 'POST', `packages/${luxury.id}/departures/season`, {
      from: inDays(30),
      to: inDays(60),
      weekdays: [],
      rooms: 2,
    });
    expect(noDays.body.message).toMatch(/at least one weekday/);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from departures where package_id = ${luxury.id} and travel_date between ${inDays(10)} and ${inDays(29)} and scheduled`,
      ),
    ).toBe(0);
  });
});
