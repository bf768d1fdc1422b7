import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentVersion } from '../../contract/booking.ts';
import { invoiceFor } from '../../server/services/documents/invoice.ts';
import { travellerMoneyDocuments } from '../../server/services/documents/money-documents.ts';
import { vouchersFor } from '../../server/services/documents/vouchers.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  markPaidInFull,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Each document of a booking carries a version in the traveller's list and detail
 * (docs/decisions/0107): the wallet on the phone keys its saved copy on them. A change of what a
 * document shows changes its version, and only its own; reading again without a change keeps it;
 * a document withdrawn leaves the list; nobody but the booking's traveller reads them. The real app
 * on PGlite, staff signed in through the real calls.
 */

let kit: BookingKit;
let pkgId: number;
let agent: Staffer;
let lina: { token: string; userId: number; email: string };
let omar: { token: string; userId: number; email: string };

beforeAll(async () => {
  kit = await createBookingKit();
  pkgId = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  agent = await staffer(kit, 'agent');
  lina = await traveller(kit, 'lina');
  omar = await traveller(kit, 'omar');
}, 180_000);
afterAll(() => kit.close());

/** A UAE booking of Lina's, to pay later (a proforma until the balance is received). */
async function payLaterBooking(): Promise<{ id: number; ref: string }> {
  const res = await book(kit, lina.token, 'UAE', {
    TempBookingId: await holdId(kit, lina.token, 'UAE', [{ packageId: pkgId, travelDate: inDays(30) }]),
    PaymentMethod: 'pay-later',
    LeadTraveller: lead({ Email: lina.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(res.status, res.body.message).toBe(200);
  return { id: res.body.data.BookingId, ref: res.body.data.RefIdKey };
}

async function versions(ref: string): Promise<DocumentVersion[]> {
  const res = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token: lina.token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.documentVersions!;
}
/** The version as decision 0107 defines it: 12 characters of base64url SHA-256 of the document's JSON. */
const hashOf = (document: unknown) =>
  createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 12);
const byNumber = (docs: DocumentVersion[]) => new Map(docs.map((d) => [`${d.kind}:${d.number}`, d.version]));

describe("a booking's documents and their versions", () => {
  it('a proforma until paid, then the tax invoice and a voucher per service; unchanged reads keep them; a supplier’s number changes only its voucher’s', async () => {
    const b = await payLaterBooking();
    const proforma = await versions(b.ref);
    expect(proforma).toEqual([{ kind: 'proforma', number: b.ref, version: expect.stringMatching(/^[\w-]{12}$/) }]);
    expect(await versions(b.ref)).toEqual(proforma);

    // Paid in full: the proforma is withdrawn, the tax invoice and the vouchers come.
    await markPaidInFull(kit, b.id);
    const paid = await versions(b.ref);
    expect(paid.some((d) => d.kind === 'proforma')).toBe(false);
    expect(paid.filter((d) => d.kind === 'tax-invoice')).toHaveLength(1);
    const vouchers = paid.filter((d) => d.kind === 'voucher');
    expect(vouchers.length).toBeGreaterThan(1);
    expect(vouchers.map((v) => v.number)).toEqual(vouchers.map((_, i) => `${b.ref}-${String(i + 1).padStart(2, '0')}`));
    expect(await versions(b.ref)).toEqual(paid);

    // The list carries the same versions as the detail.
    const list = await call(kit.app, 'GET', 'BookingsList', { userid: lina.userId }, { token: lina.token });
    expect(list.status).toBe(200);
    expect(list.body.data.find((x: { RefIdKey: string }) => x.RefIdKey === b.ref)!.documentVersions).toEqual(paid);

    // An agent records the hotel's confirmation number: the stay's voucher has a new version, nothing else.
    const lines = await admin(kit, agent, 'GET', `bookings/${b.ref}/suppliers`);
    expect(lines.status, lines.body.message).toBe(200);
    const lineId = lines.body.data.lines[0]!.lineId as number;
    const set = await admin(kit, agent, 'POST', `bookings/${b.ref}/lines/${lineId}/supplier`, {
      service: 'stay-1',
      status: 'confirmed',
      number: 'HTL-0107-1',
    });
    expect(set.status, set.body.message).toBe(200);
    const after = await versions(b.ref);
    expect(after.map((d) => `${d.kind}:${d.number}`)).toEqual(paid.map((d) => `${d.kind}:${d.number}`));
    const before = byNumber(paid);
    const changed = after.filter((d) => before.get(`${d.kind}:${d.number}`) !== d.version);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.kind).toBe('voucher');
    // That voucher is the one that shows the number.
    const set2 = await call(kit.app, 'GET', 'GenerateAllVoucher', { BookingId: b.id }, { token: lina.token });
    expect(set2.status).toBe(200);
    const shown = (set2.body.data.vouchers as { number: string }[]).find((v) =>
      JSON.stringify(v).includes('HTL-0107-1'),
    );
    expect(shown?.number).toBe(changed[0]!.number);
  }, 60_000);

  it('each version is the hash of the document its own call makes, in the detail and in the list (read for all bookings at once) alike', async () => {
    // Another booking first, so the list holds several with their documents.
    await markPaidInFull(kit, (await payLaterBooking()).id);
    const b = await payLaterBooking();
    // Part paid at the desk (an advance with its receipt voucher), then the balance (the tax invoice, the vouchers).
    const detail0 = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: b.ref }, { token: lina.token });
    const part = Math.floor(detail0.body.data.total / 4);
    const pay = await admin(kit, agent, 'POST', `bookings/${b.ref}/payments`, {
      amount: part,
      method: 'bank-transfer',
      reference: `DV-${b.ref}`,
      receivedOn: inDays(0),
    });
    expect(pay.status, pay.body.message).toBe(200);
    await markPaidInFull(kit, b.id);

    const db = kit.database.db;
    const config = kit.app.config;
    const { document: invoice } = await invoiceFor(db, config, lina.userId, b.id);
    const { document: set } = await vouchersFor(db, config, lina.userId, b.id);
    const { vouchers, ...around } = set;
    const money = await travellerMoneyDocuments(db, config, lina.userId, b.id);
    expect(money.map((d) => d.kind)).toEqual(['receipt']);
    const expected: DocumentVersion[] = [
      { kind: 'tax-invoice', number: invoice.invoiceNumber!, version: hashOf(invoice) },
      ...vouchers.map((v) => ({ kind: 'voucher' as const, number: v.number, version: hashOf([hashOf(around), v]) })),
      ...money.map((d) => ({ kind: d.kind, number: d.number, version: hashOf(d) })),
    ];
    expect(await versions(b.ref)).toEqual(expected);
    const list = await call(kit.app, 'GET', 'BookingsList', { userid: lina.userId }, { token: lina.token });
    expect(list.status, list.body.message).toBe(200);
    const listed = list.body.data as { RefIdKey: string; documentVersions: DocumentVersion[] }[];
    expect(listed.length).toBeGreaterThan(2);
    expect(listed.find((x) => x.RefIdKey === b.ref)!.documentVersions).toEqual(expected);
    // Every booking of the list carries the versions its own detail gives.
    for (const x of listed) expect(x.documentVersions, x.RefIdKey).toEqual(await versions(x.RefIdKey));
  }, 90_000);

  it('only the booking’s traveller reads them: another traveller gets a 404 or 403 with nothing, no sign-in a 401', async () => {
    const b = await payLaterBooking();
    const peek = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: b.ref }, { token: omar.token });
    expect(peek.status).toBe(404);
    expect(peek.body).toMatchObject({ status: 'error', data: null });
    const theirs = await call(kit.app, 'GET', 'BookingsList', { userid: lina.userId }, { token: omar.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.data).toBeNull();
    const own = await call(kit.app, 'GET', 'BookingsList', { userid: omar.userId }, { token: omar.token });
    expect(own.status).toBe(200);
    expect(own.body.data.some((x: { RefIdKey: string }) => x.RefIdKey === b.ref)).toBe(false);
    const anon = await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: b.ref });
    expect(anon.status).toBe(401);
    expect(JSON.stringify(anon.body)).not.toContain('documentVersions');
  }, 60_000);
});
