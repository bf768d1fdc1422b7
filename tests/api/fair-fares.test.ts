import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../contract/format.ts';
import { book, call, createBookingKit, findPackage, freshDate, holdId, inDays, sql, traveller, type BookingKit } from './booking-kit.ts';

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
    const res = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, { FirstName: 'Aarav', LastName: 'Shah', AgeBand: 'child' }] });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toBe('Enter Aarav Shah’s date of birth: child fares depend on the age on the day of travel.');
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
    expect(child.dob).toBe(dob);
  });

  it('refuses an infant of 2 or more (book as a child) and a child under 2 (book as an infant)', async () => {
    const { token } = await traveller(kit, 'dob');
    const day = travelDay();
    const id = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, infants: 1, travelDate: day }]);
    const infant = (DOB: string) => ({ FirstName: 'Diya', LastName: 'Shah', AgeBand: 'infant', DOB });
    const old = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, infant(yearsBefore(day, 2))] });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(`Diya Shah is 2 on ${formatDay(day)}: book as a child.`);
    const missing = await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, { FirstName: 'Diya', LastName: 'Shah', AgeBand: 'infant' }] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Enter Diya Shah’s date of birth: infant fares/);
    expect((await book(kit, token, 'UAE', { TempBookingId: id, Travellers: [adult, infant(yearsBefore(day, 2, 1))] })).status).toBe(200);

    const id2 = await holdId(kit, token, 'UAE', [{ packageId: pkg.id, adults: 2, children: 1, travelDate: day }]);
    const baby = await book(kit, token, 'UAE', { TempBookingId: id2, Travellers: [adult, { FirstName: 'Diya', LastName: 'Shah', AgeBand: 'child', DOB: yearsBefore(day, 1) }] });
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
