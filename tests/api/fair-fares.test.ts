import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../contract/format.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  freshDate,
  holdId,
  inDays,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * Fair fares (issue 19): a child's or infant's date of birth decides the band on the first travel
 * date; rooms follow the package's occupancy.
 */

let kit: BookingKit;
let pkg: { id: number; title: string };

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  pkg = await findPackage(kit, { rooms: 'unlimited', inIndia: false });
});
afterAll(() => kit.close());

/** The date `years` years before `day` (YYYY-MM-DD), moved by `days` days. */
function yearsBefore(day: string, years: number, days = 0): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A travel date not on 29 February, so "N years before" is the same day of the month. */
function travelDay(): string {
  let day = freshDate();
  while (day.endsWith('-02-29')) day = freshDate();
  return day;
}

const adult = { FirstName: 'Ravi', LastName: 'Shah', AgeBand: 'adult' };

describe('child and infant fares need a date of birth', () => {
  it('refuses a child without a date of birth, naming them', async () => {
    const { token } = await traveller(kit, 'dob');
    const id = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1 }]);
    const res = await book(kit, token, 'UAE', {
      TempBookingId: id,
      Travellers: [adult, { FirstName: 'Aarav', LastName: 'Shah', AgeBand: 'child' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe(
      'Enter Aarav Shah’s date of birth: child fares depend on the age on the day of travel.',
    );
  });

  it('refuses a child who is 12 on the travel date, saying to book an adult; 11 is a child, and the date of birth is stored', async () => {
    const { token } = await traveller(kit, 'dob');
    const day = travelDay();
    const id = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1, travelDate: day }]);
    const aarav = (DOB: string) => ({ FirstName: 'Aarav', LastName: 'Shah', AgeBand: 'child', DOB });
    const old = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, aarav(yearsBefore(day, 12))] });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(`Aarav Shah is 12 on ${formatDay(day)}: book as an adult.`);
    const dob = yearsBefore(day, 12, 1);
    const ok = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, aarav(dob)] });
    expect(ok.status).toBe(200);
    const detail = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ok.body.data.RefIdKey }, { token });
    const child = detail.body.data.travellers.find((t: { ageBand: string }) => t.ageBand === 'child');
    expect(child!.dob).toBe(dob);
  });

  it('refuses an infant of 2 or more (book as a child) and a child under 2 (book as an infant)', async () => {
    const { token } = await traveller(kit, 'dob');
    const day = travelDay();
    const id = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, infants: 1, travelDate: day }]);
    const infant = (DOB: string) => ({ FirstName: 'Diya', LastName: 'Shah', AgeBand: 'infant', DOB });
    const old = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, infant(yearsBefore(day, 2))] });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(`Diya Shah is 2 on ${formatDay(day)}: book as a child.`);
    const missing = await book(kit, token, 'UAE', {
      TempBookingId: id,
      Travellers: [adult, { FirstName: 'Diya', LastName: 'Shah', AgeBand: 'infant' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Enter Diya Shah’s date of birth: infant fares/);
    expect(
      (await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, infant(yearsBefore(day, 2, 1))] }))
        .status,
    ).toBe(200);

    const id2 = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1, travelDate: day }]);
    const baby = await book(kit, token, 'UAE', {
      TempBookingId: id2,
      Travellers: [adult, { FirstName: 'Diya', LastName: 'Shah', AgeBand: 'child', DOB: yearsBefore(day, 1) }],
    });
    expect(baby.status).toBe(400);
    expect(baby.body.message).toBe(`Diya Shah is 1 on ${formatDay(day)}: book as an infant.`);
  });

  it('reads the package’s own child age limit, and the first travel date of the booking', async () => {
    const { token } = await traveller(kit, 'dob');
    const other = await findPackage(kit, { rooms: 10, inIndia: false });
    await kit.database.db.execute(sql`update packages set child_age_limit = 10 where id = ${other.id}`);
    try {
      const first = inDays(200);
      const later = inDays(260);
      // Ten on the first travel date (the limit of this package is 10): an adult there.
      const id = await holdId(kit, token, 'UAE', [{ packageId: other.id, adults: 2, children: 1, travelDate: first }]);
      const ten = { FirstName: 'Kabir', LastName: 'Shah', AgeBand: 'child', DOB: yearsBefore(first, 10) };
      const refused = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, ten] });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`Kabir Shah is 10 on ${formatDay(first)}: book as an adult.`);
      // Eleven on the first date of two holidays (limit 12) and twelve on the second: a child.
      const turning = { FirstName: 'Kabir', LastName: 'Shah', AgeBand: 'child', DOB: yearsBefore(later, 12, -10) };
      const id2 = await holdId(kit, token, 'UAE', [
        { packageId: pkg.id, adults: 2, children: 1, travelDate: later },
        { packageId: pkg.id, adults: 2, children: 1, travelDate: first },
      ]);
      const ok = await book(kit, token, 'UAE', { TempBookingId: id2, Travellers: [adult, turning] });
      expect(ok.status).toBe(200);
    } finally {
      await kit.database.db.execute(sql`update packages set child_age_limit = 12 where id = ${other.id}`);
    }
  });
});

describe('rooms follow occupancy', () => {
  it('seeds each package’s room sizes (couples’ rooms on honeymoons) and shows them on the package', async () => {
    const { rows } = await kit.database.db.execute<{ slug: string; adults: number; people: number; type: string }>(sql`
      select p.slug, p.max_adults_per_room as adults, p.max_people_per_room as people, t.slug as type
      from packages p join trip_types t on t.id = p.trip_type_id`);
    const honeymoon = rows.filter((r) => r.type === 'honeymoon');
    expect(honeymoon.length).toBeGreaterThan(0);
    for (const r of honeymoon) expect([r.adults, r.people]).toEqual([2, 2]);
    expect(rows.find((r) => r.slug === 'kerala-family-tour-5-nights')).toMatchObject({ adults: 3, people: 4 });
    expect(rows.some((r) => r.people > 4)).toBe(true);
    const page = await call(kit.app, 'GET', 'Holiday/GetPackageDetail', { Slug: honeymoon[0]!.slug });
    expect(page.body.data.occupancy).toEqual({ maxAdultsPerRoom: 2, maxPeoplePerRoom: 2, childAgeLimit: 12 });
  });

  it('refuses a cart line with more people than its rooms take, with the rooms it needs', async () => {
    const family = (
      await kit.database.db.execute<{ id: number }>(
        sql`select id from packages where slug = 'kerala-family-tour-5-nights'`,
      )
    ).rows[0]!.id;
    const honeymoon = (
      await kit.database.db.execute<{ id: number }>(
        sql`select p.id from packages p join trip_types t on t.id = p.trip_type_id where t.slug = 'honeymoon' order by p.id limit 1`,
      )
    ).rows[0]!.id;
    const add = (line: Record<string, unknown>) =>
      call(kit.app, 'POST', 'CreateCart', {
        travelDate: freshDate(),
        tempUserId: 'guest-occupancy-0001',
        infants: 0,
        ...line,
      });
    const five = await add({ packageId: family, adults: 3, children: 2, rooms: 1 });
    expect(five.status).toBe(400);
    expect(five.body.message).toBe(
      '3 adults and 2 children need at least 2 rooms (a room here takes at most 3 adults and 4 people). Choose 2 rooms or more.',
    );
    const fourAdults = await add({ packageId: family, adults: 4, rooms: 1 });
    expect(fourAdults.body.message).toMatch(/^4 adults need at least 2 rooms/);
    const couple = await add({ packageId: honeymoon, adults: 2, children: 1, rooms: 1 });
    expect(couple.status).toBe(400);
    expect(couple.body.message).toMatch(
      /^2 adults and 1 child need at least 2 rooms \(a room here takes at most 2 adults and 2 people\)/,
    );
    const lone = await add({ packageId: honeymoon, adults: 1, children: 3, rooms: 1 });
    expect(lone.body.message).toMatch(/need at least 2 rooms .*each room needs an adult/);
    // Enough rooms, and infants (who share a bed) do not count.
    expect((await add({ packageId: family, adults: 3, children: 2, rooms: 2 })).status).toBe(200);
    expect((await add({ packageId: honeymoon, adults: 2, infants: 1, rooms: 1 })).status).toBe(200);
  });
});
