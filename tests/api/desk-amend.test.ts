import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../../server/services/ledger/ledger.ts';
import { vatSummary } from '../../server/services/reports/taxes.ts';
import {
  book,
  count,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  sql,
  traveller,
  type BookingKit,
  paidByStripe,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Amending a booking's travel date from the desk (docs/decisions/0096): the server's difference
 * shown before anything changes, the rooms moved between the two departures, a dearer date's
 * balance due (paid under a debit note supplementary to the tax invoice), a cheaper one's money
 * back under a credit note, documents and the VAT summary still the ledger's sums, the party and
 * rooms changed with the travellers' names, the refusals (sold out, stop-sale, not a departure,
 * past, cancelled), who may do it, and a replay answered once.
 */

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let uae: number;
let asha: { token: string; userId: number; email: string };

beforeAll(async () => {
  kit = await createBookingKit();
  [owner, agent, accounts, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'catalogue'),
  ];
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  asha = await traveller(kit, 'amend');
}, 180_000);
afterAll(() => kit.close());

const db = () => kit.database.db;
let offset = 200;
/** A travel date no other booking of this file uses. */
const freshDay = () => inDays((offset += 3));

/** A UAE booking of two adults paid by card through the Stripe stand-in, travelling on `day`. */
async function stripePaid(day: string) {
  const id = await holdId(kit, asha.token, 'UAE', [{ packageId: uae, travelDate: day }]);
  const res = await book(kit, asha.token, 'UAE', {
    TempBookingId: id,
    PaymentMethod: 'stripe',
    LeadTraveller: lead({ Email: asha.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(res.status, res.body.message).toBe(200);
  const b = res.body.data;
  await paidByStripe(kit, asha.token, b);
  return { ref: b.RefIdKey as string, id: b.BookingId as number };
}

const amend = (ref: string, body: object, who: Staffer | null = agent, key: string | null = randomUUID()) =>
  admin(kit, who, 'POST', `bookings/${ref}/amend`, body, key ? { 'idempotency-key': key } : {});
const sold = (day: string) =>
  count(
    kit,
    sql`select coalesce(sum(rooms_sold), 0) as n from departures where package_id = ${uae} and travel_date = ${day}`,
  );
/** Everything an amendment may change about a booking, to show that a refusal or a preview changed none of it. */
async function snapshot(id: number, days: string[]) {
  const { rows } = await db().execute(
    sql`select status, payment_status, payment_method, subtotal, discount, total, amount_paid, payment_due_on from bookings where id = ${id}`,
  );
  const { rows: lines } = await db().execute(
    sql`select to_char(travel_date, 'YYYY-MM-DD') as d, amount from booking_lines where booking_id = ${id} order by position`,
  );
  return {
    booking: rows[0],
    lines,
    entries: (await entriesOf(db(), id)).length,
    refunds: await count(kit, sql`select count(*) as n from refunds where booking_id = ${id}`),
    creditNotes: await count(kit, sql`select count(*) as n from credit_notes where booking_id = ${id}`),
    mails: await count(
      kit,
      sql`select count(*) as n from mail_outbox where booking_id = ${id} and kind = 'booking-amended'`,
    ),
    audits: await count(
      kit,
      sql`select count(*) as n from audit_log where action = 'bookings.amend' and record_id = (select ref_id_key from bookings where id = ${id})`,
    ),
    rooms: await Promise.all(days.map(sold)),
  };
}
/** The package's UAE price per adult, in whole dirhams (the column keeps fils). */
const setPrice = (dirhams: number) =>
  db().execute(sql`update package_prices set amount = ${dirhams * 100} where package_id = ${uae} and site = 'UAE'`);
const priceNow = async () =>
  Number(
    (
      await db().execute<{ amount: number }>(
        sql`select amount from package_prices where package_id = ${uae} and site = 'UAE'`,
      )
    ).rows[0]!.amount,
  ) / 100;

/** Each document of the booking equals its ledger entries, to the unit. */
async function documentsAreSums(id: number) {
  const entries = await entriesOf(db(), id);
  const byDoc = new Map<string, number>();
  for (const e of entries)
    if (e.documentNumber)
      byDoc.set(
        `${e.documentKind}|${e.documentNumber}`,
        (byDoc.get(`${e.documentKind}|${e.documentNumber}`) ?? 0) + e.sale + e.tcs,
      );
  for (const [key, cash] of byDoc) {
    const [kind, number] = key.split('|') as [string, string];
    if (kind === 'credit-note')
      expect(await count(kit, sql`select total as n from credit_notes where number = ${number}`), key).toBe(-cash);
    else if (kind !== 'invoice')
      expect(await count(kit, sql`select total as n from money_documents where number = ${number}`), key).toBe(cash);
  }
  // The VAT summary of every day the ledger reaches is the ledger's sum.
  const all = await count(kit, sql`select coalesce(sum(vat), 0) as n from ledger_entries where site = 'UAE'`);
  const vat = await vatSummary(db(), '2000-01-01', '2100-12-31');
  expect(vat.totals.standard.vat).toBe(all);
}

describe('amending a booking’s travel date', { timeout: 120_000 }, () => {
  it('a dearer date: the preview changes nothing; confirmed, the rooms move, a balance is due, the traveller is mailed, a replay is answered once', async () => {
    const base = await priceNow();
    const from = freshDay();
    const to = freshDay();
    const b = await stripePaid(from);
    const before = await snapshot(b.id, [from, to]);
    expect(before.booking).toMatchObject({ payment_status: 'paid' });
    // The package costs more now: the new date is priced as the shop prices it today.
    await setPrice(base + 500);
    try {
      const preview = await amend(b.ref, { travelDate: to, confirm: false });
      expect(preview.status, preview.body.message).toBe(200);
      const expected = 2 * 500 * 100;
      expect(preview.body.data).toMatchObject({
        confirmed: false,
        difference: expected,
        settlement: { kind: 'due', amount: expected },
      });
      expect(preview.body.data.after.travelDate).toBe(to);
      expect(await snapshot(b.id, [from, to])).toEqual(before);

      const key = randomUUID();
      const done = await amend(b.ref, { travelDate: to, confirm: true }, agent, key);
      expect(done.status, done.body.message).toBe(200);
      expect(done.body.data).toMatchObject({
        confirmed: true,
        difference: expected,
        settlement: { kind: 'due', amount: expected },
        mailed: true,
      });
      const after = await snapshot(b.id, [from, to]);
      expect(after.rooms).toEqual([before.rooms[0]! - 1, before.rooms[1]! + 1]);
      expect(after.lines).toEqual([{ d: to, amount: (before.lines[0] as { amount: number }).amount + expected }]);
      expect(after.booking).toMatchObject({
        status: 'confirmed',
        payment_status: 'partly-paid',
        payment_method: 'pay-later',
        total: Number((before.booking as { total: number }).total) + expected,
      });
      expect(after.mails).toBe(1);
      expect(after.audits).toBe(1);
      const { rows: audit } = await db().execute<{
        before: { travelDate: string };
        after: { travelDate: string; difference: number };
        staff_id: number;
      }>(sql`select before, after, staff_id from audit_log where action = 'bookings.amend' and record_id = ${b.ref}`);
      expect(audit[0]).toMatchObject({
        before: { travelDate: from },
        after: { travelDate: to, difference: expected },
        staff_id: agent.id,
      });
      const { rows: mail } = await db().execute<{ payload: { subject: string; attachments: { type: string }[] } }>(
        sql`select payload from mail_outbox where booking_id = ${b.id} and kind = 'booking-amended'`,
      );
      expect(mail[0]!.payload.attachments.map((a) => a.type)).toEqual(['invoice', 'vouchers']);

      // The same request again (a double click): the first answer, nothing done twice.
      const again = await amend(b.ref, { travelDate: to, confirm: true }, agent, key);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data.difference).toBe(expected);
      expect(await snapshot(b.id, [from, to])).toEqual(after);

      // The traveller's page offers the balance as a pay-later balance; the desk records it: a debit note,
      // supplementary to the invoice.
      const detail = await admin(kit, owner, 'GET', `bookings/${b.ref}`);
      expect(detail.status).toBe(200);
      const pay = await admin(kit, accounts, 'POST', `bookings/${b.ref}/payments`, {
        amount: expected,
        method: 'bank-transfer',
        reference: `AM-${randomUUID()}`,
        receivedOn: inDays(0),
      });
      expect(pay.status, pay.body.message).toBe(200);
      const entries = await entriesOf(db(), b.id);
      expect(entries.map((e) => [e.kind, e.documentKind, e.sale])).toEqual([
        ['capture', 'invoice', (before.booking as { total: number }).total],
        ['bank-transfer', 'debit-note', expected],
      ]);
      expect((await snapshot(b.id, [])).booking).toMatchObject({ payment_status: 'paid' });
      await documentsAreSums(b.id);
    } finally {
      await setPrice(base);
    }
  });

  it('a cheaper date: money back today under a credit note, refunded through the gateway', async () => {
    const base = await priceNow();
    const from = freshDay();
    const to = freshDay();
    const b = await stripePaid(from);
    const before = await snapshot(b.id, [from, to]);
    await setPrice(base - 300);
    try {
      const preview = await amend(b.ref, { travelDate: to, confirm: false }, owner);
      const back = 2 * 300 * 100;
      expect(preview.body.data).toMatchObject({
        difference: -back,
        settlement: { kind: 'refund', amount: back },
        creditNote: null,
      });
      expect(await snapshot(b.id, [from, to])).toEqual(before);
      const done = await amend(b.ref, { travelDate: to, confirm: true }, owner);
      expect(done.status, done.body.message).toBe(200);
      expect(done.body.data).toMatchObject({
        difference: -back,
        settlement: { kind: 'refund', amount: back },
        failures: [],
      });
      expect(done.body.data.creditNote!.total).toBe(back);
      const after = await snapshot(b.id, [from, to]);
      expect(after.rooms).toEqual([before.rooms[0]! - 1, before.rooms[1]! + 1]);
      expect(after.creditNotes).toBe(1);
      expect(after.booking).toMatchObject({ total: (before.booking as { total: number }).total - back });
      const { rows: refunds } = await db().execute<{ amount: number; provider: string; status: string }>(
        sql`select amount, provider, status from refunds where booking_id = ${b.id}`,
      );
      expect(refunds).toEqual([
        { amount: back, provider: 'stripe', status: expect.stringMatching(/pending|processed/) },
      ]);
      const entries = await entriesOf(db(), b.id);
      expect(entries.map((e) => [e.kind, e.documentKind, e.amount])).toEqual([
        ['capture', 'invoice', (before.booking as { total: number }).total],
        ['refund', 'credit-note', -back],
      ]);
      const { rows: mail } = await db().execute<{ payload: { attachments: { type: string }[] } }>(
        sql`select payload from mail_outbox where booking_id = ${b.id} and kind = 'booking-amended'`,
      );
      expect(mail[0]!.payload.attachments.map((a) => a.type)).toEqual(['invoice', 'vouchers', 'credit-note']);
      await documentsAreSums(b.id);
    } finally {
      await setPrice(base);
    }
  });

  it('a pay-later booking not yet paid: the new price is its balance, nothing is refunded', async () => {
    const from = freshDay();
    const to = freshDay();
    const id = await holdId(kit, asha.token, 'UAE', [{ packageId: uae, travelDate: from }]);
    const res = await book(kit, asha.token, 'UAE', {
      TempBookingId: id,
      PaymentMethod: 'pay-later',
      LeadTraveller: lead({ Email: asha.email }),
      Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
    });
    expect(res.status, res.body.message).toBe(200);
    const ref = res.body.data.RefIdKey as string;
    const done = await amend(ref, { travelDate: to, confirm: true });
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({
      difference: 0,
      settlement: { kind: 'none', amount: 0 },
      refunds: [],
      creditNote: null,
    });
    expect(done.body.data.after).toMatchObject({ travelDate: to, paymentStatus: 'unpaid', amountPaid: 0 });
    expect(await sold(to)).toBe(1);
  });

  it('the party and rooms: a child joins (dearer), a room added (same price, one more room sold), an adult leaves (money back); names must match the party', async () => {
    const day = freshDay();
    const b = await stripePaid(day);
    const people = async () =>
      (
        await db().execute<{ id: number; first_name: string; age_band: string; lead: boolean }>(
          sql`select id, first_name, age_band, lead from booking_travellers where booking_id = ${b.id} order by position`,
        )
      ).rows;
    const line = async () =>
      (
        await db().execute<{ adults: number; children: number; rooms: number; amount: number }>(
          sql`select adults, children, rooms, amount from booking_lines where booking_id = ${b.id}`,
        )
      ).rows[0]!;
    const start = await line();
    const before = await snapshot(b.id, [day]);

    // Refusals first: a party without its names, the lead removed, more rooms than adults, nothing to change.
    const lead = (await people()).find((t) => t.lead)!;
    const dev = (await people()).find((t) => !t.lead)!;
    const noNames = await amend(b.ref, { adults: 3, confirm: false });
    expect(noNames.status).toBe(400);
    expect(noNames.body.message).toMatch(/Give the name of every traveller of the new party \(3 adults\)/);
    expect((await amend(b.ref, { adults: 1, remove: [lead.id], confirm: false })).body.message).toMatch(
      /lead traveller stays/,
    );
    expect((await amend(b.ref, { rooms: 3, confirm: false })).body.message).toBe(
      'rooms: each room needs at least one adult.',
    );
    expect((await amend(b.ref, { confirm: false })).status).toBe(400);
    expect(await snapshot(b.id, [day])).toEqual(before);

    // A child joins: the child's fare is due.
    const child = await amend(b.ref, {
      children: 1,
      add: [{ firstName: 'Zara', lastName: 'Shah', ageBand: 'child', dob: '2018-05-01' }],
      confirm: true,
    });
    expect(child.status, child.body.message).toBe(200);
    const withChild = await line();
    expect(withChild).toMatchObject({ adults: 2, children: 1, rooms: 1 });
    expect(withChild.amount).toBeGreaterThan(start.amount);
    expect(child.body.data).toMatchObject({
      difference: withChild.amount - start.amount,
      settlement: { kind: 'due', amount: withChild.amount - start.amount },
    });
    expect(child.body.data.after.travellers).toEqual(['Ms Asha Rao', 'Dev Shah', 'Zara Shah']);
    expect(await sold(day)).toBe(before.rooms[0]);

    // A second room on the same date: one more room sold there, the price unchanged.
    const room = await amend(b.ref, { rooms: 2, confirm: true });
    expect(room.status, room.body.message).toBe(200);
    expect(room.body.data).toMatchObject({ difference: 0, settlement: { kind: 'none', amount: 0 } });
    expect(await sold(day)).toBe(before.rooms[0]! + 1);

    // Dev no longer travels (one adult, one room): money back beyond what is still due, under a credit note.
    const leave = await amend(b.ref, { adults: 1, rooms: 1, remove: [dev.id], confirm: true });
    expect(leave.status, leave.body.message).toBe(200);
    expect(leave.body.data.difference).toBeLessThan(0);
    expect((await people()).map((t) => t.first_name)).toEqual(['Asha', 'Zara']);
    expect(await sold(day)).toBe(before.rooms[0]);
    const { rows: audits } = await db().execute<{ after: { party: { adults: number }; travellers: string[] } }>(
      sql`select after from audit_log where action = 'bookings.amend' and record_id = ${b.ref} order by id`,
    );
    expect(audits.map((a) => a.after.party.adults)).toEqual([2, 2, 1]);
    await documentsAreSums(b.id);
  });

  it('other roles are refused (403) and no session is asked to sign in (401), nothing changed', async () => {
    const from = freshDay();
    const to = freshDay();
    const b = await stripePaid(from);
    const before = await snapshot(b.id, [from, to]);
    for (const who of [accounts, catalogue]) {
      const res = await amend(b.ref, { travelDate: to, confirm: true }, who);
      expect(res.status, who.role).toBe(403);
      expect(res.body.status).toBe('error');
    }
    expect((await amend(b.ref, { travelDate: to, confirm: true }, null)).status).toBe(401);
    expect(await snapshot(b.id, [from, to])).toEqual(before);
  });

  it('refuses a sold-out or stop-sold date, a date that is not a departure, a past date, and a cancelled booking, changing nothing', async () => {
    const from = freshDay();
    const full = freshDay();
    const closed = freshDay();
    const b = await stripePaid(from);
    // Staff schedule this package's departures: one sold out (allotment 0), one stop-sold.
    await db().execute(
      sql`insert into departures (package_id, travel_date, rooms, scheduled) values (${uae}, ${full}, 0, true), (${uae}, ${closed}, 10, true)`,
    );
    await db().execute(
      sql`update departures set stop_sale = true where package_id = ${uae} and travel_date = ${closed}`,
    );
    try {
      const before = await snapshot(b.id, [from, full, closed]);
      const soldOut = await amend(b.ref, { travelDate: full, confirm: false });
      expect(soldOut.status).toBe(409);
      expect(soldOut.body.message).toMatch(/is sold out on .*Choose another date/);
      const stopped = await amend(b.ref, { travelDate: closed, confirm: true });
      expect(stopped.status).toBe(409);
      expect(stopped.body.message).toMatch(/not on sale on .*stop-sale/);
      const notDeparture = await amend(b.ref, { travelDate: freshDay(), confirm: true });
      expect(notDeparture.status).toBe(409);
      expect(notDeparture.body.message).toMatch(/has no departure on .*scheduled departures/);
      const past = await amend(b.ref, { travelDate: inDays(-1), confirm: true });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('travelDate: choose a date from tomorrow onwards.');
      const same = await amend(b.ref, { travelDate: from, confirm: true });
      expect(same.status).toBe(400);
      const badDate = await amend(b.ref, { travelDate: '2026-02-30', confirm: false });
      expect(badDate.status).toBe(400);
      expect(await snapshot(b.id, [from, full, closed])).toEqual(before);

      const cancelled = await admin(kit, owner, 'POST', `bookings/${b.ref}/cancel`, { reason: 'Plans changed' });
      expect(cancelled.status, cancelled.body.message).toBe(200);
      const refused = await amend(b.ref, { travelDate: freshDay(), confirm: true });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/cancelled/);
      expect((await amend('NOSUCHREF', { travelDate: freshDay(), confirm: false })).status).toBe(404);
    } finally {
      await db().execute(sql`update departures set scheduled = false where package_id = ${uae}`);
    }
  });
});

describe('changing a booking’s holiday, and the party of a booking of several holidays', { timeout: 180_000 }, () => {
  /** Another UAE holiday on sale (published and priced on the site), with its price per adult. */
  async function otherHoliday(skip: number[]) {
    const { rows } = await db().execute<{ id: number; title: string; amount: number }>(sql`
      select p.id, p.title, pp.amount from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE'
      where p.published and not (p.id = any(${`{${skip.join(',')}}`}::int[])) order by p.id limit 1`);
    // The price in whole dirhams (the column keeps fils).
    return { id: Number(rows[0]!.id), title: rows[0]!.title, amount: Number(rows[0]!.amount) / 100 };
  }
  const schedule = (packageId: number, day: string, rooms: number) =>
    db().execute(
      sql`insert into departures (package_id, travel_date, rooms, scheduled) values (${packageId}, ${day}, ${rooms}, true)`,
    );
  const soldOf = (packageId: number, day: string) =>
    count(
      kit,
      sql`select coalesce(sum(rooms_sold), 0) as n from departures where package_id = ${packageId} and travel_date = ${day}`,
    );
  const linesOf = async (id: number) =>
    (
      await db().execute<{
        package_id: number;
        title: string;
        d: string;
        adults: number;
        rooms: number;
        amount: number;
      }>(
        sql`select package_id, title, to_char(travel_date, 'YYYY-MM-DD') as d, adults, rooms, amount from booking_lines where booking_id = ${id} order by position`,
      )
    ).rows;

  it('another holiday of the site on one of its departures: the preview shows before and after and changes nothing; confirmed, the rooms move, the line is the new holiday, the money settles, the traveller is mailed', async () => {
    const other = await otherHoliday([uae]);
    const from = freshDay();
    const to = freshDay();
    const b = await stripePaid(from);
    await schedule(other.id, to, 5);
    try {
      const before = await snapshot(b.id, [from]);
      const otherBefore = await soldOf(other.id, to);
      const total = (before.booking as { total: number }).total;
      const expected = 2 * other.amount * 100 - total;

      const preview = await amend(b.ref, { packageId: other.id, travelDate: to, confirm: false });
      expect(preview.status, preview.body.message).toBe(200);
      expect(preview.body.data).toMatchObject({ confirmed: false, difference: expected, coupon: null });
      expect(preview.body.data.before.lines).toMatchObject([{ position: 0, packageId: uae, travelDate: from }]);
      expect(preview.body.data.after.lines).toMatchObject([
        { position: 0, packageId: other.id, title: other.title, travelDate: to, amount: 2 * other.amount * 100 },
      ]);
      expect(await snapshot(b.id, [from])).toEqual(before);
      expect(await soldOf(other.id, to)).toBe(otherBefore);

      const done = await amend(b.ref, { packageId: other.id, travelDate: to, confirm: true });
      expect(done.status, done.body.message).toBe(200);
      expect(done.body.data).toMatchObject({ confirmed: true, difference: expected, mailed: true });
      expect(done.body.data.settlement.kind).toBe(expected > 0 ? 'due' : expected < 0 ? 'refund' : 'none');
      expect(await linesOf(b.id)).toMatchObject([
        { package_id: other.id, title: other.title, d: to, adults: 2, rooms: 1, amount: 2 * other.amount * 100 },
      ]);
      // The desk's booking page names each line's holiday by id: the amend panel offers every other one.
      const detail = await admin(kit, agent, 'GET', `bookings/${b.ref}`);
      expect(detail.body.data.lines).toMatchObject([{ position: 0, packageId: other.id, title: other.title }]);
      expect(await sold(from)).toBe(before.rooms[0]! - 1);
      expect(await soldOf(other.id, to)).toBe(otherBefore + 1);
      const after = await snapshot(b.id, [from]);
      expect(after.mails).toBe(before.mails + 1);
      expect(after.audits).toBe(before.audits + 1);
      const { rows } = await db().execute<{ payload: string }>(
        sql`select payload::text as payload from mail_outbox where booking_id = ${b.id} and kind = 'booking-amended'`,
      );
      expect(rows.map((r) => r.payload).join('\n')).toContain(
        JSON.stringify(`Booking ${b.ref} changed: now ${other.title}`).slice(1, -1),
      );
      await documentsAreSums(b.id);
    } finally {
      await db().execute(sql`update departures set scheduled = false where package_id = ${other.id}`);
    }
  });

  it('refuses a holiday not on sale on the booking’s site, a date the new holiday does not depart on, too few rooms, an unknown holiday, and other roles (403) or no session (401), changing nothing', async () => {
    const other = await otherHoliday([uae]);
    const offSite = await otherHoliday([uae, other.id]);
    const from = freshDay();
    const scheduled = freshDay();
    const tight = freshDay();
    const b = await stripePaid(from);
    await schedule(other.id, scheduled, 5);
    await schedule(other.id, tight, 1);
    // The third holiday is sold on the India site only.
    const { rows: price } = await db().execute(
      sql`delete from package_prices where package_id = ${offSite.id} and site = 'UAE' returning *`,
    );
    try {
      const before = await snapshot(b.id, [from, scheduled, tight]);
      const wrongSite = await amend(b.ref, { packageId: offSite.id, confirm: false });
      expect(wrongSite.status).toBe(409);
      expect(wrongSite.body.message).toBe(
        `packageId: ${offSite.title} is not on sale on the UAE site, where this booking is: choose one of that site's holidays.`,
      );
      const noDeparture = await amend(b.ref, { packageId: other.id, travelDate: freshDay(), confirm: true });
      expect(noDeparture.status).toBe(409);
      expect(noDeparture.body.message).toMatch(
        new RegExp(`^${other.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has no departure on .*scheduled departures`),
      );
      const sameDay = await amend(b.ref, { packageId: other.id, confirm: true });
      expect(sameDay.status, 'the booking’s own date is not one of the new holiday’s departures').toBe(409);
      const full = await amend(b.ref, { packageId: other.id, travelDate: tight, rooms: 2, confirm: true });
      expect(full.status).toBe(409);
      expect(full.body.message).toMatch(/^Only 1 room is left on .* for .*this booking needs 2/);
      const unknown = await amend(b.ref, { packageId: 999_999, travelDate: scheduled, confirm: false });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^packageId: there is no holiday 999999/);
      const twoLines = await amend(b.ref, { lines: [{ position: 3, adults: 3 }], confirm: false });
      expect(twoLines.status).toBe(400);
      expect(twoLines.body.message).toMatch(/^lines: this booking has no holiday at position 3/);
      for (const who of [accounts, catalogue]) {
        const res = await amend(b.ref, { packageId: other.id, travelDate: scheduled, confirm: true }, who);
        expect(res.status, who.role).toBe(403);
        expect(res.body.status).toBe('error');
      }
      expect((await amend(b.ref, { packageId: other.id, travelDate: scheduled, confirm: true }, null)).status).toBe(
        401,
      );
      expect(await snapshot(b.id, [from, scheduled, tight])).toEqual(before);
      expect(await soldOf(other.id, scheduled)).toBe(0);
      expect(await soldOf(other.id, tight)).toBe(0);
    } finally {
      await db().execute(sql`update departures set scheduled = false where package_id = ${other.id}`);
      const p = price[0] as
        { package_id: number; site: string; currency: string; amount: number; compare_at: number | null } | undefined;
      if (p)
        await db().execute(
          sql`insert into package_prices (package_id, site, currency, amount, compare_at) values (${p.package_id}, ${p.site}, ${p.currency}, ${p.amount}, ${p.compare_at})`,
        );
    }
  });

  it('a coupon is kept when it still applies to the new holiday (its own use on this booking not counted), else the preview says it goes and the discount is removed', async () => {
    const other = await otherHoliday([uae]);
    const n = Date.now();
    const coupon = (code: string, packages: number[]) =>
      db().execute(sql`
        insert into coupons (slug, code, title, description, terms, category_id, page_name, site, discount_type, flat_aed, flat_inr, valid_from, valid_to, once_per_traveller, package_ids)
        values (${code.toLowerCase()}, ${code}, 'Desk amend coupon', 'A test coupon.', '["Once."]'::jsonb, 2, 'coupons', 'UAE', 'flat', 5000, 50000, now() - interval '1 day', now() + interval '400 days', true, ${`{${packages.join(',')}}`}::int[])`);
    await coupon(`ANY${n}`, []);
    await coupon(`ONLY${n}`, [uae]);
    const booked = async (code: string) => {
      const id = await holdId(kit, asha.token, 'UAE', [{ packageId: uae, travelDate: freshDay() }]);
      const res = await book(kit, asha.token, 'UAE', {
        TempBookingId: id,
        CouponCode: code,
        LeadTraveller: lead({ Email: asha.email }),
      });
      expect(res.status, res.body.message).toBe(200);
      return res.body.data.RefIdKey as string;
    };
    const anyRef = await booked(`ANY${n}`);
    const kept = await amend(anyRef, { packageId: other.id, confirm: true });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.coupon).toMatchObject({ code: `ANY${n}`, kept: true });
    expect(kept.body.data.after.discount).toBe(kept.body.data.before.discount);
    expect(kept.body.data.after.discount).toBeGreaterThan(0);

    const onlyRef = await booked(`ONLY${n}`);
    const preview = await amend(onlyRef, { packageId: other.id, confirm: false });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data.coupon).toMatchObject({ code: `ONLY${n}`, kept: false });
    expect(preview.body.data.coupon!.note).toMatch(
      new RegExp(`^Coupon ONLY${n} does not apply to the new holiday.*its discount of AED .* is removed\\.$`),
    );
    expect(preview.body.data.before.discount).toBeGreaterThan(0);
    expect(preview.body.data.after.discount).toBe(0);
    const gone = await amend(onlyRef, { packageId: other.id, confirm: true });
    expect(gone.status, gone.body.message).toBe(200);
    expect(
      (
        await db().execute<{ coupon_code: string | null; discount: number }>(
          sql`select coupon_code, discount from bookings where ref_id_key = ${onlyRef}`,
        )
      ).rows[0],
    ).toEqual({ coupon_code: null, discount: 0 });
  });

  it('a booking of two holidays: a line’s party changed on its own, then a room more on every line, each priced and its rooms taken; a holiday change must say which line', async () => {
    const other = await otherHoliday([uae]);
    const d1 = freshDay();
    const d2 = freshDay();
    const id = await holdId(kit, asha.token, 'UAE', [
      { packageId: uae, travelDate: d1 },
      { packageId: other.id, travelDate: d2 },
    ]);
    const res = await book(kit, asha.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: asha.email }) });
    expect(res.status, res.body.message).toBe(200);
    const b = { ref: res.body.data.RefIdKey as string, id: res.body.data.BookingId as number };
    const start = await linesOf(b.id);
    expect(start).toHaveLength(2);
    const rooms = [await soldOf(uae, d1), await soldOf(other.id, d2)];

    const which = await amend(b.ref, { packageId: uae, confirm: false });
    expect(which.status).toBe(400);
    expect(which.body.message).toMatch(/^packageId: this booking has 2 holidays/);

    // A third adult on the second holiday only: that line's fare for one more adult.
    const third = await amend(b.ref, {
      lines: [{ position: 1, adults: 3 }],
      add: [{ firstName: 'Kiran', lastName: 'Rao', ageBand: 'adult' }],
      confirm: true,
    });
    expect(third.status, third.body.message).toBe(200);
    expect(third.body.data.difference).toBe(other.amount * 100);
    expect((await linesOf(b.id)).map((l) => [l.adults, l.rooms])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(third.body.data.after.travellers).toContain('Kiran Rao');

    // A second room on every line: one more room sold on each departure, the price unchanged.
    const room = await amend(b.ref, { rooms: 2, confirm: true });
    expect(room.status, room.body.message).toBe(200);
    expect(room.body.data.difference).toBe(0);
    expect((await linesOf(b.id)).map((l) => l.rooms)).toEqual([2, 2]);
    expect([await soldOf(uae, d1), await soldOf(other.id, d2)]).toEqual([rooms[0]! + 1, rooms[1]! + 1]);
    await documentsAreSums(b.id);
  });
});
