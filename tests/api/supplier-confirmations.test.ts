import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES } from '../../contract/desk-suppliers.ts';
import { mailText, type CaughtMail } from '../support/mail-catcher.ts';
import {
  book,
  count,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  markPaidInFull,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Suppliers' confirmations (docs/decisions/0098): per booked line and service (each stay, the
 * transfers, the sightseeing), set on the desk by owner and agent, audited; the list of bookings
 * travelling within 14 days (the site's day) whose confirmation is missing or declined; a confirmed
 * number on that service's voucher (the PDF) and mailed to the traveller with the updated vouchers.
 * The real app on PGlite, staff signed in through the real calls, mail through the outbox.
 */

let kit: BookingKit;
let pkgId: number;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;

beforeAll(async () => {
  kit = await createBookingKit();
  pkgId = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  owner = await staffer(kit, 'owner');
  agent = await staffer(kit, 'agent');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
}, 180_000);
afterAll(() => kit.close());

interface Booked {
  id: number;
  ref: string;
  email: string;
}

/** A UAE pay-later booking travelling on `travelDate`, paid in full unless told (its vouchers issued). */
async function booking(travelDate: string, paid = true): Promise<Booked> {
  const who = await traveller(kit, 'lina');
  const res = await book(kit, who.token, 'UAE', {
    TempBookingId: await holdId(kit, who.token, 'UAE', [{ packageId: pkgId, travelDate }]),
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({ Email: who.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(res.status, res.body.message).toBe(200);
  if (paid) await markPaidInFull(kit, res.body.data.BookingId);
  return { id: res.body.data.BookingId, ref: res.body.data.RefIdKey, email: who.email };
}

interface Service {
  service: string;
  label: string;
  supplier: string;
  status: string;
  number: string | null;
  setBy: string | null;
}
const suppliersOf = async (b: Booked, who: Staffer = agent) => {
  const res = await admin(kit, who, 'GET', `bookings/${b.ref}/suppliers`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.lines as { lineId: number; services: Service[] }[];
};
const set = (
  who: Staffer | null,
  b: Booked,
  lineId: number | string,
  body: object,
  headers: Record<string, string> = {},
) => admin(kit, who, 'POST', `bookings/${b.ref}/lines/${lineId}/supplier`, body, headers);
const due = async (days?: number) => {
  const res = await admin(
    kit,
    agent,
    'GET',
    'supplier-confirmations',
    days === undefined ? undefined : { days: String(days) },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.items as { RefIdKey: string; daysToGo: number; due: { service: string; status: string }[] }[];
};
const rows = (b: Booked) =>
  count(kit, sql`select count(*)::int as n from supplier_confirmations where booking_id = ${b.id}`);
const audits = async (ref: string) =>
  (
    await kit.database.db.execute<{
      before: Record<string, unknown> | null;
      after: Record<string, unknown>;
      staff_id: number;
    }>(
      sql`select before, after, staff_id from audit_log where action = 'suppliers.confirm' and record_id = ${ref} order by id`,
    )
  ).rows;

async function mailMatching(to: string, subject: RegExp, timeoutMs = 8000): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = kit.mail.mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('setting a supplier confirmation', () => {
  it('an agent marks a stay requested, then confirmed with its number: the voucher PDF carries it, the traveller gets the new vouchers, each step audited', async () => {
    const b = await booking(inDays(12));
    const [line] = await suppliersOf(b);
    const keys = line!.services.map((s) => s.service);
    expect(keys).toContain('stay-1');
    expect(keys).toContain('transfer');
    expect(line!.services.every((s) => s.status === 'missing' && s.number === null)).toBe(true);

    const requested = await set(agent, b, line!.lineId, {
      service: 'stay-1',
      status: 'requested',
      note: 'Asked by mail',
    });
    expect(requested.status, requested.body.message).toBe(200);
    expect(requested.body.data).toMatchObject({
      service: 'stay-1',
      status: 'requested',
      number: null,
      vouchersMailed: false,
    });

    // A confirmed status without its number is refused, and changes nothing.
    const noNumber = await set(agent, b, line!.lineId, { service: 'stay-1', status: 'confirmed' });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body).toMatchObject({ status: 'error', message: SUPPLIER_MESSAGES.numberNeeded });
    expect((await suppliersOf(b))[0]!.services.find((s) => s.service === 'stay-1')!.status).toBe('requested');

    const sent = kit.mail.mails.length;
    const confirmed = await set(agent, b, line!.lineId, {
      service: 'stay-1',
      status: 'confirmed',
      number: 'HTL-778120',
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', number: 'HTL-778120', vouchersMailed: true });
    const stay = (await suppliersOf(b))[0]!.services.find((s) => s.service === 'stay-1')!;
    expect(stay).toMatchObject({ status: 'confirmed', number: 'HTL-778120', setBy: agent.email });

    // The desk's voucher PDF: the number on the stay's voucher, not on the transfer's.
    const pdf = await admin(kit, owner, 'GET', `bookings/${b.ref}/vouchers.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.raw);
    expect(text).toContain('HTL-778120');
    expect(text).toMatch(/Confirmation no\.\s+HTL-778120/);
    expect(text.match(/HTL-778120/g)).toHaveLength(1);

    // Queued in the transaction of the change, with the vouchers attached; sent by the outbox.
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from mail_outbox where booking_id = ${b.id} and kind = 'vouchers-updated'`,
      ),
    ).toBe(1);
    const mail = await mailMatching(b.email, new RegExp(`Updated vouchers for booking ${b.ref}`), 30_000);
    expect(kit.mail.mails.length).toBeGreaterThan(sent);
    expect(mailText(mail.raw)).toMatch(/HTL-778120/);
    expect(mail.raw).toMatch(new RegExp(`vouchers-${b.ref}\\.pdf`));

    const log = await audits(b.ref);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      before: null,
      after: { service: 'stay-1', status: 'requested', note: 'Asked by mail' },
      staff_id: agent.id,
    });
    expect(log[1]).toMatchObject({
      before: { status: 'requested', number: null },
      after: { status: 'confirmed', number: 'HTL-778120', vouchersMailed: true },
    });
  }, 60_000);

  it('without a service, the line’s first stay is set; the owner may set it too; the same values again are refused as unchanged', async () => {
    const b = await booking(inDays(40));
    const [line] = await suppliersOf(b, owner);
    const res = await set(owner, b, line!.lineId, { status: 'confirmed', number: ' RSV-1 ' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ service: 'stay-1', number: 'RSV-1' });
    const again = await set(owner, b, line!.lineId, { status: 'confirmed', number: 'RSV-1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SUPPLIER_MESSAGES.unchanged);
    expect(await audits(b.ref)).toHaveLength(1);
  });

  it('a booking not yet paid keeps the number for its vouchers to come, and mails nothing', async () => {
    const b = await booking(inDays(45), false);
    const [line] = await suppliersOf(b);
    const sent = kit.mail.mails.filter((m) => m.to.includes(b.email) && /Updated vouchers/.test(m.subject)).length;
    const res = await set(agent, b, line!.lineId, { service: 'transfer', status: 'confirmed', number: 'TRF-55' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.vouchersMailed).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(kit.mail.mails.filter((m) => m.to.includes(b.email) && /Updated vouchers/.test(m.subject))).toHaveLength(
      sent,
    );
    await markPaidInFull(kit, b.id);
    const pdf = await admin(kit, agent, 'GET', `bookings/${b.ref}/vouchers.pdf`);
    expect(await pdfText(pdf.raw)).toContain('TRF-55');
  });
});

describe('the list of confirmations due', () => {
  it('lists bookings travelling within 14 days with a service missing or declined, and drops one once every service is confirmed', async () => {
    const soon = await booking(inDays(12));
    const later = await booking(inDays(20));
    let items = await due();
    const item = items.find((i) => i.RefIdKey === soon.ref);
    expect(item, 'the booking travelling in 12 days').toBeDefined();
    expect(item!.daysToGo).toBe(12);
    expect(item!.due.every((d) => d.status === 'missing')).toBe(true);
    expect(
      items.find((i) => i.RefIdKey === later.ref),
      'the booking travelling in 20 days',
    ).toBeUndefined();
    expect((await due(21)).find((i) => i.RefIdKey === later.ref)).toBeDefined();

    const [line] = await suppliersOf(soon);
    for (const s of line!.services) {
      const res = await set(agent, soon, line!.lineId, {
        service: s.service,
        status: 'confirmed',
        number: `N-${s.service}`,
      });
      expect(res.status, res.body.message).toBe(200);
    }
    items = await due();
    expect(
      items.find((i) => i.RefIdKey === soon.ref),
      'every service confirmed',
    ).toBeUndefined();

    // A supplier declining puts it back, said as declined; requested is not due (the supplier has it).
    const declined = await set(agent, soon, line!.lineId, {
      service: 'transfer',
      status: 'declined',
      note: 'Fully booked',
    });
    expect(declined.status, declined.body.message).toBe(200);
    expect((await due()).find((i) => i.RefIdKey === soon.ref)!.due).toEqual([
      expect.objectContaining({ service: 'transfer', status: 'declined' }),
    ]);
    await set(agent, soon, line!.lineId, { service: 'transfer', status: 'requested' });
    expect((await due()).find((i) => i.RefIdKey === soon.ref)).toBeUndefined();
  }, 60_000);

  it('leaves out cancelled bookings', async () => {
    const b = await booking(inDays(13));
    expect((await due()).find((i) => i.RefIdKey === b.ref)).toBeDefined();
    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.id}`);
    expect((await due()).find((i) => i.RefIdKey === b.ref)).toBeUndefined();
    const [line] = await suppliersOf(b);
    const res = await set(agent, b, line!.lineId, { service: 'stay-1', status: 'requested' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SUPPLIER_MESSAGES.cancelled);
  });
});

describe('who may, and bad input', () => {
  it('accounts and catalogue are refused setting (403, nothing changed); catalogue cannot read; no session is 401; no CSRF token is 403', async () => {
    const b = await booking(inDays(50));
    const [line] = await suppliersOf(b);
    const auditBefore = await count(kit, sql`select count(*)::int as n from audit_log`);
    for (const who of [accounts, catalogue]) {
      const res = await set(who, b, line!.lineId, { service: 'stay-1', status: 'confirmed', number: 'X-1' });
      expect(res.status, who.role).toBe(403);
      expect(res.body).toMatchObject({ status: 'error', message: 'Your role may not do this.' });
      const list = await admin(kit, who, 'GET', 'supplier-confirmations');
      expect(list.status, who.role).toBe(403);
    }
    expect((await admin(kit, catalogue, 'GET', `bookings/${b.ref}/suppliers`)).status).toBe(403);
    expect((await admin(kit, accounts, 'GET', `bookings/${b.ref}/suppliers`)).status).toBe(200);
    expect((await set(null, b, line!.lineId, { service: 'stay-1', status: 'requested' })).status).toBe(401);
    expect((await admin(kit, null, 'GET', 'supplier-confirmations')).status).toBe(401);
    expect(
      (await set(agent, b, line!.lineId, { service: 'stay-1', status: 'requested' }, { 'x-csrf-token': 'wrong' }))
        .status,
    ).toBe(403);
    expect(await rows(b)).toBe(0);
    expect(await count(kit, sql`select count(*)::int as n from audit_log`)).toBe(auditBefore);
  });

  it('says what is wrong: a status not in the list, a service the line lacks, a line of another booking, a number too long, days out of range', async () => {
    const b = await booking(inDays(55));
    const other = await booking(inDays(56), false);
    const [line] = await suppliersOf(b);
    const [otherLine] = await suppliersOf(other);

    const status = await set(agent, b, line!.lineId, { service: 'stay-1', status: 'done' });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/requested, confirmed, declined/);
    const missing = await set(agent, b, line!.lineId, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Choose the supplier's status/);
    const service = await set(agent, b, line!.lineId, { service: 'spa', status: 'requested' });
    expect(service.status).toBe(400);
    expect(service.body.message).toMatch(/no such service: choose one of stay-1, .*transfer/);
    const foreign = await set(agent, b, otherLine!.lineId, { service: 'stay-1', status: 'requested' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(SUPPLIER_MESSAGES.lineNotFound);
    const notALine = await set(agent, b, 'abc', { service: 'stay-1', status: 'requested' });
    expect(notALine.status).toBe(400);
    const long = await set(agent, b, line!.lineId, { service: 'stay-1', status: 'confirmed', number: 'X'.repeat(61) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 60 characters/);
    const noBooking = await admin(kit, agent, 'POST', `bookings/WH-NOPE-0000/lines/${line!.lineId}/supplier`, {
      service: 'stay-1',
      status: 'requested',
    });
    expect(noBooking.status).toBe(404);
    const days = await admin(kit, agent, 'GET', 'supplier-confirmations', { days: '99' });
    expect(days.status).toBe(400);
    expect(days.body.message).toMatch(/at most 60 days/);
    expect(await rows(b)).toBe(0);
    expect(await rows(other)).toBe(0);
  });
});
