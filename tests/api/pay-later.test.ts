import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay, formatMinor } from '../../contract/format.ts';
import { runPayLater } from '../../server/services/bookings/pay-later.ts';
import { mailHtml, mailText } from '../support/mail-catcher.ts';
import {
  book,
  call,
  count,
  createBookingKit,
  findPackage,
  freshDate,
  holdId,
  inDays,
  lead,
  markPaidInFull,
  post,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * Pay later has an end: reminders 3 days and 1 day before the due date, cancellation the day after
 * it plus PAY_LATER_GRACE_DAYS (2 here, the default), and no pay later when the trip is too close.
 * The job runs with a clock passed in; mail goes to the kit's SMTP catcher.
 */

let kit: BookingKit;
let pkg: { id: number; title: string };
const quiet = { info: () => undefined, warn: () => undefined };
const party = { Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] };

beforeAll(async () => {
  kit = await createBookingKit();
  pkg = await findPackage(kit, { rooms: 10, inIndia: false });
});
afterAll(() => kit.close());

/** The job at `now`, then the mail it queued sent by the app's outbox (as start.ts kicks it after the job). */
const run = async (now: Date) => {
  const done = await runPayLater(kit.database.db, kit.app.config, quiet, now);
  await kit.app.flushOutbox();
  return done;
};
/** Noon UTC on a day: the same calendar day in Dubai. */
const noon = (day: string, plus = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + plus * 86_400_000);

let n = 0;
/** A UAE pay-later booking of its own traveller, mailed to its own address. */
async function payLaterBooking(travelDate = freshDate()) {
  const who = await traveller(kit, 'lena');
  const email = `pay.later.${++n}.${Date.now()}@example.com`;
  const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id, travelDate }]);
  const res = await book(kit, who.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: email }), ...party });
  expect(res.status, res.body.message).toBe(200);
  const detail = (
    await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: res.body.data.RefIdKey }, { token: who.token })
  ).body.data;
  return {
    who,
    email,
    travelDate,
    booking: res.body.data as { BookingId: number; RefIdKey: string; Total: number },
    dueOn: detail.paymentDueOn as string,
  };
}

const mailsTo = (email: string) => kit.mail.mails.filter((m) => m.to.includes(email));
const roomsSold = (travelDate: string) =>
  count(kit, sql`select rooms_sold as n from departures where package_id = ${pkg.id} and travel_date = ${travelDate}`);
const statusOf = async (id: number) =>
  (
    await kit.database.db.execute<{ status: string; payment_status: string; last_reminder_days: number | null }>(
      sql`select status, payment_status, last_reminder_days from bookings where id = ${id}`,
    )
  ).rows[0]!;

describe('pay-later reminders', () => {
  it('mails the traveller 3 days and 1 day before the due date, once each: amount, due date, how to pay and the reference', async () => {
    const b = await payLaterBooking();
    expect(b.dueOn).toBe(inDays(7));
    await run(noon(b.dueOn, -4));
    expect(mailsTo(b.email).filter((m) => /Reminder/.test(m.subject))).toEqual([]);

    await run(noon(b.dueOn, -3));
    let reminders = mailsTo(b.email).filter((m) => /Reminder/.test(m.subject));
    expect(reminders).toHaveLength(1);
    const amount = formatMinor(b.booking.Total, 'AED');
    expect(reminders[0]!.subject).toBe(
      `Reminder: ${amount} due by ${formatDay(b.dueOn)} for booking ${b.booking.RefIdKey}`,
    );
    const text = mailText(reminders[0]!.raw);
    for (const part of [
      'is due in 3 days',
      `Amount due: ${amount}`,
      `Due date: ${formatDay(b.dueOn)}`,
      `Reference: ${b.booking.RefIdKey}`,
      'Emirates NBD',
      'IBAN AE070331234567890123456',
      'Or pay online from your booking in My trips',
      'vouchers come when the balance is paid',
    ]) {
      expect(text, part).toContain(part);
    }
    expect((await statusOf(b.booking.BookingId)).last_reminder_days).toBe(3);

    // Again the same day, and the day after: nothing new.
    await run(noon(b.dueOn, -3));
    await run(noon(b.dueOn, -2));
    expect(mailsTo(b.email).filter((m) => /Reminder/.test(m.subject))).toHaveLength(1);

    await run(noon(b.dueOn, -1));
    reminders = mailsTo(b.email).filter((m) => /Reminder/.test(m.subject));
    expect(reminders).toHaveLength(2);
    expect(mailText(reminders[1]!.raw)).toContain('is due tomorrow');
    await run(noon(b.dueOn, -1));
    await run(noon(b.dueOn));
    expect(mailsTo(b.email).filter((m) => /Reminder/.test(m.subject))).toHaveLength(2);
    expect(await statusOf(b.booking.BookingId)).toMatchObject({ status: 'confirmed', last_reminder_days: 1 });
  });

  it('a job that runs late sends only the latest reminder that applies, worded for the day it goes', async () => {
    const b = await payLaterBooking();
    await run(noon(b.dueOn, -1));
    const reminders = mailsTo(b.email).filter((m) => /Reminder/.test(m.subject));
    expect(reminders).toHaveLength(1);
    expect(mailText(reminders[0]!.raw)).toContain('is due tomorrow');
    await run(noon(b.dueOn, -1));
    expect(mailsTo(b.email).filter((m) => /Reminder/.test(m.subject))).toHaveLength(1);

    // Down for days: first run on the due day itself sends the last reminder, saying so.
    const late = await payLaterBooking();
    await run(noon(late.dueOn));
    const only = mailsTo(late.email).filter((m) => /Reminder/.test(m.subject));
    expect(only).toHaveLength(1);
    expect(mailText(only[0]!.raw)).toContain('is due today');
    expect((await statusOf(late.booking.BookingId)).last_reminder_days).toBe(1);
  });
});

describe('pay-later cancellation', () => {
  it('cancels an unpaid booking the day after its due date plus the grace, not before: rooms released, the history says why, the traveller is mailed', async () => {
    const b = await payLaterBooking();
    const sold = await roomsSold(b.travelDate);
    expect(sold).toBe(1);
    // The due date and the two days of grace: still held.
    for (const day of [0, 1, 2]) {
      await run(noon(b.dueOn, day));
      expect((await statusOf(b.booking.BookingId)).status, `due + ${day}`).toBe('confirmed');
    }
    expect(await roomsSold(b.travelDate)).toBe(1);
    expect(mailsTo(b.email).filter((m) => /cancelled/.test(m.subject))).toEqual([]);

    await run(noon(b.dueOn, 3));
    expect(await statusOf(b.booking.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(await roomsSold(b.travelDate)).toBe(0);
    const detail = (
      await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: b.booking.RefIdKey }, { token: b.who.token })
    ).body.data;
    expect(detail.events.at(-1)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(detail.events.at(-1)!.cause).toBe(
      `balance due on ${formatDay(b.dueOn)} not received within 2 days of grace: cancelled, rooms released`,
    );
    const mails = mailsTo(b.email).filter((m) => /cancelled/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Booking ${b.booking.RefIdKey} cancelled: balance not received`);
    const text = mailText(mails[0]!.raw);
    expect(text).toContain(`its balance of ${formatMinor(b.booking.Total, 'AED')} was due on ${formatDay(b.dueOn)}`);
    expect(text).toContain('Its rooms have been released.');
    expect(mailHtml(mails[0]!.raw)).toContain('Its rooms have been released.');

    // Once: a second run changes nothing and mails nothing.
    await run(noon(b.dueOn, 4));
    expect(mailsTo(b.email).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);
    expect(await roomsSold(b.travelDate)).toBe(0);
  });

  it('runs at once in several processes (on Postgres, truly at once): each reminder goes once, each booking is cancelled once', async () => {
    const b = await payLaterBooking();
    await Promise.all([run(noon(b.dueOn, -1)), run(noon(b.dueOn, -1)), run(noon(b.dueOn, -1))]);
    expect(mailsTo(b.email).filter((m) => /Reminder/.test(m.subject))).toHaveLength(1);
    const results = await Promise.all([run(noon(b.dueOn, 3)), run(noon(b.dueOn, 3)), run(noon(b.dueOn, 3))]);
    expect(results.reduce((sum, r) => sum + r.cancelled, 0)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(b.email).filter((m) => /cancelled/.test(m.subject))).toHaveLength(1);
    expect(await roomsSold(b.travelDate)).toBe(0);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from booking_events where booking_id = ${b.booking.BookingId} and status = 'cancelled'`,
      ),
    ).toBe(1);
  });

  it('leaves a booking paid in full alone: no reminder, no cancellation', async () => {
    const b = await payLaterBooking();
    await markPaidInFull(kit, b.booking.BookingId);
    await run(noon(b.dueOn, -1));
    await run(noon(b.dueOn, 10));
    expect(await statusOf(b.booking.BookingId)).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      last_reminder_days: null,
    });
    expect(await roomsSold(b.travelDate)).toBe(1);
    expect(mailsTo(b.email).filter((m) => /Reminder|cancelled/.test(m.subject))).toEqual([]);
  });
});

describe('pay later only when there is time for it', () => {
  async function quoteFor(travelDate: string) {
    const who = await traveller(kit, 'omar');
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id, travelDate }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, who.token, 'UAE');
    expect(quote.status, quote.body.message).toBe(200);
    return { who, id, quote: quote.body.data as { paymentMethods: string[]; payLaterUnavailable?: string | null } };
  }

  it('is offered when the cancellation of an unpaid booking would still come before travel (11 days away with the defaults)', async () => {
    const { who, id, quote } = await quoteFor(inDays(11));
    expect(quote.paymentMethods).toEqual(['stripe', 'pay-later']);
    expect(quote.payLaterUnavailable).toBeNull();
    const res = await book(kit, who.token, 'UAE', { TempBookingId: id, ...party });
    expect(res.status, res.body.message).toBe(200);
  });

  it('is neither offered nor accepted for a trip too close: the quote and the refusal say from which date it is, and to pay now', async () => {
    for (const days of [10, 5, 2]) {
      const travel = inDays(days);
      const { who, id, quote } = await quoteFor(travel);
      expect(quote.paymentMethods, `${days} days`).toEqual(['stripe']);
      const reason = `Paying later is offered for trips starting on ${formatDay(inDays(11))} or later: the balance is due 7 days after booking (at the latest 3 days before travel), and an unpaid booking is cancelled the day after 2 days of grace, which must be before the trip. Your trip starts on ${formatDay(travel)}: pay now, or choose a later date.`;
      expect(quote.payLaterUnavailable).toBe(reason);
      const res = await book(kit, who.token, 'UAE', { TempBookingId: id, ...party });
      expect([res.status, res.body]).toEqual([400, { status: 'error', message: reason, data: null }]);
      // Paying now is still there.
      const paid = await book(kit, who.token, 'UAE', { TempBookingId: id, PaymentMethod: 'stripe', ...party });
      expect(paid.status, paid.body.message).toBe(200);
    }
  });

  it('without a gateway, says to choose a later date', async () => {
    const bare = await createBookingKit({}, { gateways: false });
    try {
      const p = await findPackage(bare, { rooms: 10, inIndia: false });
      const who = await traveller(bare, 'zara');
      const id = await holdId(bare, who.token, 'UAE', [{ packageId: p.id, travelDate: inDays(4) }]);
      const quote = await post(bare, 'GetBookingQuote', { TempBookingId: id }, who.token, 'UAE');
      expect(quote.body.data.paymentMethods).toEqual([]);
      const res = await book(bare, who.token, 'UAE', { TempBookingId: id, ...party });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Your trip starts on .*: choose a later date, or call us to book it\.$/);
    } finally {
      await bare.close();
    }
  });
});
