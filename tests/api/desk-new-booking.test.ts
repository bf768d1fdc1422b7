import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLinkToken } from '../../server/services/desk/pay-link.ts';
import {
  call,
  count,
  createBookingKit,
  findPackage,
  freshDate,
  inDays,
  sql,
  siteBooking,
  traveller,
  type BookingKit,
  type Site,
  razorpayStep,
  stripeStep,
} from '../support/booking-kit.ts';
import { mailText } from '../support/mail-catcher.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { type Answer } from '../support/answers.ts';
import { type NextStep } from '../../contract/booking.ts';
import { type PayLinkView } from '../../contract/desk-new-booking.ts';

/*
 * A booking made at the desk (issue 31, decision 0095): the shop's own pricing, holds and booking
 * for the traveller's account (found or made), to pay later or with a payment link the traveller
 * pays through the site's gateway (the local stand-ins). The real app on PGlite, staff signed in
 * through the real calls, mail through the outbox to the mail catcher.
 */

let kit: BookingKit;
let uaePkg: number;
let inPkg: number;
let overseasForIndia: number;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;

beforeAll(async () => {
  kit = await createBookingKit();
  uaePkg = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  inPkg = (await findPackage(kit, { inIndia: true })).id;
  overseasForIndia = (await findPackage(kit, { inIndia: false })).id;
  owner = await staffer(kit, 'owner');
  agent = await staffer(kit, 'agent');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
}, 180_000);
afterAll(() => kit.close());

let people = 0;
const newEmail = (name: string) => `${name}.desk.${++people}.${Date.now()}@example.com`;

function body(site: Site, packageId: number, over: Record<string, unknown> = {}) {
  const n = ++people;
  return {
    site,
    packageId,
    travelDate: freshDate(),
    adults: 2,
    children: 0,
    rooms: 1,
    lead:
      site === 'IN'
        ? {
            title: 'Mr',
            firstName: 'Anil',
            lastName: 'Menon',
            email: newEmail('anil'),
            phone: `+9198${String(10_000_000 + n).slice(-8)}`,
            dob: '1985-06-01',
          }
        : {
            title: 'Ms',
            firstName: 'Layla',
            lastName: 'Haddad',
            email: newEmail('layla'),
            phone: `+97150${String(1_000_000 + n).slice(-7)}`,
            dob: '1988-02-14',
          },
    payment: 'pay-later',
    ...over,
  };
}

let keys = 0;
const book = (who: Staffer | null, b: object, headers: Record<string, string> = {}) =>
  admin(kit, who, 'POST', 'bookings', b, { 'idempotency-key': `desk-new-${Date.now()}-${++keys}`, ...headers });
const quote = (who: Staffer | null, b: object) => admin(kit, who, 'POST', 'bookings/quote', b);
const bookingRow = async (ref: string) =>
  (
    await kit.database.db.execute<{
      id: number;
      user_id: number;
      status: string;
      payment_status: string;
      payment_method: string;
      total: number;
      amount_paid: number;
      payment_due_on: string | null;
      site: string;
    }>(
      sql`select id, user_id, status, payment_status, payment_method, total, amount_paid, payment_due_on::text, site from bookings where ref_id_key = ${ref}`,
    )
  ).rows[0];
const audits = async (ref: string) =>
  (
    await kit.database.db.execute<{ staff_id: number; role: string; after: Record<string, unknown> }>(
      sql`select staff_id, role, after from audit_log where action = 'bookings.create' and record_id = ${ref}`,
    )
  ).rows;
const bookingsCount = () => count(kit, sql`select count(*)::int as n from bookings`);

async function mailTo(to: string, subject: RegExp, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = kit.mail.mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until)
      throw new Error(
        `no mail to ${to} matching ${subject}; got ${kit.mail.mails
          .filter((m) => m.to.includes(to))
          .map((m) => m.subject)
          .join(' | ')}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The payment link's answers (server/routes/pay-links.ts): its view, the gateway's step, the payment verified. */
type LinkData<Path extends string> = Path extends `${string}/start`
  ? { RefIdKey: string; site: 'UAE' | 'IN'; Next: NextStep }
  : Path extends `${string}/${'stripe' | 'razorpay'}`
    ? { RefIdKey: string; PaymentStatus: string }
    : PayLinkView;
const link = <const Path extends string>(path: Path, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  kit.app.inject({ method, url: `/api/payments/links/${path}`, ...(payload ? { payload } : {}) }).then((r) => ({
    status: r.statusCode,
    body: r.json() as Answer<LinkData<Path>>,
    headers: r.headers,
  }));
const tokenOf = (url: string) => url.split('/checkout/link/')[1]!;

describe('who may make a booking at the desk', () => {
  it('owner and agent may; accounts and catalogue get 403, no session 401, no CSRF token 403, and nothing is written', async () => {
    const before = await bookingsCount();
    const users = await count(kit, sql`select count(*)::int as n from users`);
    const b = body('UAE', uaePkg);
    const reads = [
      ['bookings/new/packages', { site: 'UAE' }],
      ['bookings/new/departures', { site: 'UAE', packageId: String(uaePkg) }],
      ['bookings/new/traveller', { q: b.lead.email }],
    ] as const;
    for (const [who, status] of [
      [accounts, 403],
      [catalogue, 403],
      [null, 401],
    ] as const) {
      const answers = [
        await book(who, b),
        await quote(who, b),
        ...(await Promise.all(reads.map(([path, q]) => admin(kit, who, 'GET', path, q)))),
      ];
      for (const res of answers) {
        expect(res.status, res.body.message).toBe(status);
        expect(res.body.status).toBe('error');
        expect(res.body.message.length).toBeGreaterThan(10);
      }
    }
    const noCsrf = await book({ ...agent, csrf: 'wrong' }, b);
    expect(noCsrf.status).toBe(403);
    for (const [path, q] of reads) expect((await admin(kit, agent, 'GET', path, q)).status).toBe(200);
    expect(await bookingsCount()).toBe(before);
    expect(await count(kit, sql`select count(*)::int as n from users`)).toBe(users);
    expect(await count(kit, sql`select count(*)::int as n from audit_log where action = 'bookings.create'`)).toBe(0);

    const byAgent = await book(agent, b);
    expect(byAgent.status, byAgent.body.message).toBe(200);
    const byOwner = await book(owner, { ...body('UAE', uaePkg) });
    expect(byOwner.status, byOwner.body.message).toBe(200);
    expect(await audits(byAgent.body.data.RefIdKey)).toMatchObject([{ staff_id: agent.id, role: 'agent' }]);
    expect(await audits(byOwner.body.data.RefIdKey)).toMatchObject([{ staff_id: owner.id, role: 'owner' }]);
  });
});

describe('a booking made at the desk', () => {
  for (const site of ['UAE', 'IN'] as const) {
    it(`${site}: priced exactly as the shop prices the same choice (quote and booking), to pay later, in the traveller's own account and My trips`, async () => {
      const pkg = site === 'UAE' ? uaePkg : inPkg;
      // The shop's own booking of the same holiday and party, by a traveller at checkout.
      const shopper = await traveller(kit, 'shopper');
      const shop = await siteBooking(kit, shopper, site, pkg, 'pay-later');
      const shopRow = (
        await kit.database.db.execute<{ subtotal: number; discount: number; taxes: unknown; total: number }>(
          sql`select subtotal, discount, taxes, total from bookings where id = ${shop.BookingId}`,
        )
      ).rows[0]!;

      // A traveller who already has an account (found by email): the booking is theirs.
      const who = await traveller(kit, 'caller');
      const b = body(site, pkg, {});
      (b.lead as { email: string }).email = who.email;
      const q = await quote(agent, b);
      expect(q.status, q.body.message).toBe(200);
      expect(q.body.data).toMatchObject({
        site,
        total: shopRow.total,
        subtotal: shopRow.subtotal,
        discount: shopRow.discount,
        panRequired: false,
        payLater: { offered: true },
      });
      expect(q.body.data.traveller).toMatchObject({ email: who.email });
      // A quote holds and writes nothing.
      expect(
        await count(
          kit,
          sql`select count(*)::int as n from temp_bookings t join users u on t.owner = 'user:' || u.id where u.email = ${who.email}`,
        ),
      ).toBe(0);

      const made = await book(agent, b);
      expect(made.status, made.body.message).toBe(200);
      expect(made.body.data).toMatchObject({
        site,
        Status: 'confirmed',
        PaymentStatus: 'unpaid',
        Total: shopRow.total,
        traveller: { email: who.email, created: false },
      });
      expect(made.body.data.RefIdKey).toMatch(/^WL-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      expect(made.body.data.paymentUrl).toBeUndefined();
      const row = (await bookingRow(made.body.data.RefIdKey))!;
      expect(row).toMatchObject({ user_id: who.userId, payment_method: 'pay-later', status: 'confirmed' });
      expect(row.payment_due_on).toBe(made.body.data.paymentDueOn);
      const taxes = (
        await kit.database.db.execute<{ taxes: unknown }>(sql`select taxes from bookings where id = ${row.id}`)
      ).rows[0]!.taxes;
      expect(taxes).toEqual(shopRow.taxes);
      // Rooms sold as a sale sells them; the traveller's cart is left as it was.
      expect(
        await count(kit, sql`select count(*)::int as n from cart_items where owner = ${`user:${who.userId}`}`),
      ).toBe(0);
      // In My trips.
      const trip = await call(
        kit.app,
        'GET',
        'BookingDetailById',
        { RefIdKey: made.body.data.RefIdKey },
        { token: who.token },
      );
      expect(trip.status, trip.body.message).toBe(200);
      // Mailed as a shop pay-later booking is.
      await mailTo(who.email, new RegExp(made.body.data.RefIdKey));
      // The booking's history says it was made at the desk, and by whom.
      expect(
        await count(
          kit,
          sql`select count(*)::int as n from booking_events where booking_id = ${row.id} and cause like ${`made at the desk by ${agent.email}%`}`,
        ),
      ).toBe(1);
      const [audit] = await audits(made.body.data.RefIdKey);
      expect(audit).toMatchObject({
        staff_id: agent.id,
        role: 'agent',
        after: {
          site,
          packageId: pkg,
          payment: 'pay-later',
          total: shopRow.total,
          traveller: who.email,
          accountCreated: false,
        },
      });
    });
  }

  it('a traveller with no account gets one (found by email next time, and by phone), without a password', async () => {
    const b = body('UAE', uaePkg);
    const first = await book(owner, b);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.traveller).toMatchObject({ email: b.lead.email, created: true });
    const user = (
      await kit.database.db.execute<{ id: number; password_hash: string | null; phone: string }>(
        sql`select id, password_hash, phone from users where email = ${b.lead.email}`,
      )
    ).rows[0]!;
    expect(user.password_hash).toBeNull();
    const found = await admin(kit, agent, 'GET', 'bookings/new/traveller', { q: b.lead.phone });
    expect(found.status, found.body.message).toBe(200);
    expect(found.body.data.traveller).toMatchObject({ email: b.lead.email, firstName: 'Layla' });
    const again = await book(owner, { ...body('UAE', uaePkg), lead: { ...b.lead, email: newEmail('other') } });
    expect(again.status, again.body.message).toBe(200);
    expect((await bookingRow(again.body.data.RefIdKey))!.user_id).toBe(user.id);
    const none = await admin(kit, agent, 'GET', 'bookings/new/traveller', { q: newEmail('nobody') });
    expect(none.body.data.traveller).toBeNull();
  });

  it('India: an overseas holiday needs the PAN (TCS as at checkout); a coupon that does not apply is refused in words', async () => {
    const b = body('IN', overseasForIndia);
    // From ₹50,000 the GST invoice carries the buyer's address, as at checkout.
    b.lead = { ...b.lead, address: ['12 Hill Road, Bandra West', 'Mumbai 400050'] } as typeof b.lead;
    const q = await quote(agent, b);
    expect(q.status, q.body.message).toBe(200);
    expect(q.body.data.panRequired).toBe(true);
    const without = await book(agent, b);
    expect(without.status).toBe(400);
    expect(without.body.message).toMatch(/PAN/);
    const withPan = await book(agent, {
      ...b,
      pan: 'ABCPM1234F',
      lead: { ...b.lead, firstName: 'Anil', lastName: 'Menon' },
    });
    expect(withPan.status, withPan.body.message).toBe(200);
    const taxes = (
      await kit.database.db.execute<{ taxes: { code: string }[] }>(
        sql`select taxes from bookings where ref_id_key = ${withPan.body.data.RefIdKey}`,
      )
    ).rows[0]!.taxes;
    expect(taxes.map((t) => t.code)).toContain('TCS');
    const coupon = await book(agent, { ...body('UAE', uaePkg), coupon: 'NO-SUCH-CODE' });
    expect(coupon.status).toBe(409);
    expect(coupon.body.message).toMatch(/^coupon: Coupon NO-SUCH-CODE/);
  });

  it('India from ₹50,000: the lead traveller’s address is asked for (the quote says so), a booking without it is refused naming lead.address, with it booked and on the invoice', async () => {
    // A party large enough to pass ₹50,000 on the India site's holiday.
    const b = body('IN', inPkg, { adults: 6, rooms: 3 });
    const q = await quote(agent, b);
    expect(q.status, q.body.message).toBe(200);
    expect(q.body.data.total).toBeGreaterThanOrEqual(50_000 * 100);
    expect(q.body.data.addressRequired).toBe(true);
    const before = await bookingsCount();
    const users = await count(kit, sql`select count(*)::int as n from users`);
    for (const address of [undefined, [], ['   '], '']) {
      const refused = await book(agent, { ...b, lead: { ...b.lead, ...(address === undefined ? {} : { address }) } });
      expect(refused.status, JSON.stringify(address)).toBe(400);
      expect(refused.body.status).toBe('error');
      expect(refused.body.message).toMatch(
        /^lead\.address: an India booking of ₹50,000 or more needs the lead traveller’s address/,
      );
    }
    expect(await bookingsCount()).toBe(before);
    expect(await count(kit, sql`select count(*)::int as n from users`)).toBe(users);

    // The convention's body with the address as text (one line a row) and the state, as checkout takes them.
    const lead = { ...b.lead, address: '12 Hill Road, Bandra West\nMumbai 400050', state: 'Maharashtra' };
    const priced = await quote(agent, { ...b, lead });
    expect(priced.status, priced.body.message).toBe(200);
    expect(priced.body.data).toMatchObject({ addressRequired: false, total: q.body.data.total });
    const made = await book(agent, { ...b, lead });
    expect(made.status, made.body.message).toBe(200);
    const row = (
      await kit.database.db.execute<{ buyer_address: string[] }>(
        sql`select buyer_address from bookings where ref_id_key = ${made.body.data.RefIdKey}`,
      )
    ).rows[0]!;
    expect(row.buyer_address).toEqual(['12 Hill Road, Bandra West', 'Mumbai 400050']);
    // As lines too; under ₹50,000 none is needed.
    const lines = await book(agent, {
      ...body('IN', inPkg, { adults: 6, rooms: 3 }),
      lead: { ...body('IN', inPkg).lead, address: ['4 Park Street', 'Kolkata 700016'] },
    });
    expect(lines.status, lines.body.message).toBe(200);
    const small = await quote(agent, body('IN', inPkg, { adults: 1 }));
    expect(small.status, small.body.message).toBe(200);
    expect(small.body.data.total).toBeLessThan(50_000 * 100);
    expect(small.body.data.addressRequired).toBe(false);
  });

  it('is idempotent on its Idempotency-Key: a replay answers the same booking, a different request under the key is refused', async () => {
    const b = body('UAE', uaePkg, { payment: 'link' });
    const before = await bookingsCount();
    const key = `desk-replay-${Date.now()}`;
    const one = await book(agent, b, { 'idempotency-key': key });
    expect(one.status, one.body.message).toBe(200);
    const two = await book(agent, b, { 'idempotency-key': key });
    expect(two.status).toBe(200);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.body.data).toEqual(one.body.data);
    expect(await bookingsCount()).toBe(before + 1);
    expect(await audits(one.body.data.RefIdKey)).toHaveLength(1);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from mail_outbox where kind = 'pay-link' and booking_id = ${one.body.data.BookingId}`,
      ),
    ).toBe(1);
    const other = await book(agent, { ...b, adults: 1 }, { 'idempotency-key': key });
    expect(other.status).toBe(409);
    expect(await bookingsCount()).toBe(before + 1);
  });

  it('refuses bad input with a message naming each field, and writes nothing', async () => {
    const before = await bookingsCount();
    const cases: [object, RegExp][] = [
      [{}, /site: Choose the site/],
      [{ ...body('UAE', uaePkg), payment: 'cash' }, /payment: Choose the payment: pay-later or link/],
      [{ ...body('UAE', uaePkg), adults: 0 }, /adults: At least one adult/],
      [{ ...body('UAE', uaePkg), travelDate: 'soon' }, /travelDate: Enter the travel date as YYYY-MM-DD/],
      [{ ...body('UAE', uaePkg), travelDate: inDays(-3) }, /travelDate: choose a date from tomorrow onwards/],
      [{ ...body('UAE', uaePkg), lead: { ...body('UAE', uaePkg).lead, email: 'not-an-email' } }, /lead\.email/],
      [{ ...body('UAE', uaePkg), children: 1 }, /travellers: give the name and date of birth of each child/],
      [
        { ...body('UAE', uaePkg), lead: { ...body('UAE', uaePkg).lead, dob: '2015-01-01' } },
        /lead traveller must be 18/,
      ],
      [{ ...body('UAE', 999_999) }, /no longer on sale|not/],
      [{ ...body('UAE', uaePkg), adults: 9, rooms: 1 }, /room/],
      // Pay later (and so a link) needs the trip far enough away.
      [{ ...body('UAE', uaePkg), travelDate: inDays(3) }, /Paying later is offered for trips starting on/],
    ];
    for (const [b, message] of cases) {
      const res = await book(agent, b);
      expect(res.status, JSON.stringify(b)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.status).toBe('error');
      expect(res.body.message, JSON.stringify(b)).toMatch(message);
    }
    expect(await bookingsCount()).toBe(before);
  });
});

describe('a payment link', () => {
  it('UAE: mailed to the traveller, opened without signing in, paid on Stripe’s page (the stand-in): the booking is paid', async () => {
    const b = body('UAE', uaePkg, { payment: 'link' });
    const made = await book(agent, b);
    expect(made.status, made.body.message).toBe(200);
    const url = made.body.data.paymentUrl as string;
    expect(url).toMatch(/^http:\/\/localhost:8080\/checkout\/link\/[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{32}$/);
    // It ends within 72 hours, and by the due date.
    const ends = Date.parse(made.body.data.linkExpiresAt!);
    expect(ends).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000);
    expect(ends).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    const mail = await mailTo(b.lead.email, /^Pay for booking WL-/);
    expect(mailText(mail.raw)).toContain(url);

    const token = tokenOf(url);
    const view = await link(token);
    expect(view.status, view.body.message).toBe(200);
    expect(view.body.data).toMatchObject({
      RefIdKey: made.body.data.RefIdKey,
      state: 'payable',
      amountDue: made.body.data.Total,
      gateway: 'stripe',
      currency: 'AED',
    });
    expect(view.headers['cache-control']).toBe('no-store');
    const start = await link(`${token}/start`, 'POST', {});
    expect(start.status, start.body.message).toBe(200);
    expect(start.body.data.Next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(stripeStep(start.body.data.Next).sessionId)!;
    expect(session.success_url).toBe(`${url}?session_id={CHECKOUT_SESSION_ID}`);
    kit.gateways.paySession(session.id);
    const verified = await link(`${token}/stripe`, 'POST', { sessionId: session.id });
    expect(verified.status, verified.body.message).toBe(200);
    expect(verified.body.data.PaymentStatus).toBe('paid');
    expect(await bookingRow(made.body.data.RefIdKey)).toMatchObject({
      payment_status: 'paid',
      status: 'confirmed',
      amount_paid: made.body.data.Total,
    });
    expect((await link(token)).body.data.state).toBe('paid');
    // Nothing more to pay on it.
    expect((await link(`${token}/start`, 'POST', {})).status).toBe(409);
  });

  it('India: paid through Razorpay’s checkout (the stand-in), its signature verified: the booking is paid', async () => {
    const b = body('IN', inPkg, { payment: 'link' });
    const made = await book(owner, b);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.paymentUrl).toMatch(/^http:\/\/localhost:8080\/in\/checkout\/link\//);
    const token = tokenOf(made.body.data.paymentUrl!);
    const start = await link(`${token}/start`, 'POST', {});
    expect(start.status, start.body.message).toBe(200);
    expect(start.body.data.Next).toMatchObject({ type: 'razorpay', currency: 'INR' });
    const answer = kit.gateways.payOrder(razorpayStep(start.body.data.Next).orderId);
    const forged = await link(`${token}/razorpay`, 'POST', { ...answer, razorpay_signature: 'x'.repeat(64) });
    expect(forged.status).toBe(400);
    const verified = await link(`${token}/razorpay`, 'POST', answer);
    expect(verified.status, verified.body.message).toBe(200);
    expect(await bookingRow(made.body.data.RefIdKey)).toMatchObject({ payment_status: 'paid' });
  });

  it('an ended link is refused in words (410), an unknown or altered one is not found (404), a cancelled booking’s says so; none pays', async () => {
    const made = await book(agent, body('UAE', uaePkg, { payment: 'link' }));
    expect(made.status, made.body.message).toBe(200);
    const id = made.body.data.BookingId as number;
    const ended = payLinkToken(kit.app.config, id, new Date(Date.now() - 60_000));
    for (const res of [await link(ended), await link(`${ended}/start`, 'POST', {})]) {
      expect(res.status).toBe(410);
      expect(res.body.message).toMatch(/^This payment link ended on .+ Call us on .+ for a new link/);
    }
    // The same booking with a later end, but not signed by us: unknown.
    const token = tokenOf(made.body.data.paymentUrl!);
    const [bid, , sig] = token.split('.');
    const stretched = `${bid}.${Math.floor(Date.now() / 1000 + 10 * 86_400).toString(36)}.${sig}`;
    for (const t of [stretched, 'nonsense', `${(id + 1).toString(36)}.zzzzzz.${sig}`, '']) {
      const res = await link(t ? t : '%20');
      expect(res.status, t).toBe(404);
      expect(res.body.message).toMatch(/payment link is not valid|not found|no such/i);
    }
    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${id}`);
    const cancelled = await link(`${token}/start`, 'POST', {});
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toMatch(/cancelled/);
    expect(await count(kit, sql`select count(*)::int as n from payments where booking_id = ${id}`)).toBe(0);
  });
});
