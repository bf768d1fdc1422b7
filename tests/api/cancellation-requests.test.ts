import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY, keepPercentFor, policyLines } from '../../contract/cancellation.ts';
import type { StaffRole } from '../../contract/staff.ts';
import { CATALOGUE } from '../../server/db/seed-data/catalogue.ts';
import { FLEXIBLE_POLICY, GROUP_TOUR_POLICY, RESORT_POLICY } from '../../server/db/seed-data/cancellation-policies.ts';
import { mailText } from '../support/mail-catcher.ts';
import {
  call,
  count,
  createBookingKit,
  findPackage,
  holdId,
  markPaidInFull,
  post,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { eq } from 'drizzle-orm';
import { bookings } from '../../server/db/schema.ts';
import { cancelBooking } from '../../server/services/desk/cancel.ts';
import { deskDetail } from '../../server/services/desk/detail.ts';
import { recordManualPayment } from '../../server/services/desk/payments.ts';
import { siteDay } from '../../contract/calendar.ts';
import { bookingMoneySide } from '../../server/services/desk/money-side.ts';
import { tripCancellation } from '../../server/services/desk/requests.ts';

/*
 * A traveller's cancellation request (issue 20): the policy each package carries (GetPackageDetail,
 * checkout's quote, GetBookingDetails' quote of what cancelling today refunds), RequestCancellation
 * with its refusals, and the staff's queue and decline, with the role matrix.
 */

let kit: BookingKit;
const staffOf: Partial<Record<StaffRole, Staffer>> = {};

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  for (const role of ['owner', 'agent', 'accounts', 'catalogue'] as const) staffOf[role] = await staffer(kit, role);
}, 180_000);
afterAll(async () => kit?.close());

const STANDARD_PACKAGE = 1; // dubai-family-fun-5-nights: the shop's standard policy
const RESORT_PACKAGE = 2; // dubai-luxury-escape-4-nights: a resort's stricter policy

async function bookingOf(who: { token: string; email: string }, packageId = STANDARD_PACKAGE) {
  const data = await siteBooking(kit, who, 'UAE', packageId, 'pay-later');
  return { id: data.BookingId as number, ref: data.RefIdKey as string, total: data.Total as number };
}

const detail = (token: string, ref: string) => call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token });
const ask = (
  token: string,
  ref: string,
  ClientKey: string,
  Reason = 'Our plans changed: a family wedding moved to those dates.',
) => post(kit, 'RequestCancellation', { RefIdKey: ref, Reason, ClientKey }, token);
/**
 * The mail to `to` with this subject, caught after `since` (other mails to the traveller, as the booking's
 * confirmation, may come between).
 */
async function mailTo(to: string, subject: string, since: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = kit.mail.mails.slice(since).find((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const key = () => `ck-${crypto.randomUUID()}`;
const requestsOf = (bookingId: number) =>
  count(kit, sql`select count(*)::int as n from cancellation_requests where booking_id = ${bookingId}`);

describe('the cancellation policy a traveller sees', () => {
  it('each seeded package carries its policy: resorts, villas and houseboats stricter, adventure more flexible', () => {
    const policyOf = (slug: string) => CATALOGUE.packages.find((p) => p.slug === slug)?.cancellationPolicy;
    expect(policyOf('dubai-family-fun-5-nights')).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(policyOf('maldives-family-resort-4-nights')).toEqual(RESORT_POLICY);
    expect(policyOf('kerala-family-tour-5-nights')).toEqual(RESORT_POLICY); // a houseboat night
    expect(policyOf('dubai-luxury-escape-4-nights')).toEqual(RESORT_POLICY);
    expect(policyOf('turkey-grand-group-tour-9-nights')).toEqual(GROUP_TOUR_POLICY);
    expect(policyOf('bali-adventure-5-nights')).toEqual(FLEXIBLE_POLICY);
  });

  it('migration 0010 gives databases seeded before it the same policies as the seed, and keeps one changed since', async () => {
    const db = kit.database.db;
    const def = JSON.stringify(DEFAULT_CANCELLATION_POLICY);
    const kept = JSON.stringify([{ daysBefore: 10, keepPercent: 5 }]);
    // As 0007 left every package, except one staff have changed since.
    await db.execute(sql`update packages set cancellation_policy = ${def}::jsonb`);
    await db.execute(sql`update packages set cancellation_policy = ${kept}::jsonb where id = ${RESORT_PACKAGE + 5}`);
    const migration = readFileSync(
      new URL('../../server/db/migrations/0010_cancellation_policies.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      if (statement.replace(/--.*$/gm, '').trim()) await db.execute(sql.raw(statement));
    const { rows } = await db.execute<{ id: number; policy: unknown }>(
      sql`select id, cancellation_policy as policy from packages order by id`,
    );
    for (const r of rows) {
      const expected =
        r.id === RESORT_PACKAGE + 5
          ? JSON.parse(kept)
          : CATALOGUE.packages.find((p) => p.id === r.id)!.cancellationPolicy;
      expect(r.policy, `package ${r.id}`).toEqual(expected);
    }
    // Back as the seed has it, for the tests below.
    const seeded = CATALOGUE.packages.find((p) => p.id === RESORT_PACKAGE + 5)!.cancellationPolicy;
    await db.execute(
      sql`update packages set cancellation_policy = ${JSON.stringify(seeded)}::jsonb where id = ${RESORT_PACKAGE + 5}`,
    );
  });

  it('GetPackageDetail answers the package policy, on both sites', async () => {
    for (const site of ['UAE', 'IN']) {
      const res = await call(
        kit.app,
        'GET',
        'Holiday/GetPackageDetail',
        { Slug: 'dubai-luxury-escape-4-nights' },
        { headers: { country: site } },
      );
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.cancellationPolicy).toEqual(RESORT_POLICY);
    }
    expect(policyLines(RESORT_POLICY)).toEqual([
      '45 days or more before travel: 20% of the total kept, the rest refunded',
      '30 to 44 days before travel: 40% of the total kept, the rest refunded',
      '15 to 29 days before travel: 75% of the total kept, the rest refunded',
      'Less than 15 days before travel: no refund',
    ]);
  });

  it("checkout's quote lists the policy of each package in the hold", async () => {
    const who = await traveller(kit);
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: STANDARD_PACKAGE }, { packageId: RESORT_PACKAGE }]);
    const res = await post(kit, 'GetBookingQuote', { TempBookingId: id }, who.token);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.cancellationPolicies).toEqual([
      { packageId: STANDARD_PACKAGE, title: expect.any(String), lines: policyLines(DEFAULT_CANCELLATION_POLICY) },
      { packageId: RESORT_PACKAGE, title: expect.any(String), lines: policyLines(RESORT_POLICY) },
    ]);
  });

  it('GetBookingDetails tells what cancelling today would keep and refund of what was paid, by the package policy', async () => {
    const who = await traveller(kit);
    const b = await bookingOf(who, RESORT_PACKAGE);
    const unpaid = await detail(who.token, b.ref);
    expect(unpaid.status, unpaid.body.message).toBe(200);
    const c = unpaid.body.data.cancellation;
    const days = unpaid.body.data.cancellation!.daysBefore as number;
    expect(days).toBeGreaterThanOrEqual(30);
    expect(days).toBeLessThan(45);
    // Nothing paid yet: nothing to keep and nothing to refund.
    expect(c).toMatchObject({
      policy: RESORT_POLICY,
      policyLines: policyLines(RESORT_POLICY),
      keepPercent: 40,
      keep: 0,
      refund: 0,
      paid: 0,
      canRequest: true,
      unavailable: null,
      request: null,
    });

    await markPaidInFull(kit, b.id);
    const paid = (await detail(who.token, b.ref)).body.data;
    const keep = Math.round((paid.total * 40) / 100);
    expect(paid.cancellation).toMatchObject({ keepPercent: 40, paid: paid.total, keep, refund: paid.total - keep });
  });
});

describe('RequestCancellation', () => {
  it("the booking's traveller requests a cancellation: staff are told at the shop's address and the traveller gets an acknowledgement", async () => {
    const who = await traveller(kit);
    const b = await bookingOf(who);
    const since = kit.mail.mails.length;
    const res = await ask(who.token, b.ref, key());
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({
      RefIdKey: b.ref,
      request: { status: 'pending', reason: expect.stringContaining('wedding'), decisionMessage: null },
    });
    expect(await requestsOf(b.id)).toBe(1);

    const shop = await mailTo('bookings@wanderlust-holidays.ae', `Cancellation requested: booking ${b.ref}`, since);
    expect(mailText(shop.raw)).toContain('a family wedding moved');
    const ack = await mailTo(who.email, `We have your cancellation request for booking ${b.ref}`, since);
    expect(mailText(ack.raw)).toContain(policyLines(DEFAULT_CANCELLATION_POLICY)[0]);

    // Trips now shows the request, and no second one can be sent while it waits.
    const after = (await detail(who.token, b.ref)).body.data.cancellation;
    expect(after).toMatchObject({ canRequest: false, request: { status: 'pending' } });
    const again = await ask(who.token, b.ref, key());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      status: 'error',
      message: 'A cancellation request for this booking is already waiting for our reply.',
    });
    expect(await requestsOf(b.id)).toBe(1);
  });

  it("another traveller's booking answers as not found, and nothing is recorded", async () => {
    const owner = await traveller(kit);
    const other = await traveller(kit, 'ravi');
    const b = await bookingOf(owner);
    const res = await ask(other.token, b.ref, key());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', message: 'We could not find this booking in your account.' });
    expect(await requestsOf(b.id)).toBe(0);
    // And without a sign-in at all.
    const anonymous = await post(kit, 'RequestCancellation', {
      RefIdKey: b.ref,
      Reason: 'Plans changed',
      ClientKey: key(),
    });
    expect(anonymous.status).toBe(401);
    expect(await requestsOf(b.id)).toBe(0);
  });

  it('the same ClientKey twice (a resend from the outbox) is one request and one pair of mails', async () => {
    const who = await traveller(kit);
    const b = await bookingOf(who);
    const k = key();
    const [one, two] = await Promise.all([ask(who.token, b.ref, k), ask(who.token, b.ref, k)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.data.request.id).toBe(two.body.data.request.id);
    const three = await ask(who.token, b.ref, k);
    expect(three.status).toBe(200);
    expect(three.body.message).toBe('Your cancellation request is already with us. We will reply by email.');
    expect(three.body.data.request.id).toBe(one.body.data.request.id);
    expect(await requestsOf(b.id)).toBe(1);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from mail_outbox where booking_id = ${b.id} and kind like 'cancellation-requested%'`,
      ),
    ).toBe(2);
  });

  it('is refused for a cancelled booking and after the first travel date', async () => {
    const who = await traveller(kit);
    const cancelled = await bookingOf(who);
    await kit.database.db.execute(
      sql`update bookings set status = 'cancelled', cancelled_at = now() where id = ${cancelled.id}`,
    );
    const refused = await ask(who.token, cancelled.ref, key());
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'error', message: 'This booking is already cancelled.' });
    expect((await detail(who.token, cancelled.ref)).body.data.cancellation).toMatchObject({
      canRequest: false,
      unavailable: 'This booking is already cancelled.',
    });

    const travelled = await bookingOf(who);
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = (current_date - 2) where booking_id = ${travelled.id}`,
    );
    const late = await ask(who.token, travelled.ref, key());
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This trip has started: it can no longer be cancelled from here. Please call us.');
    expect(await requestsOf(cancelled.id)).toBe(0);
    expect(await requestsOf(travelled.id)).toBe(0);
  });

  it('refuses a request without a reason or with a malformed key, naming the field', async () => {
    const who = await traveller(kit);
    const b = await bookingOf(who);
    const noReason = await ask(who.token, b.ref, key(), ' ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('Tell us why you want to cancel.');
    const badKey = await ask(who.token, b.ref, 'short');
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/ClientKey/);
    expect(await requestsOf(b.id)).toBe(0);
  });
});

describe("the staff's queue", () => {
  async function pendingRequest() {
    const who = await traveller(kit);
    const b = await bookingOf(who);
    await markPaidInFull(kit, b.id);
    const res = await ask(who.token, b.ref, key());
    expect(res.status, res.body.message).toBe(200);
    return { who, b, requestId: res.body.data.request.id as number };
  }

  it('lists pending requests newest first with the booking, the traveller, the reason and the policy quote', async () => {
    const first = await pendingRequest();
    const second = await pendingRequest();
    const res = await admin(kit, staffOf.agent!, 'GET', 'cancellation-requests', { status: 'pending' });
    expect(res.status, res.body.message).toBe(200);
    const items = res.body.data.items as { id: number; RefIdKey: string }[];
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(second.requestId)).toBeLessThan(ids.indexOf(first.requestId));
    const item = items.find((i) => i.id === second.requestId);
    expect(item).toMatchObject({
      RefIdKey: second.b.ref,
      status: 'pending',
      reason: expect.stringContaining('wedding'),
      traveller: 'Asha Rao',
      travellerEmail: second.who.email,
      bookingStatus: 'confirmed',
      quote: { keepPercent: 10, policyLines: policyLines(DEFAULT_CANCELLATION_POLICY) },
    });
    const q = (item as unknown as { quote: { total: number; keep: number; refund: number; paid: number } }).quote;
    expect(q.keep).toBe(Math.round(q.total / 10));
    expect(q.refund).toBe(q.paid - q.keep);
    // accounts may see the queue, with the traveller's email masked (no travellers.contact).
    const masked = await admin(kit, staffOf.accounts!, 'GET', 'cancellation-requests');
    expect(masked.status).toBe(200);
    expect(
      (masked.body.data.items as { id: number; travellerEmail: string }[]).find((i) => i.id === second.requestId)
        ?.travellerEmail,
    ).toMatch(/^a•••@example\.com$/);
    // An unknown status is refused with words.
    const bad = await admin(kit, staffOf.owner!, 'GET', 'cancellation-requests', { status: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('decline: owner, agent and accounts may; audited on the booking, the traveller mailed the message, and Trips shows it', async () => {
    for (const role of ['owner', 'agent', 'accounts'] as const) {
      const { who, b, requestId } = await pendingRequest();
      const since = kit.mail.mails.length;
      const message = `We cannot cancel within the supplier's deadline (${role}).`;
      const res = await admin(kit, staffOf[role]!, 'POST', `cancellation-requests/${requestId}/decline`, { message });
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({
        id: requestId,
        RefIdKey: b.ref,
        status: 'declined',
        decisionMessage: message,
      });

      const { rows } = await kit.database.db.execute<{
        action: string;
        staff_id: number;
        role: string;
        before: { status: string };
        after: { status: string; message: string };
      }>(
        sql`select action, staff_id, role, before, after from audit_log where record_type = 'booking' and record_id = ${b.ref}`,
      );
      expect(rows).toEqual([
        {
          action: 'cancellation.decline',
          staff_id: staffOf[role]!.id,
          role,
          before: expect.objectContaining({ status: 'pending', requestId }),
          after: { requestId, status: 'declined', message },
        },
      ]);
      const mail = await mailTo(who.email, `Your cancellation request for booking ${b.ref}`, since);
      expect(mailText(mail.raw)).toContain(message);

      const trip = (await detail(who.token, b.ref)).body.data;
      expect(trip.Status).toBe('confirmed');
      expect(trip.cancellation).toMatchObject({
        canRequest: true,
        request: { status: 'declined', decisionMessage: message },
      });
      // Declined once: a second decline is refused.
      const twice = await admin(kit, staffOf[role]!, 'POST', `cancellation-requests/${requestId}/decline`, {
        message: 'Again',
      });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This request is already declined.');
    }
    // The declined list has them.
    const declined = await admin(kit, staffOf.owner!, 'GET', 'cancellation-requests', { status: 'declined' });
    expect((declined.body.data.items as { status: string }[]).every((i) => i.status === 'declined')).toBe(true);
    expect(declined.body.data.items.length).toBeGreaterThanOrEqual(3);
  });

  it('catalogue staff get 403 and nothing changes; no session 401; a missing CSRF token 403; a decline needs a message', async () => {
    const { b, requestId } = await pendingRequest();
    const state = () =>
      count(
        kit,
        sql`select count(*)::int as n from cancellation_requests where id = ${requestId} and status = 'pending'`,
      );
    const audits = () => count(kit, sql`select count(*)::int as n from audit_log where record_id = ${b.ref}`);
    const mails = () =>
      count(
        kit,
        sql`select count(*)::int as n from mail_outbox where booking_id = ${b.id} and kind = 'cancellation-declined'`,
      );

    expect((await admin(kit, staffOf.catalogue!, 'GET', 'cancellation-requests')).status).toBe(403);
    const forbidden = await admin(kit, staffOf.catalogue!, 'POST', `cancellation-requests/${requestId}/decline`, {
      message: 'No.',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.status).toBe('error');
    expect((await admin(kit, null, 'GET', 'cancellation-requests')).status).toBe(401);
    expect(
      (await admin(kit, null, 'POST', `cancellation-requests/${requestId}/decline`, { message: 'No.' })).status,
    ).toBe(401);
    const noCsrf = await kit.app.inject({
      method: 'POST',
      url: `/api/admin/cancellation-requests/${requestId}/decline`,
      payload: { message: 'No thanks.' },
      headers: { cookie: staffOf.agent!.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    // A traveller's token is not a staff session.
    const travellerToken = await traveller(kit);
    const asTraveller = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/cancellation-requests',
      headers: { authorization: `Bearer ${travellerToken.token}` },
    });
    expect(asTraveller.statusCode).toBe(401);
    const empty = await admin(kit, staffOf.agent!, 'POST', `cancellation-requests/${requestId}/decline`, {
      message: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Write the traveller a message saying why the request is declined.');
    expect(
      (await admin(kit, staffOf.agent!, 'POST', 'cancellation-requests/999999/decline', { message: 'Not possible.' }))
        .status,
    ).toBe(404);

    expect(await state()).toBe(1);
    expect(await audits()).toBe(0);
    expect(await mails()).toBe(0);
  });
});

describe("a cancellation is counted by the booking's site's day", () => {
  // 19:00 UTC is 23:00 the same day in the UAE and 00:30 the next day in India. Counted by UTC (as
  // before), a trip in India N days away at that moment kept the share of N days, though it is
  // already N - 1 days away where the traveller and the agency are.
  it('quoted to the traveller, shown on the desk and cancelled by staff with the share of its own day', async () => {
    const who = await traveller(kit);
    const indiaPackage = (await findPackage(kit, { inIndia: true, rooms: 10 })).id;
    const india = await siteBooking(kit, who, 'IN', indiaPackage, 'pay-later');
    const uae = await siteBooking(kit, who, 'UAE', STANDARD_PACKAGE, 'pay-later');
    const db = kit.database.db;
    const accounts = staffOf.accounts!;
    const actor = { staffId: accounts.id, role: accounts.role, clientAddress: '127.0.0.1' };
    // India's is paid by a bank transfer recorded at the desk, so cancelling it has money to keep.
    await recordManualPayment(db, kit.app.config, actor, india.RefIdKey, {
      amount: india.Total,
      method: 'bank-transfer',
      reference: `NEFT-${india.RefIdKey}`,
      receivedOn: siteDay(new Date(), 'IN'),
    });
    await markPaidInFull(kit, uae.BookingId);
    const { rows } = await db.execute<{ id: number; first: string | Date }>(
      sql`select booking_id as id, min(travel_date) as first from booking_lines where booking_id in (${india.BookingId}, ${uae.BookingId}) group by booking_id`,
    );
    const firstOf = (id: number) => {
      const f = rows.find((r) => Number(r.id) === id)!.first;
      return typeof f === 'string' ? f.slice(0, 10) : f.toISOString().slice(0, 10);
    };
    const row = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    const inRow = await row(india.BookingId);
    const uaeRow = await row(uae.BookingId);
    // A step of each policy, and the moment that step's day begins in the UAE, 19:00 UTC.
    const boundary = async (b: typeof inRow) => {
      const { policy } = await tripCancellation(db, b);
      const step = policy
        .map((p) => p.daysBefore)
        .filter((d) => d > 0)
        .sort((x, y) => x - y)[0]!;
      expect(keepPercentFor(policy, step - 1)).not.toBe(keepPercentFor(policy, step));
      return { step, policy, at: new Date(Date.parse(`${firstOf(b.id)}T19:00:00Z`) - step * 86_400_000) };
    };
    const inB = await boundary(inRow);
    const uaeB = await boundary(uaeRow);
    expect(await tripCancellation(db, inRow, inB.at)).toMatchObject({
      daysBefore: inB.step - 1,
      keepPercent: keepPercentFor(inB.policy, inB.step - 1),
    });
    expect(await tripCancellation(db, uaeRow, uaeB.at)).toMatchObject({
      daysBefore: uaeB.step,
      keepPercent: keepPercentFor(uaeB.policy, uaeB.step),
    });
    expect((await bookingMoneySide(db, india.RefIdKey, inB.at)).cancellation).toMatchObject({
      daysBefore: inB.step - 1,
    });
    expect((await deskDetail(db, uae.RefIdKey, { now: uaeB.at, contact: true })).cancellation).toMatchObject({
      daysBefore: uaeB.step,
    });

    const done = await cancelBooking(
      db,
      kit.app.config,
      actor,
      india.RefIdKey,
      { reason: 'The traveller asked.' },
      inB.at,
    );
    expect(inRow.amountPaid).toBe(india.Total);
    expect(done.keep).toBe(Math.round((india.Total * keepPercentFor(inB.policy, inB.step - 1)) / 100));
    expect(done.refund).toBe(india.Total - done.keep);
  });
});
