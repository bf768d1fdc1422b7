import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { z } from 'zod';

/*
 * The desk's travellers (decision 0097): the list searched by name, email, phone and PAN (the
 * account's own and its bookings' lead traveller's), contact details masked for accounts as the
 * bookings list masks them while search by them still works, a traveller's page with their bookings,
 * payments, enquiries and cancellation requests, their data export, and the erasure of their
 * account under the shop's own deletion rule (refused while a trip is ahead), each audited; other
 * roles 403, no session 401.
 */

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let zen: { token: string; userId: number; email: string };
let ind: { token: string; userId: number; email: string };
let idle: { token: string; userId: number; email: string };
let zenRef: string;

const get = <const Path extends string>(who: Staffer | null, path: Path, query: Record<string, string> = {}) =>
  admin(kit, who, 'GET', path, query);
const ids = (items: { id: number }[]) => items.map((i) => i.id);

beforeAll(async () => {
  kit = await createBookingKit();
  [owner, agent, accounts, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'catalogue'),
  ];
  const uae = await findPackage(kit, { rooms: 'unlimited', inIndia: false });
  const india = await findPackage(kit, { rooms: 'unlimited', inIndia: false });

  // A UAE traveller whose lead is someone else (another name and phone): found by either.
  zen = await traveller(kit, 'zen');
  const held = await holdId(kit, zen.token, 'UAE', [{ packageId: uae.id }]);
  const made = await book(kit, zen.token, 'UAE', {
    TempBookingId: held,
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({
      FirstName: 'Zenobia',
      LastName: 'Quillfeather',
      Email: 'zenobia.lead@example.org',
      Phone: '+971 50 765 4321',
    }),
  });
  expect(made.status, made.body.message).toBe(200);
  zenRef = made.body.data.RefIdKey;

  // An India traveller with a PAN on their booking.
  ind = await traveller(kit, 'ind');
  const heldIn = await holdId(kit, ind.token, 'IN', [{ packageId: india.id }]);
  const madeIn = await book(kit, ind.token, 'IN', {
    TempBookingId: heldIn,
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({ FirstName: 'Ishaan', LastName: 'Marwadkar', Email: ind.email, Phone: '+919876512345' }),
    Pan: 'ABCPM1234K',
  });
  expect(madeIn.status, madeIn.body.message).toBe(200);

  // A traveller with no trip: their account may be erased.
  idle = await traveller(kit, 'idle');
  await kit.database.db.execute(
    sql`update users set first_name = 'Ottoline', last_name = 'Brackwater' where id = ${idle.userId}`,
  );
  // An enquiry from the UAE traveller's address: it shows on their page.
  await kit.database.db.execute(
    sql`insert into enquiries (kind, site, payload) values ('contact', 'UAE', ${JSON.stringify({ FullName: 'Zen', Email: zen.email, Message: 'Hello' })}::jsonb)`,
  );
}, 120_000);

afterAll(async () => {
  await kit?.close();
});

describe('the travellers list', () => {
  it('finds a traveller by the account email, the lead traveller’s name, email and phone, and a PAN', async () => {
    const searches: [string, number][] = [
      [zen.email, zen.userId],
      [zen.email.slice(0, 8).toUpperCase(), zen.userId],
      ['Zenobia Quill', zen.userId],
      ['quillfeather', zen.userId],
      ['zenobia.lead@example.org', zen.userId],
      ['0507654321', zen.userId],
      ['+971 50 765 4321', zen.userId],
      ['ABCPM1234K', ind.userId],
      ['abcpm 1234k', ind.userId],
      ['Ishaan', ind.userId],
      ['98765 12345', ind.userId],
      ['Ottoline Brack', idle.userId],
    ];
    for (const [q, id] of searches) {
      const res = await get(owner, 'travellers', { q });
      expect(res.status, `${q}: ${res.body.message}`).toBe(200);
      expect(ids(res.body.data.items), q).toEqual([id]);
    }
    const none = await get(owner, 'travellers', { q: 'nobody-by-this-name' });
    expect(none.body.data.items).toEqual([]);
  });

  it('lists every traveller newest first with their email, bookings and sites', async () => {
    const res = await get(agent, 'travellers');
    expect(res.status).toBe(200);
    const items = res.body.data.items as {
      id: number;
      email: string;
      bookings: number;
      sites: string[];
      name: string;
    }[];
    const mine = items.filter((i) => [zen.userId, ind.userId, idle.userId].includes(i.id));
    expect(ids(mine)).toEqual([idle.userId, ind.userId, zen.userId]);
    expect(mine.map((i) => i.email)).toEqual([idle.email, ind.email, zen.email]);
    expect(mine.map((i) => i.bookings)).toEqual([0, 1, 1]);
    expect(mine.map((i) => i.sites)).toEqual([[], ['IN'], ['UAE']]);
    expect(mine[0]!.name).toBe('Ottoline Brackwater');
    expect(res.body.data.nextCursor).toBeNull();
  });

  it('masks email and phone for accounts (no travellers.contact), as the bookings list does, and still searches by them', async () => {
    const res = await get(accounts, 'travellers', { q: zen.email });
    expect(res.status).toBe(200);
    const [item] = res.body.data.items;
    expect(item!.id).toBe(zen.userId);
    expect(item!.email).toBe(`${zen.email[0]}•••@example.com`);
    const desk = await get(accounts, 'bookings', { q: zenRef });
    expect(desk.body.data.items[0]!.leadEmail).toBe('z•••@example.org');
    const byPhone = await get(accounts, 'travellers', { q: '0507654321' });
    expect(ids(byPhone.body.data.items)).toEqual([zen.userId]);
    const page = await get(accounts, `travellers/${zen.userId}`);
    expect(page.status).toBe(200);
    expect(page.body.data.traveller.email).toBe(`${zen.email[0]}•••@example.com`);
    expect(page.body.data.bookings[0]!.leadPhone).toBe(`+97${'•'.repeat(8)}21`);
    expect(page.body.data.bookings[0]!.leadEmail).toBe('z•••@example.org');
  });

  it('refuses the catalogue role (403) and no session (401)', async () => {
    expect((await get(catalogue, 'travellers')).status).toBe(403);
    expect((await get(catalogue, `travellers/${zen.userId}`)).status).toBe(403);
    expect((await get(null, 'travellers')).status).toBe(401);
    expect((await get(null, `travellers/${zen.userId}`)).status).toBe(401);
  });

  it('says what to do with a cursor it never gave', async () => {
    const res = await get(owner, 'travellers', { cursor: 'bm90IGEgY3Vyc29y' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Start again from the first page/);
  });
});

describe('a traveller’s page', () => {
  it('shows their bookings, payments, enquiries, cancellation requests, consents and whether they may be erased', async () => {
    const res = await get(agent, `travellers/${zen.userId}`);
    expect(res.status, res.body.message).toBe(200);
    const d = res.body.data;
    expect(d.traveller).toMatchObject({ id: zen.userId, email: zen.email, bookings: 1 });
    expect(d.bookings.map((b: { RefIdKey: string }) => b.RefIdKey)).toEqual([zenRef]);
    expect(d.payments).toEqual([]);
    expect(d.enquiries).toHaveLength(1);
    expect(d.cancellationRequests).toEqual([]);
    expect(d.consents.length).toBeGreaterThan(0);
    expect(d.erasure.allowed).toBe(false);
    expect(d.erasure.reason).toContain(zenRef);
    const pans = await get(owner, `travellers/${ind.userId}`);
    expect(pans.body.data.traveller.pans).toEqual(['ABCPM1234K']);
  });

  it('answers 404 with words for a traveller that does not exist', async () => {
    const res = await get(owner, 'travellers/999999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', message: expect.stringMatching(/No traveller has that number/) });
  });
});

describe('data export and erasure', () => {
  it('exports what the traveller’s own "Download my data" gives, audited; accounts (no contact details) may not', async () => {
    const before = await count(kit, sql`select count(*) as n from audit_log where action = 'travellers.export'`);
    const res = await get(agent, `travellers/${zen.userId}/export`);
    expect(res.status, res.body.message).toBe(200);
    // The contract declares the copy a record of the shop's tables: the test reads the parts it checks.
    const copy = z
      .object({ account: z.object({ email: z.string() }), bookings: z.array(z.object({ ref_id_key: z.string() })) })
      .parse(res.body.data);
    expect(copy.account.email).toBe(zen.email);
    expect(copy.bookings.map((b) => b.ref_id_key)).toEqual([zenRef]);
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    expect(
      await count(
        kit,
        sql`select count(*) as n from audit_log where action = 'travellers.export' and record_id = ${String(zen.userId)}`,
      ),
    ).toBe(before + 1);
    expect((await get(accounts, `travellers/${zen.userId}/export`)).status).toBe(403);
    expect((await get(catalogue, `travellers/${zen.userId}/export`)).status).toBe(403);
    expect((await get(null, `travellers/${zen.userId}/export`)).status).toBe(401);
  });

  it('refuses to erase while a trip is ahead, as the shop refuses the traveller’s own deletion, and changes nothing', async () => {
    const res = await admin(kit, owner, 'POST', `travellers/${zen.userId}/erase`, { confirm: 'ERASE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(zenRef);
    expect(
      await count(kit, sql`select count(*) as n from users where id = ${zen.userId} and email = ${zen.email}`),
    ).toBe(1);
    expect(await count(kit, sql`select count(*) as n from audit_log where action = 'travellers.erase'`)).toBe(0);
  });

  it('asks for the confirmation, and refuses accounts and catalogue (403) and no session (401)', async () => {
    const unconfirmed = await admin(kit, agent, 'POST', `travellers/${idle.userId}/erase`, { confirm: 'yes' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toMatch(/Type ERASE/);
    for (const who of [accounts, catalogue])
      expect((await admin(kit, who, 'POST', `travellers/${idle.userId}/erase`, { confirm: 'ERASE' })).status).toBe(403);
    expect((await admin(kit, null, 'POST', `travellers/${idle.userId}/erase`, { confirm: 'ERASE' })).status).toBe(401);
    expect(await count(kit, sql`select count(*) as n from users where id = ${idle.userId} and email is not null`)).toBe(
      1,
    );
  });

  it('erases an account with no trip ahead (sign-in, profile and sessions go), audited, and says so on the list; a second time is refused', async () => {
    const res = await admin(kit, agent, 'POST', `travellers/${idle.userId}/erase`, { confirm: 'erase' });
    expect(res.status, res.body.message).toBe(200);
    expect(
      await count(
        kit,
        sql`select count(*) as n from users where id = ${idle.userId} and email is null and first_name is null and password_hash is null`,
      ),
    ).toBe(1);
    expect(await count(kit, sql`select count(*) as n from sessions where user_id = ${idle.userId}`)).toBe(0);
    expect(
      await count(
        kit,
        sql`select count(*) as n from audit_log a join staff s on s.id = a.staff_id where a.action = 'travellers.erase' and a.record_id = ${String(idle.userId)} and s.email = ${agent.email}`,
      ),
    ).toBe(1);
    const page = await get(owner, `travellers/${idle.userId}`);
    expect(page.body.data.traveller.erased).toBe(true);
    expect(page.body.data.erasure.allowed).toBe(false);
    const again = await admin(kit, owner, 'POST', `travellers/${idle.userId}/erase`, { confirm: 'ERASE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already erased/);
  });

  it('erases once the trips are over: bookings keep the names an invoice needs, contact details go', async () => {
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = current_date - 30 where booking_id in (select id from bookings where user_id = ${zen.userId})`,
    );
    const page = await get(owner, `travellers/${zen.userId}`);
    expect(page.body.data.erasure).toEqual({ allowed: true, reason: null });
    const res = await admin(kit, owner, 'POST', `travellers/${zen.userId}/erase`, { confirm: 'ERASE' });
    expect(res.status, res.body.message).toBe(200);
    expect(
      await count(
        kit,
        sql`select count(*) as n from booking_travellers t join bookings b on b.id = t.booking_id where b.user_id = ${zen.userId} and t.lead and t.first_name = 'Zenobia' and t.email is null and t.phone is null`,
      ),
    ).toBe(1);
    // Still found by the name its booking keeps; no longer by the address that went.
    expect(ids((await get(owner, 'travellers', { q: 'Quillfeather' })).body.data.items)).toEqual([zen.userId]);
    expect((await get(owner, 'travellers', { q: zen.email })).body.data.items).toEqual([]);
  });
});
