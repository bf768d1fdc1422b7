import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createBookingKit,
  holdId,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  type Line,
  type Site,
  razorpayStep,
  stripeStep,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { siteDay } from '../../contract/site.ts';
import { type ShopData } from '../support/answers.ts';

/*
 * The documents register (decision 0097): a site's month of tax invoices, proformas, receipt
 * vouchers and credit notes, each row the document as issued (its number and total as the
 * document itself states them) and each opening its PDF; the returns CSV (GSTR-1 on India, VAT 201
 * on the UAE) whose totals are the GST and VAT summaries' of the same month, to the paisa and the
 * fils. documents.read: owner and accounts; agent and catalogue 403, no session 401.
 */

let kit: BookingKit;
let owner: Staffer;
let accounts: Staffer;
let agent: Staffer;
let catalogue: Staffer;
const month = (site: Site) => siteDay(new Date(), site).slice(0, 7);

interface Made {
  site: Site;
  id: number;
  ref: string;
  total: number;
  who: { token: string; email: string };
  data: ShopData<'CreateBooking'>;
}

async function packageOn(site: Site, where: string): Promise<number> {
  const { rows } = await kit.database.db.execute<{ id: number }>(
    sql.raw(`select p.id from packages p join cities c on c.id = p.city_id join package_prices pp on pp.package_id = p.id and pp.site = '${site}'
      where p.rooms_per_departure is null and ${where} order by p.id limit 1`),
  );
  if (!rows[0]) throw new Error(`no package on ${site} with ${where}`);
  return Number(rows[0].id);
}

async function makeBooking(
  site: Site,
  lines: Line[],
  method: 'stripe' | 'razorpay' | 'pay-later',
  over: Record<string, unknown> = {},
): Promise<Made> {
  const who = await traveller(kit, site === 'IN' ? 'asha' : 'mira');
  const id = await holdId(kit, who.token, site, lines);
  const LeadTraveller = site === 'IN' ? lead({ Email: who.email, Phone: '+919812345678' }) : lead({ Email: who.email });
  const res = await book(kit, who.token, site, { TempBookingId: id, PaymentMethod: method, LeadTraveller, ...over });
  expect(res.status, res.body.message).toBe(200);
  return {
    site,
    id: res.body.data.BookingId,
    ref: res.body.data.RefIdKey,
    total: res.body.data.Total,
    who,
    data: res.body.data,
  };
}

let refs = 0;
async function transfer(b: Made, amount: number) {
  const res = await admin(kit, owner, 'POST', `bookings/${b.ref}/payments`, {
    amount,
    method: 'bank-transfer',
    reference: `TRF-${b.ref}-${++refs}`,
    receivedOn: siteDay(new Date(), b.site),
  });
  expect(res.status, res.body.message).toBe(200);
}

const get = <const Path extends string>(who: Staffer | null, path: Path, query: Record<string, string> = {}) =>
  admin(kit, who, 'GET', path, query);

/** The CSV as rows of cells (no cell of this test holds a comma). */
const parse = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
const minor = (cell: string | undefined) => Math.round(Number(cell || '0') * 100);

beforeAll(async () => {
  kit = await createBookingKit();
  [owner, accounts, agent, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'catalogue'),
  ];
  const uae = await packageOn('UAE', `p.vat_treatment = 'standard'`);
  const uaeZero = await packageOn('UAE', `c.country_id not in (231, 101) and p.vat_treatment = 'zero'`);
  const inHome = await packageOn('IN', 'c.country_id = 101');

  // UAE: a card payment in full (tax invoice), a part payment (receipt voucher), an unpaid pay later
  // (proforma), and one paid by card then cancelled (its credit note).
  const card = await makeBooking('UAE', [{ packageId: uae }, { packageId: uaeZero }], 'stripe');
  kit.gateways.paySession(stripeStep(card.data.Next!).sessionId);
  expect(
    (
      await post(
        kit,
        'VerifyStripePaymentAsync',
        { BookingId: card.id, sessionId: stripeStep(card.data.Next!).sessionId },
        card.who.token,
      )
    ).status,
  ).toBe(200);
  const part = await makeBooking('UAE', [{ packageId: uae }], 'pay-later');
  await transfer(part, 40_000);
  await makeBooking('UAE', [{ packageId: uae }], 'pay-later');
  const cancelled = await makeBooking('UAE', [{ packageId: uae }], 'pay-later');
  await transfer(cancelled, cancelled.total);
  const c = await admin(kit, accounts, 'POST', `bookings/${cancelled.ref}/cancel`, { reason: 'Change of plans' });
  expect(c.status, c.body.message).toBe(200);

  // India: Razorpay in full, and a part payment by transfer (a receipt voucher, and its proforma).
  const rz = await makeBooking('IN', [{ packageId: inHome }], 'razorpay');
  const proof = kit.gateways.payOrder(razorpayStep(rz.data.Next!).orderId);
  expect(
    (await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: rz.id, ...proof }, rz.who.token, 'IN')).status,
  ).toBe(200);
  const partIn = await makeBooking('IN', [{ packageId: inHome }], 'pay-later', {
    LeadTraveller: lead({ Phone: '+919812345678', State: 'Karnataka' }),
  });
  await transfer(partIn, 500_000);
}, 180_000);

afterAll(async () => {
  await kit?.close();
});

/** What the database says each site issued (the documents' own tables). */
async function issued(site: Site) {
  const { rows } = await kit.database.db.execute<{ kind: string; number: string; total: number }>(sql`
    select 'invoice' as kind, invoice_number as number, 0 as total from bookings where site = ${site} and invoice_number is not null
    union all select 'proforma', ref_id_key, total from bookings where site = ${site} and status = 'confirmed' and invoice_number is null
    union all select kind, number, total from money_documents where site = ${site}
    union all select 'credit-note', number, total from credit_notes where site = ${site}`);
  return rows.map((r) => `${r.kind} ${r.number}`).sort();
}

describe('the documents register', () => {
  for (const site of ['UAE', 'IN'] as const) {
    it(`lists every document ${site} issued this month, as issued, each opening its PDF`, async () => {
      const res = await get(accounts, 'documents', { site, month: month(site) });
      expect(res.status, res.body.message).toBe(200);
      const items = res.body.data.items as {
        kind: string;
        number: string;
        total: number;
        tax: number;
        RefIdKey: string;
        pdfUrl: string;
        date: string;
      }[];
      expect(items.map((i) => `${i.kind} ${i.number}`).sort()).toEqual(await issued(site));
      expect(new Set(items.map((i) => i.kind))).toEqual(
        new Set(
          site === 'UAE' ? ['invoice', 'proforma', 'receipt', 'credit-note'] : ['invoice', 'proforma', 'receipt'],
        ),
      );
      for (const i of items) expect(i.date.slice(0, 7)).toBe(month(site));
      // Each row's total is the document's own.
      for (const i of items) {
        const doc = await kit.app.inject({ method: 'GET', url: i.pdfUrl, headers: { cookie: accounts.cookie } });
        expect(doc.statusCode, `${i.kind} ${i.number}`).toBe(200);
        expect(doc.headers['content-type']).toBe('application/pdf');
        if (i.kind === 'receipt' || i.kind === 'credit-note') {
          const json = await kit.app.inject({
            method: 'GET',
            url: i.pdfUrl.replace(/\.pdf$/, ''),
            headers: { cookie: accounts.cookie },
          });
          expect(json.json().data.total, i.number).toBe(i.total);
        }
      }
      const { rows } = await kit.database.db.execute<{ invoice_number: string; total: number }>(
        sql`select invoice_number, total from bookings where site = ${site} and invoice_number is not null`,
      );
      for (const r of rows) expect(items.find((i) => i.number === r.invoice_number)?.total).toBe(Number(r.total));
    });
  }

  it('filters by kind, and a month with no documents is empty', async () => {
    const res = await get(owner, 'documents', { site: 'UAE', month: month('UAE'), kind: 'credit-note' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { kind: string }) => i.kind)).toEqual(['credit-note']);
    const old = await get(owner, 'documents', { site: 'UAE', month: '2020-01' });
    expect(old.body.data.items).toEqual([]);
    const defaulted = await get(owner, 'documents', { site: 'IN' });
    expect(defaulted.body.data.month).toBe(month('IN'));
  });

  it('says what to give for a wrong site, month or kind', async () => {
    for (const [q, words] of [
      [{ site: 'FR' }, /site must be UAE or IN/],
      [{ site: 'UAE', month: '2026-13' }, /YYYY-MM/],
      [{ site: 'UAE', kind: 'letter' }, /kind must be one of/],
    ] as const) {
      const res = await get(owner, 'documents', q);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(words);
    }
  });

  it('refuses agent and catalogue (403) and no session (401)', async () => {
    for (const path of ['documents', 'documents.csv']) {
      expect((await get(agent, path, { site: 'UAE' })).status).toBe(403);
      expect((await get(catalogue, path, { site: 'UAE' })).status).toBe(403);
      expect((await get(null, path, { site: 'UAE' })).status).toBe(401);
    }
  });
});

describe('the returns CSV', () => {
  it('India: GSTR-1 lines per document (number, date, GSTIN or none, place of supply, rate, taxable, CGST, SGST, IGST) totalling the GST summary', async () => {
    const m = month('IN');
    const res = await get(accounts, 'documents.csv', { site: 'IN', month: m });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(`gstr-1-${m}.csv`);
    const [header, ...rows] = parse(res.raw.toString('utf8'));
    expect(header).toEqual([
      'Document',
      'Number',
      'Date',
      'Booking',
      'Buyer',
      'GSTIN/UIN',
      'Place of supply',
      'Supply',
      'Rate %',
      'Taxable value (INR)',
      'CGST (INR)',
      'SGST (INR)',
      'IGST (INR)',
      'GST not split (INR)',
    ]);
    const total = rows.find((r) => r[0] === 'Total')!;
    const lines = rows.filter((r) => r[0] !== 'Total');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) {
      expect(l[5]).toBe('none');
      expect(l[6]).toMatch(/^\d\d-/);
    }
    const gst = await get(accounts, 'reports/gst', { from: `${m}-01`, to: siteDay(new Date(), 'IN') });
    const t = gst.body.data.totals;
    expect([9, 10, 11, 12, 13].map((i) => minor(total[i]))).toEqual([t.taxable, t.cgst, t.sgst, t.igst, t.gst]);
    expect([9, 10, 11, 12].map((i) => lines.reduce((s, l) => s + minor(l[i]), 0))).toEqual([
      t.taxable,
      t.cgst,
      t.sgst,
      t.igst,
    ]);
    expect(t.cgst + t.sgst + t.igst).toBeGreaterThan(0);
  });

  it('UAE: VAT 201 lines per document with the emirate, and box 1 (standard-rated by emirate), box 4 (zero-rated) and totals equal to the VAT summary', async () => {
    const m = month('UAE');
    const res = await get(owner, 'documents.csv', { site: 'UAE', month: m });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(`vat-201-${m}.csv`);
    const [header, ...rows] = parse(res.raw.toString('utf8'));
    expect(header).toEqual([
      'Document',
      'Number',
      'Date',
      'Booking',
      'Buyer',
      'Emirate',
      'Standard-rated amount (AED)',
      'VAT (AED)',
      'Zero-rated (AED)',
      'Outside the scope (AED)',
    ]);
    const vat = await get(owner, 'reports/vat', { from: `${m}-01`, to: siteDay(new Date(), 'UAE') });
    const t = vat.body.data.totals;
    const box1 = rows.find((r) => r[0]!.startsWith('Box 1'))!;
    expect(box1[5]).toBe('Dubai');
    expect([minor(box1[6]), minor(box1[7])]).toEqual([t.standard.taxable, t.standard.vat]);
    expect(minor(rows.find((r) => r[0]!.startsWith('Box 4'))![8])).toBe(t.zero.taxable);
    const total = rows.find((r) => r[0] === 'Total')!;
    expect([6, 7, 8, 9].map((i) => minor(total[i]))).toEqual([
      t.standard.taxable,
      t.standard.vat,
      t.zero.taxable,
      t.outside.taxable,
    ]);
    expect(t.standard.vat).toBeGreaterThan(0);
    expect(t.zero.taxable).toBeGreaterThan(0);
    // The credit note gives VAT back on its own line.
    const { rows: notes } = await kit.database.db.execute<{ number: string }>(
      sql`select number from credit_notes where site = 'UAE'`,
    );
    const noteLine = rows.find((r) => r[1] === notes[0]!.number)!;
    expect(minor(noteLine[7])).toBeLessThan(0);
  });
});
