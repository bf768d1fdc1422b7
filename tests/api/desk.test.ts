import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_MESSAGES, type DeskBookingDetail, type DeskBookingItem } from '../../contract/desk.ts';
import { testConfig } from '../../server/config.ts';
import { deskCsv } from '../../server/services/desk/csv.ts';
import { deskListQuery } from '../../contract/admin-desk-calls.ts';
import { deskSummary, listDesk } from '../../server/services/desk/list.ts';
import { uploadsDir } from '../../server/services/uploads.ts';
import { insertBulkBookings } from '../support/desk-data.ts';
import {
  book,
  count,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { siteDays } from '../../contract/calendar.ts';

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let travellerToken: string;
/** Booked through the shop: UAE (Anoushka Varghese) and India (Priya Shah), both pay later. */
let uae: { ref: string; id: number };
let india: { ref: string; id: number };

const ANOUSHKA = {
  FirstName: 'Anoushka',
  LastName: 'Varghese',
  Email: 'anoushka.varghese@example.com',
  Phone: '+971509876543',
};

async function makeBooking(site: 'UAE' | 'IN', who: { token: string }, over: Record<string, unknown>) {
  const pkg = await findPackage(kit, { inIndia: site === 'IN' });
  const id = await holdId(kit, who.token, site, [{ packageId: pkg.id }]);
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod: 'pay-later',
    LeadTraveller: lead(over),
    SpecialRequests: 'A quiet room, please.',
  });
  expect(res.status, res.body.message).toBe(200);
  return { ref: res.body.data.RefIdKey as string, id: res.body.data.BookingId as number };
}

const list = async (who: Staffer | null, query: Record<string, string> = {}) =>
  admin(kit, who, 'GET', 'bookings', query);
const refs = (items: DeskBookingItem[]) => items.map((i) => i.RefIdKey);

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  [owner, agent, accounts, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'catalogue'),
  ];
  const t1 = await traveller(kit, 'anoushka');
  const t2 = await traveller(kit, 'priya');
  travellerToken = t1.token;
  uae = await makeBooking('UAE', t1, ANOUSHKA);
  india = await makeBooking('IN', t2, {
    FirstName: 'Priya',
    LastName: 'Shah',
    Email: t2.email,
    Phone: '+919812345678',
  });
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

describe('who may read the desk', () => {
  it('owner, agent and accounts read the list; catalogue is refused; no session and a traveller token are 401', async () => {
    for (const who of [owner, agent, accounts]) {
      const res = await list(who);
      expect(res.status, `${who.role}: ${res.body.message}`).toBe(200);
      expect(refs(res.body.data.items)).toEqual(expect.arrayContaining([uae.ref, india.ref]));
    }
    const refused = await list(catalogue);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('error');
    expect((await list(null)).status).toBe(401);
    const bearer = await admin(kit, null, 'GET', 'bookings', {}, { authorization: `Bearer ${travellerToken}` });
    expect(bearer.status).toBe(401);
    for (const path of [`bookings/${uae.ref}`, 'bookings.csv', 'desk/summary']) {
      expect((await admin(kit, catalogue, 'GET', path)).status, path).toBe(403);
      expect((await admin(kit, null, 'GET', path)).status, path).toBe(401);
      expect(
        (await admin(kit, null, 'GET', path, undefined, { authorization: `Bearer ${travellerToken}` })).status,
        path,
      ).toBe(401);
    }
  });

  it('an item has the conventions’ fields, newest first', async () => {
    const res = await list(agent);
    const items = res.body.data.items as DeskBookingItem[];
    const item = items.find((i) => i.RefIdKey === uae.ref)!;
    expect(item).toMatchObject({
      BookingId: uae.id,
      Status: 'confirmed',
      PaymentStatus: 'unpaid',
      site: 'UAE',
      Currency: 'AED',
      leadName: 'Anoushka Varghese',
      leadEmail: ANOUSHKA.Email,
      leadPhone: ANOUSHKA.Phone,
    });
    expect(item.Total).toBeGreaterThan(0);
    expect(item.AmountDue).toBe(item.Total);
    const times = items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('accounts sees contact details masked, and still finds a booking by them', async () => {
    const byEmail = await list(accounts, { q: ANOUSHKA.Email });
    expect(refs(byEmail.body.data.items)).toEqual([uae.ref]);
    const item = byEmail.body.data.items[0] as DeskBookingItem;
    expect(item.leadEmail).toBe('a•••@example.com');
    expect(item.leadPhone).not.toContain('509876');
    expect(item.leadPhone).toMatch(/43$/);
    const byPhone = await list(accounts, { q: '0509876543' });
    expect(refs(byPhone.body.data.items)).toEqual([uae.ref]);
    const detail = await admin(kit, accounts, 'GET', `bookings/${uae.ref}`);
    expect(JSON.stringify(detail.body.data.travellers)).not.toContain(ANOUSHKA.Email);
    expect(detail.body.data.leadEmail).toBe('a•••@example.com');
    const agentDetail = await admin(kit, agent, 'GET', `bookings/${uae.ref}`);
    expect(agentDetail.body.data.leadEmail).toBe(ANOUSHKA.Email);
  });
});

describe('search', () => {
  it('finds by reference (whole, without WL-, any case), by name, email and phone', async () => {
    const cases: [string, string][] = [
      [uae.ref, uae.ref],
      [uae.ref.toLowerCase(), uae.ref],
      [uae.ref.slice(3), uae.ref],
      ['Anoushka', uae.ref],
      ['anoushka varg', uae.ref],
      ['Varghese', uae.ref],
      ['ANOUSHKA.VARGHESE@example', uae.ref],
      ['+971 50 987 6543', uae.ref],
      ['509876543', uae.ref],
      ['Priya Shah', india.ref],
      ['+919812345678', india.ref],
    ];
    for (const [q, ref] of cases) {
      const res = await list(agent, { q });
      expect(res.status, q).toBe(200);
      expect(refs(res.body.data.items), q).toEqual([ref]);
    }
    expect((await list(agent, { q: 'Nobody Atall' })).body.data.items).toEqual([]);
    // LIKE's own characters are literal.
    expect((await list(agent, { q: '%' })).body.data.items).toEqual([]);
    expect((await list(agent, { q: 'a_o' })).body.data.items).toEqual([]);
  });
});

describe('filters and keyset pages', () => {
  const TAG = 'F1';
  const bulkRef = (n: number) => `WL-B${TAG}-${String(n).padStart(6, '0')}`;

  beforeAll(async () => {
    // 130 bookings, a minute apart, a year before the shop's own: booked 2025-06-01 going back.
    await insertBulkBookings(kit.database.db, { count: 130, tag: TAG, newestAt: new Date('2025-06-01T12:00:00Z') });
    const db = kit.database.db;
    await db.execute(
      sql`update bookings set status = 'cancelled', payment_status = 'refund-due', cancelled_at = now() where ref_id_key = ${bulkRef(3)}`,
    );
    await db.execute(
      sql`update bookings set payment_due_on = current_date - 5, amount_paid = 0, payment_status = 'unpaid' where ref_id_key = ${bulkRef(4)}`,
    );
    await db.execute(
      sql`update bookings set payment_due_on = current_date + 5 where ref_id_key in (${bulkRef(2)}, ${bulkRef(7)}, ${bulkRef(8)})`,
    );
    await db.execute(
      sql`update bookings set payment_due_on = current_date - 5, amount_paid = total, payment_status = 'paid' where ref_id_key = ${bulkRef(5)}`,
    );
    await db.execute(sql`
      insert into payments (booking_id, provider, provider_ref, amount, currency, status, refund_status, paid_at)
      select id, 'stripe', 'cs_desk_refund_due', 5000, currency, 'paid', 'due', now() from bookings where ref_id_key = ${bulkRef(6)}`);
    await db.execute(
      sql`update booking_lines set travel_date = '2031-03-10' where booking_id = (select id from bookings where ref_id_key = ${bulkRef(9)})`,
    );
  }, 60_000);

  it('pages of 50 by keyset: every booking once, newest first, then no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(owner, { q: `WL-B${TAG}`, ...(cursor ? { cursor } : {}) });
      expect(res.status, res.body.message).toBe(200);
      const items = res.body.data.items as DeskBookingItem[];
      expect(items.length).toBeLessThanOrEqual(50);
      seen.push(...refs(items));
      cursor = res.body.data.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen).toEqual(Array.from({ length: 130 }, (_, i) => bulkRef(i + 1)));
    const bad = await list(owner, { cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cursor/);
  });

  it('each filter keeps exactly the bookings it names', async () => {
    const all = async (query: Record<string, string>) => {
      const out: DeskBookingItem[] = [];
      let cursor: string | undefined;
      do {
        const res = await list(owner, { ...query, ...(cursor ? { cursor } : {}) });
        expect(res.status, res.body.message).toBe(200);
        out.push(...res.body.data.items);
        cursor = res.body.data.nextCursor ?? undefined;
      } while (cursor);
      return out;
    };
    const bySite = await all({ site: 'IN' });
    expect(bySite.every((i) => i.site === 'IN')).toBe(true);
    expect(refs(bySite)).toContain(india.ref);
    expect(refs(bySite)).not.toContain(uae.ref);

    const cancelled = await all({ status: 'cancelled' });
    expect(refs(cancelled)).toEqual([bulkRef(3)]);
    const paid = await all({ paymentStatus: 'paid' });
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((i) => i.PaymentStatus === 'paid')).toBe(true);

    const travel = await all({ travelFrom: '2031-03-01', travelTo: '2031-03-31' });
    expect(refs(travel)).toEqual([bulkRef(9)]);
    const travelFromOnly = await all({ travelFrom: '2031-01-01' });
    expect(refs(travelFromOnly)).toEqual([bulkRef(9)]);

    // Booked on 2025-06-01 from 12:00 back a minute each: numbers 1 to 130 all that day.
    const booked = await all({ bookedFrom: '2025-06-01', bookedTo: '2025-06-01' });
    expect(booked).toHaveLength(130);
    expect(await all({ bookedTo: '2025-05-31' })).toEqual([]);
    const fromToday = await all({ bookedFrom: new Date().toISOString().slice(0, 10) });
    expect(refs(fromToday).sort()).toEqual([uae.ref, india.ref].sort());

    const balance = await all({ balanceDue: 'true' });
    expect(balance.every((i) => i.Status !== 'cancelled' && i.AmountDue > 0)).toBe(true);
    expect(refs(balance)).toContain(uae.ref);
    expect(refs(balance)).not.toContain(bulkRef(5));
    expect(refs(balance)).not.toContain(bulkRef(3));

    const overdue = await all({ overdue: 'true' });
    expect(overdue.every((i) => i.overdue)).toBe(true);
    expect(refs(overdue)).toContain(bulkRef(4));
    expect(refs(overdue)).not.toContain(bulkRef(5));
    expect(refs(overdue)).not.toContain(uae.ref);

    const refundDue = await all({ refundDue: 'true' });
    expect(refs(refundDue).sort()).toEqual([bulkRef(3), bulkRef(6)].sort());
    expect(refundDue.find((i) => i.RefIdKey === bulkRef(6))!.refundDue).toBe(5000);

    // Filters together, and with a search.
    expect(refs(await all({ site: 'UAE', q: 'Anoushka' }))).toEqual([uae.ref]);
    expect(await all({ site: 'IN', q: 'Anoushka' })).toEqual([]);
    expect((await list(owner, { status: 'lost' })).status).toBe(400);
  });

  it('many matches (walked newest first, each checked) answer as few do (an exact list of ids)', async () => {
    const pages = async (query: Record<string, string>, dense: number) => {
      const out: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listDesk(
          kit.database.db,
          deskListQuery.parse({ ...query, ...(cursor ? { cursor } : {}) }),
          siteDays(new Date()),
          true,
          dense,
        );
        out.push(...refs(page.items));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return out;
    };
    const queries: Record<string, string>[] = [
      { q: `WL-B${TAG}` },
      { q: 'asha' },
      { q: '+971500000012' },
      { travelFrom: '2031-01-01' },
      { refundDue: 'true' },
      { travelFrom: '2020-01-01', q: 'ravi' },
    ];
    for (const query of queries) {
      const few = await pages(query, 100_000);
      const many = await pages(query, 0);
      expect(many, JSON.stringify(query)).toEqual(few);
      // Just past a handful: a part of the search (or a booking's several lines) fills the first read.
      expect(await pages(query, 3), JSON.stringify(query)).toEqual(few);
      expect(few.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });

  it('the summary counts requests waiting, refunds due and overdue bookings', async () => {
    const res = await admin(kit, agent, 'GET', 'desk/summary');
    expect(res.status).toBe(200);
    expect(res.body.data.refundsDue).toBe(1);
    expect(res.body.data.cancellationRequests).toBe(0);
    expect(res.body.data.overdue).toBeGreaterThanOrEqual(1);
    const days = siteDays(new Date());
    const expected = await count(
      kit,
      sql`select count(*)::int as n from bookings where status = 'confirmed' and amount_paid < total and payment_due_on < (case when site = 'IN' then ${days.IN} else ${days.UAE} end)::date`,
    );
    expect(res.body.data.overdue).toBe(expected);
  });

  it("a booking is overdue by its own site's day: 19:00 UTC is still the 25th in the UAE and already the 26th in India", async () => {
    const db = kit.database.db;
    const days = siteDays(new Date('2026-11-25T19:00:00Z'));
    expect(days).toEqual({ UAE: '2026-11-25', IN: '2026-11-26' });
    const { rows } = await db.execute<{ id: number; due: string | null }>(
      sql`select id, payment_due_on::text as due from bookings where id in (${uae.id}, ${india.id})`,
    );
    await db.execute(sql`update bookings set payment_due_on = '2026-11-25' where id in (${uae.id}, ${india.id})`);
    try {
      const overdue = async (ref: string, d = days) =>
        (await listDesk(db, deskListQuery.parse({ overdue: 'true', q: ref }), d, true)).items;
      expect(refs(await overdue(india.ref))).toEqual([india.ref]);
      expect(await overdue(uae.ref)).toEqual([]);
      expect(await overdue(india.ref, { ...days, IN: '2026-11-25' })).toEqual([]);
      const shown = (await listDesk(db, deskListQuery.parse({ q: india.ref }), days, true)).items[0]!;
      expect(shown.overdue).toBe(true);
      const [late, onTime] = [await deskSummary(db, days), await deskSummary(db, { ...days, IN: '2026-11-25' })];
      const dueThatDayInIndia = await count(
        kit,
        sql`select count(*)::int as n from bookings where site = 'IN' and status = 'confirmed' and amount_paid < total and payment_due_on = '2026-11-25'`,
      );
      expect(dueThatDayInIndia).toBeGreaterThanOrEqual(1);
      expect(late.overdue - onTime.overdue).toBe(dueThatDayInIndia);
    } finally {
      for (const r of rows)
        await db.execute(sql`update bookings set payment_due_on = ${r.due}::date where id = ${r.id}`);
    }
  });

  it('the CSV has every filtered booking, amounts in units with the currency, formula cells guarded, streamed', async () => {
    await kit.database.db.execute(
      sql`update booking_travellers set first_name = '=HYPERLINK("http://x")', last_name = 'Doe, "J"' where booking_id = (select id from bookings where ref_id_key = ${bulkRef(10)})`,
    );
    const res = await admin(kit, agent, 'GET', 'bookings.csv', { q: `WL-B${TAG}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="bookings-\d{4}-\d\d-\d\d\.csv"/);
    expect(res.headers['content-length']).toBeUndefined();
    const text = res.raw.toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Site,Booked at,Status,Payment status,Payment method,Lead traveller,Email,Phone,Holiday,First travel date,Currency,Total,Paid,Due,Due on,Overdue,Refund due,Refund pending,Cancellation requested',
    );
    expect(lines).toHaveLength(131);
    // Booking 10: IN? No, even numbers are UAE. Total 100010 fils = 1000.10 AED; paid in full (10 % 5 = 0).
    const ten = lines.find((l) => l.startsWith(bulkRef(10)))!;
    expect(ten).toContain(`"'=HYPERLINK(""http://x"") Doe, ""J"""`);
    expect(ten).toContain(',AED,1000.10,1000.10,0.00,');
    const one = lines.find((l) => l.startsWith(bulkRef(1)))!;
    expect(one).toContain(',INR,1000.01,500.00,500.01,');
    // The phone starts with +: prefixed so a spreadsheet does not read a formula.
    expect(one).toContain(",'+971500000001,");
    // Masked for accounts here too.
    const masked = (await admin(kit, accounts, 'GET', 'bookings.csv', { q: `WL-B${TAG}` })).raw.toString('utf8');
    expect(masked).not.toContain(`.${TAG}@example.com`);
    expect(masked).toContain('•••@example.com');
    // Filters apply: the cancelled one alone.
    const cancelled = (await admin(kit, agent, 'GET', 'bookings.csv', { status: 'cancelled' })).raw
      .toString('utf8')
      .trimEnd()
      .split('\r\n');
    expect(cancelled).toHaveLength(2);
    expect(cancelled[1]).toMatch(new RegExp(`^${bulkRef(3)},`));
  });

  it('the CSV is written batch by batch as the rows are read', async () => {
    const chunks: number[] = [];
    const stream = deskCsv(
      kit.database.db,
      { q: `WL-B${TAG}`, balanceDue: false, overdue: false, refundDue: false },
      siteDays(new Date()),
      true,
      40,
    );
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk.toString().split('\r\n').length - 1);
          done();
        },
      }),
    );
    // The header, then 40 + 40 + 40 + 10 lines: four reads of the database, never all rows at once.
    expect(chunks).toEqual([1, 40, 40, 40, 10]);
  });
});

describe('one booking', () => {
  it('shows lines, travellers, requests, payments, the policy’s quote, links and the timeline', async () => {
    const res = await admin(kit, agent, 'GET', `bookings/${uae.ref.toLowerCase()}`);
    expect(res.status, res.body.message).toBe(200);
    const d = res.body.data as DeskBookingDetail;
    expect(d.RefIdKey).toBe(uae.ref);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]!.title).toBeTruthy();
    expect(d.travellers.find((t) => t.lead)).toMatchObject({
      firstName: 'Anoushka',
      lastName: 'Varghese',
      email: ANOUSHKA.Email,
    });
    expect(d.specialRequests).toBe('A quiet room, please.');
    expect(d.payments).toEqual([]);
    expect(d.cancellation).toMatchObject({ paid: 0, total: d.Total, refund: 0, keep: 0 });
    expect(d.cancellation!.policyLines.length).toBeGreaterThan(0);
    expect(d.cancellation!.daysBefore).toBeGreaterThan(20);
    expect(d.links.invoice).toBe(`/api/admin/bookings/${uae.ref}/invoice.pdf`);
    expect(d.links.vouchers).toBeNull();
    expect(d.timeline.some((e) => e.kind === 'event')).toBe(true);
  });

  it('payments carry provider ids and what was refunded from the refunds table (pending and processed, not failed)', async () => {
    const db = kit.database.db;
    await db.execute(sql`
      insert into payments (booking_id, provider, provider_ref, provider_payment_id, amount, currency, status, paid_at)
      values (${india.id}, 'razorpay', 'order_desk_1', 'pay_desk_1', 300000, 'INR', 'paid', now())`);
    const [p] = (await db.execute<{ id: number }>(sql`select id from payments where provider_ref = 'order_desk_1'`))
      .rows;
    await db.execute(sql`
      insert into refunds (booking_id, payment_id, provider, amount, currency, status, idempotency_key, reason)
      values (${india.id}, ${p!.id}, 'razorpay', 10000, 'INR', 'processed', 'desk-k1', 'goodwill'),
             (${india.id}, ${p!.id}, 'razorpay', 20000, 'INR', 'pending', 'desk-k2', 'goodwill'),
             (${india.id}, ${p!.id}, 'razorpay', 40000, 'INR', 'failed', 'desk-k3', 'goodwill')`);
    const d = (await admin(kit, accounts, 'GET', `bookings/${india.ref}`)).body.data as DeskBookingDetail;
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({
      provider: 'razorpay',
      providerRef: 'order_desk_1',
      providerPaymentId: 'pay_desk_1',
      refunded: 30000,
      refundable: 270000,
    });
    expect(d.refunds.map((r) => r.status).sort()).toEqual(['failed', 'pending', 'processed']);
    // Started and not yet back from the provider: shown as pending, neither due nor refunded.
    expect(d.refundPending).toBe(20000);
    const listed = (await admin(kit, accounts, 'GET', `bookings?q=${india.ref}`)).body.data.items as DeskBookingItem[];
    expect(listed.find((i) => i.RefIdKey === india.ref)).toMatchObject({ refundPending: 20000, refundDue: 0 });
  });

  it('an unknown reference is 404 with the desk’s message', async () => {
    const res = await admin(kit, agent, 'GET', 'bookings/WL-NOPE0-NOPE0');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', message: DESK_MESSAGES.notFound });
    expect((await admin(kit, agent, 'POST', 'bookings/WL-NOPE0-NOPE0/notes', { body: 'x' })).status).toBe(404);
  });

  it('a note is kept and audited in one go; a role without bookings.note and a missing CSRF token change nothing', async () => {
    const notes = () => count(kit, sql`select count(*)::int as n from booking_notes where booking_id = ${uae.id}`);
    const audits = () =>
      count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'booking.note' and record_type = 'booking' and record_id = ${uae.ref}`,
      );
    const refused = await admin(kit, catalogue, 'POST', `bookings/${uae.ref}/notes`, { body: 'Not mine to write' });
    expect(refused.status).toBe(403);
    const noCsrf = await admin(
      kit,
      agent,
      'POST',
      `bookings/${uae.ref}/notes`,
      { body: 'No token' },
      { 'x-csrf-token': '' },
    );
    expect(noCsrf.status).toBe(403);
    expect((await admin(kit, agent, 'POST', `bookings/${uae.ref}/notes`, { body: '   ' })).status).toBe(400);
    expect(await notes()).toBe(0);
    expect(await audits()).toBe(0);

    const res = await admin(kit, agent, 'POST', `bookings/${uae.ref}/notes`, {
      body: 'Called the traveller: pays Sunday.',
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ body: 'Called the traveller: pays Sunday.', staff: agent.email });
    expect(await notes()).toBe(1);
    expect(await audits()).toBe(1);
    const d = (await admin(kit, owner, 'GET', `bookings/${uae.ref}`)).body.data as DeskBookingDetail;
    expect(d.notes).toEqual([
      expect.objectContaining({ body: 'Called the traveller: pays Sunday.', staff: agent.email }),
    ]);
    expect(d.timeline.find((e) => e.kind === 'audit' && e.text === 'Added an internal note')?.who).toBe(
      `${agent.email} (agent)`,
    );
    expect(d.timeline.some((e) => e.kind === 'note')).toBe(true);
  });

  it('opening an uploaded document streams it and writes document.open', async () => {
    const dir = uploadsDir(testConfig());
    await mkdir(dir, { recursive: true });
    const stored = `desk-test-${Date.now()}.pdf`;
    const bytes = Buffer.from('%PDF-1.4\n% passport copy\n');
    await writeFile(join(dir, stored), bytes);
    await kit.database.db.execute(sql`
      insert into files (owner, purpose, stored_name, original_name, mime, size)
      values (${`booking:${uae.id}`}, 'booking-document', ${stored}, 'passport.pdf', 'application/pdf', ${bytes.length})`);
    const d = (await admin(kit, agent, 'GET', `bookings/${uae.ref}`)).body.data as DeskBookingDetail;
    const doc = d.documents.find((f) => f.name === 'passport.pdf')!;
    expect(doc.url).toBe(`/api/admin/bookings/${uae.ref}/documents/${doc.id}`);
    const opened = () =>
      count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'document.open' and record_id = ${uae.ref}`,
      );
    expect((await admin(kit, catalogue, 'GET', `bookings/${uae.ref}/documents/${doc.id}`)).status).toBe(403);
    expect(await opened()).toBe(0);
    const res = await admin(kit, accounts, 'GET', `bookings/${uae.ref}/documents/${doc.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.raw.equals(bytes)).toBe(true);
    expect(await opened()).toBe(1);
    // Another booking's reference does not open it.
    expect((await admin(kit, accounts, 'GET', `bookings/${india.ref}/documents/${doc.id}`)).status).toBe(404);
    expect(await opened()).toBe(1);
    const after = (await admin(kit, agent, 'GET', `bookings/${uae.ref}`)).body.data as DeskBookingDetail;
    expect(after.timeline.some((e) => e.kind === 'audit' && e.text === 'Opened the document passport.pdf')).toBe(true);
  });

  it('staff open the proforma invoice as a PDF; vouchers wait for the balance', async () => {
    const inv = await admin(kit, agent, 'GET', `bookings/${uae.ref}/invoice.pdf`);
    expect(inv.status).toBe(200);
    expect(inv.headers['content-type']).toBe('application/pdf');
    expect(inv.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const vouchers = await admin(kit, agent, 'GET', `bookings/${uae.ref}/vouchers.pdf`);
    expect(vouchers.status).toBe(409);
    expect(vouchers.body.status).toBe('error');
  });
});
