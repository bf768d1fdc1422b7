import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../contract/documents.ts';
import { runPayLater } from '../../server/services/bookings/pay-later.ts';
import { RESEND_MESSAGES } from '../../server/services/desk/resend.ts';
import { mailText } from '../support/mail-catcher.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  freshDate,
  holdId,
  lead,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * An unpaid pay-later booking made under the rules before issue 19 was numbered and sent its
 * vouchers when it was made; today's rules give vouchers only once the balance is paid. Decision
 * 0093: it keeps them (the traveller may have forwarded them to the hotel), everywhere the shop
 * shows them, with the balance said as due to the shop, until it is paid or cancelled; cancelled
 * unpaid, the mail says they are cancelled with it. A new pay-later booking has none until paid.
 */

let kit: BookingKit;
let pkg: { id: number };
let agent: Staffer;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  kit = await createBookingKit();
  pkg = await findPackage(kit, { rooms: 10, inIndia: false });
  agent = await staffer(kit, 'agent');
}, 180_000);
afterAll(() => kit?.close());

const db = () => kit.database.db;
let n = 0;

/** A UAE pay-later booking of its own traveller, mailed to its own address. */
async function payLaterBooking() {
  const who = await traveller(kit, 'old');
  const email = `old.pay.later.${++n}.${Date.now()}@example.com`;
  const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id, travelDate: freshDate() }]);
  const res = await book(kit, who.token, 'UAE', {
    TempBookingId: id,
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({ Email: email }),
    Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }],
  });
  expect(res.status, res.body.message).toBe(200);
  return { who, email, booking: res.body.data as { BookingId: number; RefIdKey: string; Total: number } };
}

/**
 * As the build before issue 19 left it: numbered (a tax invoice) when it was made, its vouchers sent with the
 * confirmation.
 */
async function asTheOlderRulesIssuedIt(bookingId: number) {
  await db()
    .execute(sql`insert into invoice_counters (site, last_number) select site, 1 from bookings where id = ${bookingId}
    on conflict (site) do update set last_number = invoice_counters.last_number + 1`);
  await db()
    .execute(sql`update bookings b set invoice_number = 'WLH-AE-' || lpad(c.last_number::text, 6, '0'), invoiced_at = b.confirmed_at
    from invoice_counters c where c.site = b.site and b.id = ${bookingId}`);
}

const detail = async (token: string, ref: string) =>
  (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token })).body.data;
const listed = async (who: { token: string; userId: number }, ref: string) =>
  (
    (await call(kit.app, 'GET', 'BookingsList', { userid: who.userId }, { token: who.token })).body.data as Array<{
      RefIdKey: string;
      vouchersIssued: boolean;
    }>
  ).find((b) => b.RefIdKey === ref);
const vouchers = (token: string, bookingId: number, format: 'json' | 'pdf' = 'json') =>
  kit.app.inject({
    method: 'GET',
    url: `/api/Common/GenerateAllVoucher?BookingId=${bookingId}&format=${format}`,
    headers: { authorization: `Bearer ${token}`, country: 'UAE' },
  });
const mailsTo = (email: string) => kit.mail.mails.filter((m) => m.to.includes(email));
/** The pay-later job at `now`, and the mail it queued sent. */
const run = async (now: Date) => {
  await runPayLater(db(), kit.app.config, quiet, now);
  await kit.app.flushOutbox();
};
const noon = (day: string, plus = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + plus * 86_400_000);

describe('an unpaid pay-later booking that had its vouchers under the older rules', () => {
  it('keeps them: the trip, the list and GenerateAllVoucher give them with the balance due to the shop; a new one has none until paid', async () => {
    const old = await payLaterBooking();
    await asTheOlderRulesIssuedIt(old.booking.BookingId);
    const fresh = await payLaterBooking();

    const d = await detail(old.who.token, old.booking.RefIdKey);
    expect(d).toMatchObject({ Status: 'confirmed', PaymentStatus: 'unpaid', vouchersIssued: true });
    expect((await listed(old.who, old.booking.RefIdKey))?.vouchersIssued).toBe(true);
    const res = await vouchers(old.who.token, old.booking.BookingId);
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json().data;
    expect(set.vouchers.length).toBeGreaterThan(0);
    expect(set.paymentStatus).toBe('unpaid');
    expect(set.paymentDue.text).toContain('Nothing is payable to the supplier for the services on this voucher.');
    expect((await vouchers(old.who.token, old.booking.BookingId, 'pdf')).statusCode).toBe(200);

    // Today's rule for a booking made today: no vouchers before the balance.
    expect((await detail(fresh.who.token, fresh.booking.RefIdKey)).vouchersIssued).toBe(false);
    expect((await listed(fresh.who, fresh.booking.RefIdKey))?.vouchersIssued).toBe(false);
    const refused = await vouchers(fresh.who.token, fresh.booking.BookingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOCUMENT_MESSAGES.vouchersAfterBalance);
  });

  it('the desk links them and resends them; a new unpaid booking’s are refused', async () => {
    const old = await payLaterBooking();
    await asTheOlderRulesIssuedIt(old.booking.BookingId);
    const fresh = await payLaterBooking();

    const desk = await admin(kit, agent, 'GET', `bookings/${old.booking.RefIdKey}`);
    expect(desk.status, desk.body.message).toBe(200);
    expect(desk.body.data.links.vouchers).toBe(`/api/admin/bookings/${old.booking.RefIdKey}/vouchers.pdf`);
    const resent = await admin(kit, agent, 'POST', `bookings/${old.booking.RefIdKey}/resend`, { what: 'vouchers' });
    expect(resent.status, resent.body.message).toBe(200);

    expect((await admin(kit, agent, 'GET', `bookings/${fresh.booking.RefIdKey}`)).body.data.links.vouchers).toBeNull();
    const refused = await admin(kit, agent, 'POST', `bookings/${fresh.booking.RefIdKey}/resend`, { what: 'vouchers' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RESEND_MESSAGES.vouchersUnpaid);
  });

  it('the reminder says they stay valid with the booking; cancelled unpaid, the mail says they are cancelled with it and the shop withdraws them', async () => {
    const old = await payLaterBooking();
    await asTheOlderRulesIssuedIt(old.booking.BookingId);
    const dueOn = (await detail(old.who.token, old.booking.RefIdKey)).paymentDueOn as string;

    await run(noon(dueOn, -3));
    const [reminder] = mailsTo(old.email).filter((m) => /Reminder/.test(m.subject));
    const text = mailText(reminder!.raw);
    expect(text).toContain('The vouchers we sent you stay valid while your booking is');
    expect(text).not.toContain('vouchers come when the balance is paid');

    await run(noon(dueOn, kit.app.config.PAY_LATER_GRACE_DAYS + 1));
    expect((await detail(old.who.token, old.booking.RefIdKey)).Status).toBe('cancelled');
    const [cancelled] = mailsTo(old.email).filter((m) => /cancelled/.test(m.subject));
    expect(mailText(cancelled!.raw)).toContain('The vouchers we sent you for this booking are cancelled with it');
    const d = await detail(old.who.token, old.booking.RefIdKey);
    expect(d.vouchersIssued).toBe(false);
    const gone = await vouchers(old.who.token, old.booking.BookingId);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(DOCUMENT_MESSAGES.vouchersCancelled);
  });

  it('a new pay-later booking cancelled unpaid is not told of vouchers it never had', async () => {
    const fresh = await payLaterBooking();
    const dueOn = (await detail(fresh.who.token, fresh.booking.RefIdKey)).paymentDueOn as string;
    await run(noon(dueOn, kit.app.config.PAY_LATER_GRACE_DAYS + 1));
    const [cancelled] = mailsTo(fresh.email).filter((m) => /cancelled/.test(m.subject));
    expect(mailText(cancelled!.raw)).not.toContain('vouchers');
  });
});
