import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../contract/format.ts';
import { MONEY_DOCUMENT_MESSAGES, MONEY_DOCUMENT_NOTES, moneyDocumentSchema } from '../../contract/money-documents.ts';
import type { Currency } from '../../contract/site.ts';
import { auditLog, bookings, moneyDocuments } from '../../server/db/schema.ts';
import { createBooking } from '../../server/services/bookings/create-booking.ts';
import { attachmentRenderer } from '../../server/services/outbox-attachments.ts';
import {
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
  paidByStripe,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Receipt vouchers and debit notes as documents (issue 30): the ledger writes them (an advance's
 * receipt voucher, a failed refund's debit note); the desk lists them and opens their PDFs
 * (audited), the traveller reads them with GetMoneyDocument (JSON or PDF, own bookings only) and
 * GetMoneyDocuments, and a mail can carry one.
 */

let kit: BookingKit;
let owner: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let abroad: number;
let uae: number;
type Who = { token: string; userId: number; email: string };

beforeAll(async () => {
  kit = await createBookingKit();
  owner = await staffer(kit, 'owner');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
  abroad = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  uae = abroad;
  await db().execute(sql`update package_prices set amount = 5000000 where package_id = ${abroad} and site = 'IN'`);
}, 180_000);
afterAll(() => kit.close());

const db = () => kit.database.db;
const row = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const docsOf = (bookingId: number) =>
  db().select().from(moneyDocuments).where(eq(moneyDocuments.bookingId, bookingId)).orderBy(moneyDocuments.id);
const stripeWebhook = async (e: { payload: string; signature: string }) =>
  (
    await kit.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
      payload: e.payload,
    })
  ).statusCode;

/** The text of a PDF as a reader extracts it, pages joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** GetMoneyDocument or GetMoneyDocuments as the app calls them: GET, bearer token. */
async function travellerCall(
  path: 'GetMoneyDocument' | 'GetMoneyDocuments',
  query: Record<string, string | number>,
  token?: string,
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return kit.app.inject({
    method: 'GET',
    url: `/api/Common/${path}?${qs}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), country: 'UAE' },
  });
}

/**
 * An India pay-later booking of two adults of an overseas package (GST and TCS), for this PAN, paid in part at the desk
 * by an owner.
 */
async function indiaAdvance(who: Who, pan: string) {
  const id = await holdId(kit, who.token, 'IN', [{ packageId: abroad, adults: 2, travelDate: inDays(150, 'IN') }]);
  const made = await createBooking(
    db(),
    kit.app.config,
    { userId: who.userId, site: 'IN' },
    {
      TempBookingId: id,
      PaymentMethod: 'pay-later',
      LeadTraveller: lead({ Phone: '+919812345678', Email: who.email }) as never,
      Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] as never,
      SpecialRequests: '',
      Pan: pan,
    },
    new Date(),
  );
  const part = Math.floor((await row(made.BookingId)).total / 4);
  const reference = `MD-${randomUUID()}`;
  const paid = await admin(kit, owner, 'POST', `bookings/${made.RefIdKey}/payments`, {
    amount: part,
    method: 'bank-transfer',
    reference,
    receivedOn: inDays(0, 'IN'),
  });
  expect(paid.status, paid.body.message).toBe(200);
  expect(paid.body.data.PaymentStatus).toBe('partly-paid');
  const [voucher] = await docsOf(made.BookingId);
  expect(voucher).toBeDefined();
  return { id: made.BookingId, ref: made.RefIdKey, part, reference, voucher: voucher! };
}

describe('an advance’s receipt voucher (India)', () => {
  let who: Who;
  let b: Awaited<ReturnType<typeof indiaAdvance>>;
  beforeAll(async () => {
    who = await traveller(kit, 'advance');
    b = await indiaAdvance(who, 'DEFPR4444D');
  }, 60_000);

  it('is listed on the desk’s booking detail, beside every field it had', async () => {
    const res = await admin(kit, accounts, 'GET', `bookings/${b.ref}`);
    expect(res.status, res.body.message).toBe(200);
    const d = res.body.data;
    expect(b.voucher.number).toMatch(/^WLH-IN-RV-\d{6}$/);
    expect(d.moneyDocuments).toEqual([
      {
        id: b.voucher.id,
        kind: 'receipt',
        number: b.voucher.number,
        total: b.part,
        currency: 'INR',
        reason: b.voucher.reason,
        issuedAt: b.voucher.issuedAt.toISOString(),
        pdfUrl: `/api/admin/bookings/${b.ref}/money-documents/${b.voucher.id}.pdf`,
      },
    ]);
    // The traveller's uploads and the credit notes keep their own fields.
    expect(d.documents).toEqual([]);
    expect(d.creditNotes).toEqual([]);
    expect(d.payments).toHaveLength(1);
  });

  it('opens as a PDF for staff (audited): RECEIPT VOUCHER, its number, the GST and TCS on the advance, the total, the signatory', async () => {
    const taxes = b.voucher.taxes;
    const gst = taxes.filter((t) => ['CGST', 'SGST', 'IGST', 'GST'].includes(t.code));
    expect(gst.length).toBeGreaterThan(0);
    expect(gst.every((t) => t.amount > 0)).toBe(true);
    expect(taxes.find((t) => t.code === 'TCS')?.amount).toBeGreaterThan(0);
    expect(b.voucher.taxable + taxes.reduce((s, t) => s + t.amount, 0)).toBe(b.part);

    const res = await admin(kit, accounts, 'GET', `bookings/${b.ref}/money-documents/${b.voucher.id}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-voucher-${b.voucher.number}.pdf"`);
    const text = await pdfText(res.raw);
    expect(text).toContain('RECEIPT VOUCHER');
    expect(text).toContain(b.voucher.number);
    expect(text).toContain(b.ref);
    for (const t of taxes) {
      expect(text).toContain(t.label);
      expect(text).toContain(formatMinor(t.amount, 'INR'));
    }
    expect(text).toContain(formatMinor(b.voucher.taxable, 'INR'));
    expect(text).toContain(`Total received (INR)`);
    expect(text).toContain(formatMinor(b.part, 'INR'));
    expect(text).toContain('PAN XXXXX4444D');
    expect(text).toContain('SAC 998552');
    expect(text).toContain('Tax payable on reverse charge');
    expect(text).toContain('Authorised signatory');

    const audited = await db().select().from(auditLog).where(eq(auditLog.recordId, b.ref));
    expect(audited.filter((a) => a.action === 'moneyDocuments.open').map((a) => [a.staffId, a.after])).toEqual([
      [accounts.id, { document: b.voucher.number, kind: 'receipt' }],
    ]);
    // Its JSON (not audited), the same document the traveller gets.
    const json = await admin(kit, accounts, 'GET', `bookings/${b.ref}/money-documents/${b.voucher.id}`);
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ number: b.voucher.number, title: 'Receipt Voucher', total: b.part });
  });

  it('is refused to staff without bookings.read or a session, and under another booking’s reference', async () => {
    const path = `bookings/${b.ref}/money-documents/${b.voucher.id}.pdf`;
    expect((await admin(kit, null, 'GET', path)).status).toBe(401);
    expect((await admin(kit, catalogue, 'GET', path)).status).toBe(403);
    const other = await indiaAdvance(await traveller(kit, 'other'), 'EFGPR5555E');
    const wrong = await admin(kit, accounts, 'GET', `bookings/${other.ref}/money-documents/${b.voucher.id}.pdf`);
    expect(wrong.status).toBe(404);
    expect((await admin(kit, accounts, 'GET', `bookings/${b.ref}/money-documents/abc.pdf`)).status).toBe(400);
  });

  it('is the traveller’s with GetMoneyDocument, as JSON and as the same PDF; GetMoneyDocuments lists it', async () => {
    const res = await travellerCall('GetMoneyDocument', { BookingId: b.id, DocumentId: b.voucher.id }, who.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const doc = moneyDocumentSchema.parse(res.json().data);
    expect(doc).toMatchObject({
      id: b.voucher.id,
      kind: 'receipt',
      title: 'Receipt Voucher',
      number: b.voucher.number,
      RefIdKey: b.ref,
      BookingId: b.id,
      site: 'IN',
      currency: 'INR',
      creditNoteNumber: null,
      taxable: b.voucher.taxable,
      taxes: b.voucher.taxes,
      total: b.part,
      notes: [MONEY_DOCUMENT_NOTES.receiptIndia],
      pdf: {
        filename: `receipt-voucher-${b.voucher.number}.pdf`,
        url: `/api/Common/GetMoneyDocument?BookingId=${b.id}&DocumentId=${b.voucher.id}&format=pdf`,
      },
    });
    expect(doc.buyer).toMatchObject({ name: 'Ms Asha Rao', email: who.email, pan: 'XXXXX4444D' });
    expect(doc.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });
    expect(doc.seller.taxLabel).toBe('GSTIN');

    // The newest without DocumentId.
    const newest = await travellerCall('GetMoneyDocument', { BookingId: b.id }, who.token);
    expect(newest.json().data.number).toBe(b.voucher.number);

    const pdf = await kit.app.inject({
      method: 'GET',
      url: doc.pdf.url,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${doc.pdf.filename}"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('RECEIPT VOUCHER');
    expect(text).toContain(b.voucher.number);
    for (const t of b.voucher.taxes) expect(text).toContain(formatMinor(t.amount, 'INR'));
    expect(text).toContain(formatMinor(b.part, 'INR'));

    const list = await travellerCall('GetMoneyDocuments', { BookingId: b.id }, who.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([res.json().data]);
  });

  it('answers another traveller the same 404 as a booking that does not exist, as JSON, as a PDF and as a list', async () => {
    const stranger = await traveller(kit, 'stranger');
    const none = await travellerCall('GetMoneyDocument', { BookingId: 999_999_999 }, stranger.token);
    expect(none.statusCode).toBe(404);
    for (const [path, query] of [
      ['GetMoneyDocument', { BookingId: b.id }],
      ['GetMoneyDocument', { BookingId: b.id, DocumentId: b.voucher.id }],
      ['GetMoneyDocument', { BookingId: b.id, DocumentId: b.voucher.id, format: 'pdf' }],
      ['GetMoneyDocuments', { BookingId: b.id }],
    ] as const) {
      const res = await travellerCall(path, query, stranger.token);
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toBe(none.json().message);
      expect(res.body).not.toContain(b.voucher.number);
    }
    // Signed out: 401. The owner's booking without one: its own 404; another booking's document id: 404.
    expect((await travellerCall('GetMoneyDocument', { BookingId: b.id })).statusCode).toBe(401);
    const unpaid = await siteBooking(kit, stranger, 'UAE', uae, 'pay-later');
    const empty = await travellerCall('GetMoneyDocument', { BookingId: unpaid.BookingId }, stranger.token);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(MONEY_DOCUMENT_MESSAGES.none);
    expect(
      (
        await travellerCall(
          'GetMoneyDocument',
          { BookingId: unpaid.BookingId, DocumentId: b.voucher.id },
          stranger.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await travellerCall('GetMoneyDocuments', { BookingId: unpaid.BookingId }, stranger.token)).json().data,
    ).toEqual([]);
  });

  it('renders as a mail attachment: the receipt voucher of the payment named by its reference, none for a payment that got the tax invoice', async () => {
    const render = attachmentRenderer(kit.app.config);
    const [byRef] = await render(db(), { type: 'money-document', bookingId: b.id, paymentRef: b.reference });
    expect(byRef?.filename).toBe(`receipt-voucher-${b.voucher.number}.pdf`);
    expect(byRef?.contentType).toBe('application/pdf');
    expect(await pdfText(byRef!.content)).toContain(b.voucher.number);
    const [byId] = await render(db(), { type: 'money-document', bookingId: b.id, moneyDocumentId: b.voucher.id });
    expect(byId?.filename).toBe(byRef!.filename);
    expect(await render(db(), { type: 'money-document', bookingId: b.id, paymentRef: 'NOT-A-PAYMENT' })).toEqual([]);
    // Another booking's document is not attached to this one's mail.
    expect(
      await render(db(), { type: 'money-document', bookingId: b.id + 1_000_000, moneyDocumentId: b.voucher.id }),
    ).toEqual([]);
  });
});

describe('a UAE advance’s receipt voucher', () => {
  it('carries the VAT of the advance, dated when it was received', async () => {
    const who = await traveller(kit, 'uaeadvance');
    const made = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const part = Math.floor(made.Total / 3);
    const paid = await admin(kit, owner, 'POST', `bookings/${made.RefIdKey}/payments`, {
      amount: part,
      method: 'cash',
      reference: `MU-${randomUUID()}`,
      receivedOn: inDays(0),
    });
    expect(paid.status, paid.body.message).toBe(200);
    const [voucher] = await docsOf(made.BookingId);
    expect(voucher?.number).toMatch(/^WLH-AE-RV-\d{6}$/);
    const res = await travellerCall('GetMoneyDocument', { BookingId: made.BookingId }, who.token);
    expect(res.statusCode).toBe(200);
    const doc = moneyDocumentSchema.parse(res.json().data);
    expect(doc).toMatchObject({
      kind: 'receipt',
      number: voucher!.number,
      total: part,
      notes: [MONEY_DOCUMENT_NOTES.receiptUae],
      placeOfSupply: null,
    });
    const vat = doc.taxes.find((t) => t.code === 'VAT')!;
    expect(vat.amount).toBeGreaterThan(0);
    expect(doc.taxable + vat.amount).toBe(part);
    const pdf = await travellerCall('GetMoneyDocument', { BookingId: made.BookingId, format: 'pdf' }, who.token);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('RECEIPT VOUCHER');
    expect(text).toContain(vat.label);
    expect(text).toContain(formatMinor(vat.amount, 'AED'));
    expect(text).toContain(formatMinor(part, 'AED'));
    // No India declarations on the UAE site.
    expect(text).not.toContain('Authorised signatory');
  });
});

describe('a failed refund’s debit note', () => {
  it('is listed on the desk and the trip, names the credit note it reverses, and renders with its VAT', async () => {
    const who = await traveller(kit, 'debit');
    const b = await siteBooking(kit, who, 'UAE', uae, 'stripe');
    await paidByStripe(kit, who.token, b);
    const money = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}/refunds`)).body.data;
    const made = await admin(
      kit,
      accounts,
      'POST',
      `bookings/${b.RefIdKey}/refunds`,
      { paymentId: money.payments[0]!.id, amount: 50_000, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(made.status, made.body.message).toBe(200);
    const re = made.body.data.refund.providerRefundId as string;
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(re, 'succeeded'))).toBe(200);
    // Before it fails: a credit note, no debit note.
    const before = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}`)).body.data;
    expect(before.moneyDocuments).toEqual([]);
    expect(before.creditNotes).toHaveLength(1);
    const creditNote = before.creditNotes[0]!.number as string;
    expect(await stripeWebhook(kit.gateways.stripeRefundEvent(re, 'failed', 'refund.failed'))).toBe(200);

    const detail = (await admin(kit, accounts, 'GET', `bookings/${b.RefIdKey}`)).body.data;
    expect(detail.moneyDocuments).toHaveLength(1);
    const listed = detail.moneyDocuments[0];
    expect(listed).toMatchObject({ kind: 'debit-note', total: 50_000, currency: 'AED' });
    expect(listed!.number).toMatch(/^WLH-AE-DN-\d{6}$/);

    const res = await travellerCall('GetMoneyDocument', { BookingId: b.BookingId, DocumentId: listed!.id }, who.token);
    expect(res.statusCode, res.body).toBe(200);
    const doc = moneyDocumentSchema.parse(res.json().data);
    expect(doc).toMatchObject({
      kind: 'debit-note',
      title: 'Debit Note',
      number: listed!.number,
      creditNoteNumber: creditNote,
      total: 50_000,
      notes: [MONEY_DOCUMENT_NOTES.debitNote(creditNote, b.RefIdKey)],
    });
    const vat = doc.taxes.find((t) => t.code === 'VAT')!;
    expect(vat.amount).toBeGreaterThan(0);
    expect(doc.taxable + vat.amount).toBe(50_000);
    expect(
      (await travellerCall('GetMoneyDocuments', { BookingId: b.BookingId }, who.token))
        .json()
        .data.map((d: { number: string }) => d.number),
    ).toEqual([listed!.number]);

    const m = (n: number) => formatMinor(n, 'AED' as Currency);
    for (const bytes of [
      (await admin(kit, accounts, 'GET', listed!.pdfUrl.replace('/api/admin/', ''))).raw,
      (await kit.app.inject({ method: 'GET', url: doc.pdf.url, headers: { authorization: `Bearer ${who.token}` } }))
        .rawPayload,
    ]) {
      const text = await pdfText(bytes);
      expect(text).toContain('DEBIT NOTE');
      expect(text).toContain(listed!.number);
      expect(text).toContain(creditNote);
      expect(text).toContain(vat.label);
      expect(text).toContain(m(vat.amount));
      expect(text).toContain(m(50_000));
    }
  });
});
