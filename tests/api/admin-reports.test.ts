import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  count,
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
import { csvStream, TCS_COLUMNS } from '../../server/services/reports/csv.ts';
import { siteDay } from '../../contract/site-rules.ts';
import { type ShopData } from '../support/answers.ts';

/*
 * The books (issue 21): a month of bookings on both sites (India buyers in the seller's state and in
 * another, overseas packages with TCS and a PAN, UAE standard-rated, zero-rated and out-of-scope
 * packages), paid in full by gateway, by transfer, in part and not at all, two cancelled with
 * refunds and credit notes; then every report's totals are checked against the documents themselves
 * (GetInvoiceDetails, GetCreditNoteDetails, and since the ledger (issue 30) the receipt vouchers of
 * advances), to the fils and the paisa, and the CSVs against the JSON. The reports read the ledger
 * (tests/api/reports-ledger.test.ts checks them against its entries directly). Runs on PGlite and,
 * with `npm run test:postgres`, on Postgres.
 */

let kit: BookingKit;
let owner: Staffer;
let accounts: Staffer;
let agent: Staffer;
let catalogue: Staffer;

type Who = { token: string; userId: number; email: string };
interface Made {
  site: Site;
  id: number;
  ref: string;
  total: number;
  who: Who;
}
const made: Made[] = [];

let pkg: { uaeStandard: number; uaeZero: number; uaeOutside: number; inHome: number; inAbroad: number };
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// Both sites' today whatever the hour (India is up to 5:30 ahead of UTC): a period around it.
const from = utcDay(-1);
const to = utcDay(1);
/** India's financial year today (`2026-27`). */
const fy = (() => {
  const d = new Date(Date.now() + 330 * 60_000);
  const y = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
})();

async function packageWhere(site: Site, where: string): Promise<number> {
  const { rows } = await kit.database.db.execute<{ id: number }>(
    sql.raw(`select p.id from packages p join cities c on c.id = p.city_id join package_prices pp on pp.package_id = p.id and pp.site = '${site}'
      where p.rooms_per_departure >= 5 and ${where} order by p.id`),
  );
  if (!rows[0]) throw new Error(`no package on ${site} with ${where}`);
  return rows[0].id;
}

const party = { Travellers: [{ FirstName: 'Dev', LastName: 'Rao', AgeBand: 'adult' }] };
const indian = (over: Record<string, unknown> = {}) =>
  lead({ FirstName: 'Asha', LastName: 'Rao', Phone: '+919812345678', ...over });

async function makeBooking(
  site: Site,
  lines: Line[],
  method: 'stripe' | 'razorpay' | 'pay-later',
  over: Record<string, unknown> = {},
): Promise<Made & { data: ShopData<'CreateBooking'> }> {
  const who = await traveller(kit, site === 'IN' ? 'asha' : 'mira');
  const id = await holdId(kit, who.token, site, lines);
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod: method,
    LeadTraveller: site === 'IN' ? indian({ Email: who.email }) : lead({ Email: who.email }),
    ...party,
    ...over,
  });
  expect(res.status, res.body.message).toBe(200);
  const m = {
    site,
    id: res.body.data.BookingId as number,
    ref: res.body.data.RefIdKey as string,
    total: res.body.data.Total as number,
    who,
  };
  made.push(m);
  return { ...m, data: res.body.data };
}

async function stripePaid(lines: Line[]) {
  const b = await makeBooking('UAE', lines, 'stripe');
  kit.gateways.paySession(stripeStep(b.data.Next!).sessionId);
  const paid = await post(
    kit,
    'VerifyStripePaymentAsync',
    { BookingId: b.id, sessionId: stripeStep(b.data.Next!).sessionId },
    b.who.token,
  );
  expect(paid.status, paid.body.message).toBe(200);
  return b;
}

async function razorpayPaid(lines: Line[], over: Record<string, unknown> = {}) {
  const b = await makeBooking('IN', lines, 'razorpay', over);
  const proof = kit.gateways.payOrder(razorpayStep(b.data.Next!).orderId);
  const paid = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.id, ...proof }, b.who.token, 'IN');
  expect(paid.status, paid.body.message).toBe(200);
  return b;
}

let refs = 0;
async function transfer(b: Made, amount: number) {
  const res = await admin(kit, agent, 'POST', `bookings/${b.ref}/payments`, {
    amount,
    method: 'bank-transfer',
    reference: `TRF-${b.ref}-${++refs}`,
    receivedOn: siteDay(new Date(), b.site),
  });
  expect(res.status, res.body.message).toBe(200);
}

async function cancel(b: Made) {
  const res = await admin(kit, accounts, 'POST', `bookings/${b.ref}/cancel`, { reason: 'Change of plans' });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function razorpayWebhook(e: { payload: string; signature: string; eventId: string }) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': e.signature,
      'x-razorpay-event-id': e.eventId,
    },
    payload: e.payload,
  });
  expect(res.statusCode).toBe(200);
}

interface DocTax {
  code: 'CGST' | 'SGST' | 'IGST' | 'GST' | 'TCS' | 'VAT';
  amount: number;
  rate: number;
  base?: number;
}
interface InvoiceDoc {
  invoiceNumber: string | null;
  site: Site;
  subtotal: number;
  discount: number;
  amountBeforeTax: number;
  taxes: DocTax[];
  total: number;
  amountPaid: number;
  placeOfSupply: { state: string; code: string } | null;
  lines: { position: number; amount: number; vatTreatment: 'standard' | 'zero' | 'outside' | null }[];
}
interface CreditNoteDoc {
  number: string;
  site: Site;
  amountBeforeTax: number;
  taxes: DocTax[];
  total: number;
  lines: { position: number; amount: number; taxes: DocTax[] }[];
}

async function invoiceOf(b: Made): Promise<InvoiceDoc | null> {
  const res = await kit.app.inject({
    method: 'GET',
    url: `/api/Common/GetInvoiceDetails?BookingId=${b.id}`,
    headers: { authorization: `Bearer ${b.who.token}` },
  });
  if (res.statusCode !== 200) return null;
  return res.json().data as InvoiceDoc;
}

async function creditNotesOf(b: Made): Promise<CreditNoteDoc[]> {
  const { rows } = await kit.database.db.execute<{ id: number }>(
    sql`select id from credit_notes where booking_id = ${b.id} order by id`,
  );
  const out: CreditNoteDoc[] = [];
  for (const r of rows) {
    const res = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetCreditNoteDetails?BookingId=${b.id}&CreditNoteId=${r.id}`,
      headers: { authorization: `Bearer ${b.who.token}` },
    });
    expect(res.statusCode).toBe(200);
    out.push(res.json().data as CreditNoteDoc);
  }
  return out;
}

const tax = (taxes: DocTax[], code: DocTax['code']) =>
  taxes.filter((t) => t.code === code).reduce((s, t) => s + t.amount, 0);
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

/** Every document of the test's bookings: tax invoices (proformas left out) and credit notes. */
async function documents() {
  const invoices: (InvoiceDoc & { made: Made })[] = [];
  const proformas: (InvoiceDoc & { made: Made })[] = [];
  const notes: (CreditNoteDoc & { made: Made; invoice: InvoiceDoc })[] = [];
  for (const b of made) {
    const inv = await invoiceOf(b);
    if (inv && inv.invoiceNumber) invoices.push({ ...inv, made: b });
    else if (inv) proformas.push({ ...inv, made: b });
    for (const n of await creditNotesOf(b)) notes.push({ ...n, made: b, invoice: inv! });
  }
  return { invoices, proformas, notes };
}

/**
 * The receipt vouchers of the test's bookings (the tax on an advance, issued when part of a booking
 * is paid), with whether the booking has its tax invoice yet: once it has, the invoice states the
 * whole booking, its advances included; until then the voucher is the only document of that money.
 */
async function vouchers() {
  const { rows } = await kit.database.db.execute<{
    number: string;
    site: Site;
    booking_id: number;
    total: number;
    taxable: number;
    taxes: DocTax[];
    invoiced: boolean;
    place: string | null;
  }>(sql`
    select d.number, d.site, d.booking_id, d.total, d.taxable, d.taxes, b.invoice_number is not null as invoiced, b.place_of_supply_code as place
    from money_documents d join bookings b on b.id = d.booking_id where d.kind = 'receipt' order by d.id`);
  const ids = new Set(made.map((b) => b.id));
  return rows
    .filter((r) => ids.has(r.booking_id))
    .map((r) => ({ ...r, total: Number(r.total), taxable: Number(r.taxable) }));
}

const get = <const Path extends string>(who: Staffer | null, path: Path, query: Record<string, string> = {}) =>
  admin(kit, who, 'GET', path, query);

beforeAll(async () => {
  kit = await createBookingKit();
  [owner, accounts, agent, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'catalogue'),
  ];
  pkg = {
    uaeStandard: await packageWhere('UAE', `c.country_id = 231 and p.vat_treatment = 'standard'`),
    uaeZero: await packageWhere('UAE', `c.country_id not in (231, 101) and p.vat_treatment = 'zero'`),
    uaeOutside: 0,
    inHome: await packageWhere('IN', 'c.country_id = 101'),
    inAbroad: await packageWhere('IN', 'c.country_id not in (231, 101)'),
  };
  // No package is out of scope in the seed: one zero-rated package becomes so (a booked line keeps its treatment).
  pkg.uaeOutside = await packageWhere(
    'UAE',
    `c.country_id not in (231, 101) and p.vat_treatment = 'zero' and p.id <> ${pkg.uaeZero}`,
  );
  await kit.database.db.execute(sql`update packages set vat_treatment = 'outside' where id = ${pkg.uaeOutside}`);

  // UAE: card in full (standard; standard + zero-rated), transfer in full (zero-rated; out of scope),
  // part paid and unpaid pay later, and a paid booking cancelled (credit note, Stripe refund pending).
  await stripePaid([{ packageId: pkg.uaeStandard }]);
  await stripePaid([{ packageId: pkg.uaeStandard }, { packageId: pkg.uaeZero }]);
  const zero = await makeBooking('UAE', [{ packageId: pkg.uaeZero }], 'pay-later');
  await transfer(zero, zero.total);
  const outside = await makeBooking('UAE', [{ packageId: pkg.uaeOutside }], 'pay-later');
  await transfer(outside, 1_000);
  await transfer(outside, outside.total - 1_000);
  const partUae = await makeBooking('UAE', [{ packageId: pkg.uaeStandard }], 'pay-later');
  await transfer(partUae, 50_000);
  await makeBooking('UAE', [{ packageId: pkg.uaeZero }], 'pay-later');
  await cancel(await stripePaid([{ packageId: pkg.uaeStandard }, { packageId: pkg.uaeOutside }]));

  // India: in the seller's state (CGST + SGST), in another (IGST) with an overseas holiday (TCS, PAN),
  // an overseas one part paid by transfer, one paid and cancelled (credit note, refund processed by
  // Razorpay's webhook), and an unpaid one.
  await razorpayPaid([{ packageId: pkg.inHome }]);
  await razorpayPaid([{ packageId: pkg.inAbroad }], {
    LeadTraveller: indian({ State: 'Karnataka' }),
    Pan: 'ABCPR1234F',
  });
  const partIn = await makeBooking('IN', [{ packageId: pkg.inAbroad }, { packageId: pkg.inHome }], 'pay-later', {
    Pan: 'BCDPR2345G',
  });
  await transfer(partIn, 3_333_33);
  const transferIn = await makeBooking('IN', [{ packageId: pkg.inAbroad }], 'pay-later', {
    LeadTraveller: indian({ State: 'Kerala' }),
    Pan: 'CDEPR3456H',
  });
  await transfer(transferIn, 1_000_01);
  await transfer(transferIn, transferIn.total - 1_000_01);
  const cancelled = await razorpayPaid([{ packageId: pkg.inAbroad }, { packageId: pkg.inHome }], { Pan: 'ABCPR1234F' });
  const c = await cancel(cancelled);
  await razorpayWebhook(kit.gateways.razorpayRefundEvent(c.refunds[0]!.providerRefundId!, 'refund.processed'));
  await makeBooking('IN', [{ packageId: pkg.inHome }], 'pay-later');
}, 300_000);
afterAll(() => kit.close());

describe('the reports reconcile to the documents', { timeout: 120_000 }, () => {
  it('built a month with every kind of document: invoices and proformas on both sites, credit notes with VAT, GST and TCS reversed', async () => {
    const { invoices, proformas, notes } = await documents();
    expect(invoices.filter((i) => i.site === 'UAE')).toHaveLength(5);
    expect(invoices.filter((i) => i.site === 'IN')).toHaveLength(4);
    expect(proformas).toHaveLength(4);
    expect(notes.map((n) => n.site).sort()).toEqual(['IN', 'UAE']);
    expect(tax(notes.find((n) => n.site === 'IN')!.taxes, 'TCS')).toBeGreaterThan(0);
    expect(new Set(invoices.flatMap((i) => i.lines.map((l) => l.vatTreatment)))).toEqual(
      new Set(['standard', 'zero', 'outside', null]),
    );
  });

  it('sales: gross, discounts, every tax, net, credited, paid, refunded and outstanding per site equal the documents and the money', async () => {
    const { invoices, notes, proformas } = await documents();
    const rvs = await vouchers();
    const res = await get(accounts, 'reports/sales', { from, to, by: 'day' });
    expect(res.status, res.body.message).toBe(200);
    for (const site of ['UAE', 'IN'] as const) {
      const inv = invoices.filter((i) => i.site === site);
      const cn = notes.filter((n) => n.site === site);
      const rv = rvs.filter((v) => v.site === site);
      // Advances of bookings still on a proforma: their receipt vouchers carry their tax (issue 30, case 8).
      const open = rv.filter((v) => !v.invoiced);
      expect(open.length).toBeGreaterThan(0);
      const t = res.body.data.totals.find((x: { site: string }) => x.site === site)!;
      // Documents that charge tax: tax invoices and receipt vouchers (no debit note here); credit notes.
      expect(t.invoices).toBe(inv.length + rv.length);
      expect(t.creditNotes).toBe(cn.length);
      expect(t.gross).toBe(sum(inv, (i) => i.subtotal));
      expect(t.discounts).toBe(sum(inv, (i) => i.discount));
      expect(t.credited).toBe(sum(cn, (n) => n.total));
      expect(t.taxable).toBe(
        sum(inv, (i) => i.amountBeforeTax) - sum(cn, (n) => n.amountBeforeTax) + sum(open, (v) => v.taxable),
      );
      for (const code of ['CGST', 'SGST', 'IGST', 'GST', 'TCS', 'VAT'] as const) {
        expect(t.taxes[code], code).toBe(
          sum(inv, (i) => tax(i.taxes, code)) -
            sum(cn, (n) => tax(n.taxes, code)) +
            sum(open, (v) => tax(v.taxes, code)),
        );
      }
      expect(t.net).toBe(sum(inv, (i) => i.total) - sum(cn, (n) => n.total) + sum(open, (v) => v.total));
      const mine = made.filter((b) => b.site === site);
      expect(t.bookings).toBe(mine.length);
      const paid = await count(
        kit,
        sql`select coalesce(sum(p.amount), 0)::int as n from payments p join bookings b on b.id = p.booking_id where b.site = ${site} and p.status = 'paid'`,
      );
      expect(t.paid).toBe(paid);
      // Refunds count on the day they are made (the ledger's refund entry), settled or still pending; none failed here.
      const refunded = await count(
        kit,
        sql`select coalesce(sum(r.amount), 0)::int as n from refunds r join bookings b on b.id = r.booking_id where b.site = ${site} and r.status <> 'failed'`,
      );
      expect(t.refunded).toBe(refunded);
      // The Razorpay refund was settled, the Stripe one is still pending: both are money the shop gave back.
      expect(refunded).toBeGreaterThan(0);
      expect(
        await count(
          kit,
          sql`select count(*)::int as n from refunds r join bookings b on b.id = r.booking_id where b.site = ${site} and r.status = 'pending'`,
        ),
      ).toBe(site === 'UAE' ? 1 : 0);
      const all = [...inv, ...proformas.filter((p) => p.site === site)];
      const details = await Promise.all(
        all.map(
          async (d) =>
            (
              await kit.database.db.execute<{ status: string }>(
                sql`select status from bookings where id = ${d.made.id}`,
              )
            ).rows[0]!.status,
        ),
      );
      expect(t.outstanding).toBe(
        sum(
          all.filter((_, i) => details[i] === 'confirmed'),
          (d) => d.total - d.amountPaid,
        ),
      );
      // The rows add up to the totals, each in its own day.
      const rows = res.body.data.rows.filter((r: { site: string }) => r.site === site);
      expect(sum(rows, (r: { net: number }) => r.net)).toBe(t.net);
      expect(rows.every((r: { period: string }) => /^\d{4}-\d{2}-\d{2}$/.test(r.period))).toBe(true);
    }
    const monthly = await get(owner, 'reports/sales', { from, to, by: 'month', site: 'IN' });
    expect(monthly.status).toBe(200);
    expect(monthly.body.data.totals).toHaveLength(1);
    expect(monthly.body.data.totals[0]).toEqual(res.body.data.totals.find((x: { site: string }) => x.site === 'IN'));
    // A period before any of it is empty.
    const before = await get(accounts, 'reports/sales', { from: '2026-01-01', to: '2026-01-31', by: 'month' });
    expect(before.body.data.totals.map((x: { net: number; invoices: number }) => [x.net, x.invoices])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('receivables: every confirmed booking with a balance, its due date and ageing, equal to the proformas’ amounts due', async () => {
    const { proformas } = await documents();
    const res = await get(accounts, 'reports/receivables');
    expect(res.status, res.body.message).toBe(200);
    const due = proformas.filter((p) => p.total > p.amountPaid);
    expect(res.body.data.items.map((i: { RefIdKey: string }) => i.RefIdKey).sort()).toEqual(
      due.map((p) => p.made.ref).sort(),
    );
    for (const site of ['UAE', 'IN'] as const) {
      const t = res.body.data.totals.find((x: { site: string }) => x.site === site)!;
      expect(t.due).toBe(
        sum(
          due.filter((p) => p.site === site),
          (p) => p.total - p.amountPaid,
        ),
      );
      expect(t.overdue).toBe(0);
      expect(t.buckets['not-due']).toBe(t.due);
    }
    expect(
      res.body.data.items.every(
        (i: { dueOn: string | null; bucket: string }) => i.dueOn !== null && i.bucket === 'not-due',
      ),
    ).toBe(true);
  });

  it('TCS register: one row per receipt with its PAN and share of the TCS, credit notes giving TCS back, totals equal the invoices less the credit notes', async () => {
    const { invoices, notes, proformas } = await documents();
    const res = await get(accounts, 'reports/tcs', { fy });
    expect(res.status, res.body.message).toBe(200);
    const r = res.body.data;
    const withTcs = invoices.filter((i) => tax(i.taxes, 'TCS') > 0);
    expect(withTcs).toHaveLength(3);
    // Paid in full: the receipts of each booking carry exactly its invoice's TCS.
    for (const inv of withTcs) {
      const rows = r.rows.filter(
        (x: { RefIdKey: string; kind: string }) => x.RefIdKey === inv.made.ref && x.kind === 'receipt',
      );
      expect(
        sum(rows, (x: { tcs: number }) => x.tcs),
        inv.made.ref,
      ).toBe(tax(inv.taxes, 'TCS'));
      expect(sum(rows, (x: { amountReceived: number }) => x.amountReceived)).toBe(inv.total);
      expect(
        rows.every(
          (x) => /^[A-Z]{5}\d{4}[A-Z]$/.test(x.pan!) && x.section === '206C(1G)' && x.collecteeName === 'Ms Asha Rao',
        ),
      ).toBe(true);
    }
    // Part paid (a proforma): the receipt carries the TCS of its receipt voucher, worked out on the day it arrived.
    const part = proformas.find((p) => tax(p.taxes, 'TCS') > 0 && p.amountPaid > 0)!;
    const partRows = r.rows.filter((x: { RefIdKey: string }) => x.RefIdKey === part.made.ref);
    expect(partRows).toHaveLength(1);
    const voucher = (await vouchers()).find((v) => v.booking_id === part.made.id)!;
    expect(voucher.total).toBe(3_333_33);
    expect(tax(voucher.taxes, 'TCS')).toBeGreaterThan(0);
    expect(partRows[0]).toMatchObject({
      kind: 'receipt',
      pan: 'BCDPR2345G',
      amountReceived: 3_333_33,
      invoiceNumber: null,
      document: null,
      tcs: tax(voucher.taxes, 'TCS'),
    });
    // The credit note gives back the TCS it reverses.
    const cn = notes.find((n) => n.site === 'IN')!;
    const cnRow = r.rows.find((x: { kind: string }) => x.kind === 'credit-note');
    expect(cnRow).toMatchObject({ document: cn.number, tcs: -tax(cn.taxes, 'TCS'), amountReceived: -cn.total });
    expect(r.totals.tcs).toBe(sum(withTcs, (i) => tax(i.taxes, 'TCS')) - tax(cn.taxes, 'TCS') + partRows[0]!.tcs);
    // Per PAN: the PAN of two bookings has both, less its credit note.
    const abc = r.byPan.find((p) => p.pan === 'ABCPR1234F')!;
    expect(abc.tcs).toBe(
      sum(
        withTcs.filter((i) => r.rows.some((x) => x.RefIdKey === i.made.ref && x.pan === 'ABCPR1234F')),
        (i) => tax(i.taxes, 'TCS'),
      ) - tax(cn.taxes, 'TCS'),
    );
    expect(sum(r.byPan, (p: { tcs: number }) => p.tcs)).toBe(r.totals.tcs);
    // Another financial year has none of it; a malformed year is refused with what to send.
    expect((await get(accounts, 'reports/tcs', { fy: '2024-25' })).body.data.rows).toEqual([]);
    const bad = await get(accounts, 'reports/tcs', { fy: '2026-28' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'error', message: expect.stringMatching(/2026-27/) });
  });

  it('GST summary: taxable value, CGST, SGST and IGST by place of supply equal the invoices and the open advances’ receipt vouchers less the credit notes', async () => {
    const { invoices, notes } = await documents();
    const res = await get(accounts, 'reports/gst', { from, to });
    expect(res.status, res.body.message).toBe(200);
    const inv = invoices.filter((i) => i.site === 'IN');
    const cn = notes.filter((n) => n.site === 'IN');
    const rv = (await vouchers()).filter((v) => v.site === 'IN');
    const places = new Set(inv.map((i) => i.placeOfSupply!.code));
    expect(places).toEqual(new Set(['27', '29', '32']));
    expect(res.body.data.rows).toHaveLength(3);
    for (const code of places) {
      const row = res.body.data.rows.find((x) => x.stateCode === code);
      const i = inv.filter((d) => d.placeOfSupply!.code === code);
      const n = cn.filter((d) => d.made.ref && i.some((x) => x.made.ref === d.made.ref));
      const v = rv.filter((d) => d.place === code);
      const open = v.filter((d) => !d.invoiced);
      const of = (c: DocTax['code']) =>
        sum(i, (d) => tax(d.taxes, c)) - sum(n, (d) => tax(d.taxes, c)) + sum(open, (d) => tax(d.taxes, c));
      expect(row, code).toMatchObject({
        rate: 5,
        buyers: 'unregistered',
        supply: code === '27' ? 'intra' : 'inter',
        invoices: i.length + v.length,
        creditNotes: n.length,
        taxable: sum(i, (d) => d.amountBeforeTax) - sum(n, (d) => d.amountBeforeTax) + sum(open, (d) => d.taxable),
        cgst: of('CGST'),
        sgst: of('SGST'),
        igst: of('IGST'),
      });
    }
    const t = res.body.data.totals;
    const open = rv.filter((d) => !d.invoiced);
    expect(open.length).toBeGreaterThan(0);
    expect([t.invoices, t.creditNotes]).toEqual([inv.length + rv.length, cn.length]);
    const gstOf = (taxes: DocTax[]) => tax(taxes, 'CGST') + tax(taxes, 'SGST') + tax(taxes, 'IGST');
    expect(t.cgst + t.sgst + t.igst).toBe(
      sum(inv, (d) => gstOf(d.taxes)) - sum(cn, (d) => gstOf(d.taxes)) + sum(open, (d) => gstOf(d.taxes)),
    );
    expect(t.cgst).toBeGreaterThan(0);
    expect(t.igst).toBeGreaterThan(0);
  });

  it('VAT summary: taxable amounts and VAT by treatment equal the invoices’ lines and the open advances’ receipt vouchers less the credit notes’ lines', async () => {
    const { invoices, notes } = await documents();
    const open = (await vouchers()).filter((v) => v.site === 'UAE' && !v.invoiced);
    expect(open.length).toBeGreaterThan(0);
    const res = await get(owner, 'reports/vat', { from, to });
    expect(res.status, res.body.message).toBe(200);
    const inv = invoices.filter((i) => i.site === 'UAE');
    const cn = notes.filter((n) => n.site === 'UAE');
    expect(sum(inv, (i) => i.discount)).toBe(0);
    const expected = {
      standard: { taxable: 0, vat: 0 },
      zero: { taxable: 0, vat: 0 },
      outside: { taxable: 0, vat: 0 },
    };
    for (const i of inv) {
      for (const l of i.lines) expected[l.vatTreatment ?? 'standard'].taxable += l.amount;
      expected.standard.vat += tax(i.taxes, 'VAT');
      expected.standard.taxable -= tax(i.taxes, 'VAT');
    }
    for (const n of cn) {
      for (const l of n.lines) {
        // A credit note numbers its lines from 1 in the booking's order, as the invoice does (rule 46).
        const t = n.invoice.lines[l.position - 1]!.vatTreatment ?? 'standard';
        expected[t].taxable -= l.amount;
        expected[t].vat -= tax(l.taxes, 'VAT');
      }
    }
    for (const v of open) {
      // The advance here is on a standard-rated package: its VAT line's base is all of it.
      const line = v.taxes.find((x) => x.code === 'VAT')!;
      expect(line.base).toBe(v.total);
      expected.standard.taxable += line.base! - line.amount;
      expected.standard.vat += line.amount;
    }
    // The report is the ledger's entries of the period, by treatment.
    const { rows: ledger } = await kit.database.db.execute<{
      standard: number;
      vat: number;
      zero: number;
      outside: number;
    }>(sql`
      select coalesce(sum(taxable - zero_rated - out_of_scope), 0)::int as standard, coalesce(sum(vat), 0)::int as vat, coalesce(sum(zero_rated), 0)::int as zero, coalesce(sum(out_of_scope), 0)::int as outside
      from ledger_entries where site = 'UAE' and tax_day between ${from} and ${to}`);
    const l = ledger[0]!;
    expect(res.body.data.totals).toEqual({
      standard: { taxable: Number(l.standard), vat: Number(l.vat) },
      zero: { taxable: Number(l.zero), vat: 0 },
      outside: { taxable: Number(l.outside), vat: 0 },
    });
    // Each credit note's lines, by their booking line's treatment, are what its ledger entries gave back.
    for (const n of cn) {
      const { rows } = await kit.database.db.execute<{
        taxable: number;
        zero: number;
        outside: number;
        vat: number;
      }>(sql`
        select -sum(taxable)::int as taxable, -sum(zero_rated)::int as zero, -sum(out_of_scope)::int as outside, -sum(vat)::int as vat from ledger_entries where document_number = ${n.number}`);
      const e = rows[0]!;
      const part = (t: 'standard' | 'zero' | 'outside') =>
        n.lines.filter((l) => (n.invoice.lines[l.position - 1]!.vatTreatment ?? 'standard') === t);
      expect(
        {
          standard: sum(part('standard'), (l) => l.amount),
          zero: sum(part('zero'), (l) => l.amount),
          outside: sum(part('outside'), (l) => l.amount),
          vat: sum(n.lines, (l) => tax(l.taxes, 'VAT')),
        },
        `credit note ${n.number}: its lines by treatment against its ledger entries`,
      ).toEqual({
        standard: Number(e.taxable) - Number(e.zero) - Number(e.outside),
        zero: Number(e.zero),
        outside: Number(e.outside),
        vat: Number(e.vat),
      });
    }
    expect(res.body.data.totals).toEqual(expected);
    expect(expected.standard.vat).toBeGreaterThan(0);
    expect(expected.outside.taxable).toBeGreaterThan(0);
    // All of it: the VAT-inclusive totals of the invoices and the open advances less the credit notes.
    const all = expected.standard.taxable + expected.standard.vat + expected.zero.taxable + expected.outside.taxable;
    expect(all).toBe(sum(inv, (i) => i.total) - sum(cn, (n) => n.total) + sum(open, (v) => v.total));
    expect(sum(res.body.data.rows, (r: { vat: number }) => r.vat)).toBe(expected.standard.vat);
  });
});

describe('the tax point', { timeout: 120_000 }, () => {
  it('money is taxed on the day it arrived; a refund’s credit note reduces its own period, not the invoice’s; a quarter of the TCS register holds its own receipts only', async () => {
    // A booking made 41 days ago whose money the desk records as received 40 days ago: the ledger
    // dates its receipt (and the tax invoice it completes) on that day. (Since the ledger the entries
    // are fixed when the money moves: moving the booking's invoiced_at, as this test did before, moves nothing.)
    const b = await makeBooking('IN', [{ packageId: pkg.inAbroad }], 'pay-later', { Pan: 'EFGPR5678K' });
    await kit.database.db.execute(
      sql`update bookings set created_at = created_at - interval '41 days' where id = ${b.id}`,
    );
    const paidOn = utcDay(-40);
    const paid = await admin(kit, agent, 'POST', `bookings/${b.ref}/payments`, {
      amount: b.total,
      method: 'bank-transfer',
      reference: `TRF-${b.ref}-then`,
      receivedOn: paidOn,
    });
    expect(paid.status, paid.body.message).toBe(200);
    const inv = (await invoiceOf(b))!;
    expect(inv.invoiceNumber).toMatch(/\S/);
    const earlier = { from: utcDay(-41), to: utcDay(-39) };
    const then = (await get(accounts, 'reports/gst', earlier)).body.data;
    expect(then.totals).toMatchObject({
      invoices: 1,
      creditNotes: 0,
      taxable: inv.amountBeforeTax,
      cgst: tax(inv.taxes, 'CGST'),
      sgst: tax(inv.taxes, 'SGST'),
      igst: tax(inv.taxes, 'IGST'),
    });
    const salesThen = async () =>
      (await get(accounts, 'reports/sales', { ...earlier, site: 'IN' })).body.data.totals[0];
    const before = (await salesThen())!;
    expect([before.invoices, before.creditNotes, before.net, before.paid, before.taxes.TCS]).toEqual([
      1,
      0,
      inv.total,
      b.total,
      tax(inv.taxes, 'TCS'),
    ]);

    // Part of it refunded today: a credit note of today, with its share of GST and TCS.
    const nowBefore = (await get(accounts, 'reports/gst', { from, to })).body.data;
    const payment = (await admin(kit, accounts, 'GET', `bookings/${b.ref}`)).body.data.payments[0];
    const refund = await admin(
      kit,
      accounts,
      'POST',
      `bookings/${b.ref}/refunds`,
      { paymentId: payment!.id, amount: 10_000_00, reason: 'Goodwill', reference: `RTN-${b.ref}` },
      { 'idempotency-key': `tax-point-${b.ref}` },
    );
    expect(refund.status, refund.body.message).toBe(200);
    const [cn] = await creditNotesOf(b);
    expect(cn!.total).toBe(10_000_00);
    expect((await get(accounts, 'reports/gst', earlier)).body.data).toEqual(then);
    expect(await salesThen()).toEqual(before);
    const now = (await get(accounts, 'reports/gst', { from, to })).body.data;
    expect(now.totals.creditNotes).toBe(nowBefore.totals.creditNotes + 1);
    expect(now.totals.taxable).toBe(nowBefore.totals.taxable - cn!.amountBeforeTax);
    expect(now.totals.cgst + now.totals.sgst + now.totals.igst).toBe(
      nowBefore.totals.cgst +
        nowBefore.totals.sgst +
        nowBefore.totals.igst -
        tax(cn!.taxes, 'CGST') -
        tax(cn!.taxes, 'SGST') -
        tax(cn!.taxes, 'IGST'),
    );
    const whole = (await get(accounts, 'reports/tcs', { fy })).body.data;
    const mine = whole.rows.filter((r: { RefIdKey: string }) => r.RefIdKey === b.ref);
    expect(mine).toMatchObject([
      {
        kind: 'receipt',
        date: paidOn,
        amountReceived: b.total,
        tcs: tax(inv.taxes, 'TCS'),
        pan: 'EFGPR5678K',
        invoiceNumber: inv.invoiceNumber,
      },
      {
        kind: 'credit-note',
        document: cn!.number,
        amountReceived: -cn!.total,
        tcs: -tax(cn!.taxes, 'TCS'),
        invoiceNumber: inv.invoiceNumber,
      },
    ]);
    expect(mine[1]!.date >= from).toBe(true);
    expect(tax(cn!.taxes, 'TCS')).toBeGreaterThan(0);

    const q = (() => {
      const month = Number(utcDay(0).slice(5, 7));
      return month >= 4 && month <= 6 ? 1 : month >= 7 && month <= 9 ? 2 : month >= 10 ? 3 : 4;
    })();
    const quarter = (await get(accounts, 'reports/tcs', { fy, quarter: String(q) })).body.data;
    expect(quarter.rows.filter((r: { date: string }) => r.date >= from)).toEqual(
      whole.rows.filter((r: { date: string }) => r.date >= from),
    );
    expect(quarter.rows.every((r: { quarter: number }) => r.quarter === q)).toBe(true);
    const other = (await get(accounts, 'reports/tcs', { fy, quarter: String((q % 4) + 1) })).body.data;
    expect(other.rows.filter((r: { date: string }) => r.date >= from)).toEqual([]);
  });
});

describe('CSV downloads', { timeout: 60_000 }, () => {
  it('each report downloads as text/csv with a header row and the JSON’s figures, amounts in units', async () => {
    const tcs = await get(accounts, 'reports/tcs.csv', { fy });
    expect(tcs.status).toBe(200);
    expect(tcs.headers['content-type']).toMatch(/^text\/csv/);
    expect(tcs.headers['content-disposition']).toBe(`attachment; filename="tcs-register-${fy}.csv"`);
    const lines = tcs.raw.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Quarter,Date,Collectee name,PAN,Entry,Booking,Invoice,Credit note,Amount received (INR),Amount on which TCS collected (INR),TCS rate %,TCS collected (INR),Section',
    );
    const json = (await get(accounts, 'reports/tcs', { fy })).body.data;
    expect(lines).toHaveLength(json.rows.length + 1);
    const cn = json.rows.findIndex((x: { kind: string }) => x.kind === 'credit-note');
    if (cn >= 0)
      expect(lines[cn + 1]).toMatch(
        new RegExp(`,Credit note,.*,${(json.rows[cn]!.tcs / 100).toFixed(2)},206C\\(1G\\)$`),
      );

    for (const [name, query] of [
      ['sales', { from, to }],
      ['receivables', {}],
      ['gst', { from, to }],
      ['vat', { from, to }],
    ] as const) {
      const res = await get(owner, `reports/${name}.csv`, query);
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const body = res.raw.toString('utf8');
      expect(body.split('\r\n')[0]).toMatch(/^[A-Z][^\r\n]+,/);
    }
    const vat = (await get(owner, 'reports/vat.csv', { from, to })).raw.toString('utf8');
    const vatJson = (await get(owner, 'reports/vat', { from, to })).body.data;
    const standard = vatJson.rows.find((x: { treatment: string }) => x.treatment === 'standard')!;
    expect(vat).toContain(
      `,Standard-rated,${standard.invoices},${standard.creditNotes},${(standard.taxable / 100).toFixed(2)},${(standard.vat / 100).toFixed(2)}\r\n`,
    );
  });

  it('a text that starts like a formula is written as text; a credit’s minus sign stays a number', async () => {
    // Names at booking are letters only, so this goes through the writer itself, as a stored name from elsewhere would.
    const row = {
      ...(await get(accounts, 'reports/tcs', { fy })).body.data.rows[0]!,
      collecteeName: '=HYPERLINK("http://x")',
      amountReceived: -1_050,
      tcs: -21,
    };
    let csv = '';
    for await (const chunk of csvStream(TCS_COLUMNS, [row])) csv += String(chunk);
    const line = csv.split('\r\n')[1]!;
    expect(line).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(line).toMatch(/,-10\.50,.*,-0\.21,206C\(1G\)$/);
  });
});

describe('who may read the books', { timeout: 60_000 }, () => {
  const calls: [string, Record<string, string>][] = [
    ['reports/sales', { from, to }],
    ['reports/sales.csv', { from, to }],
    ['reports/receivables', {}],
    ['reports/receivables.csv', {}],
    ['reports/tcs', { fy: '2026-27' }],
    ['reports/tcs.csv', { fy: '2026-27' }],
    ['reports/gst', { from, to }],
    ['reports/gst.csv', { from, to }],
    ['reports/vat', { from, to }],
    ['reports/vat.csv', { from, to }],
  ];
  it('accounts and owner read every report; agent and catalogue get 403, no session 401, and nothing is written', async () => {
    const audits = await count(kit, sql`select count(*)::int as n from audit_log`);
    for (const [path, query] of calls) {
      for (const who of [accounts, owner])
        expect((await get(who, path, query)).status, `${who.role} ${path}`).toBe(200);
      for (const who of [agent, catalogue]) {
        const res = await get(who, path, query);
        expect(res.status, `${who.role} ${path}`).toBe(403);
        expect(res.body.status).toBe('error');
        expect(res.body.message).toMatch(/\S/);
      }
      expect((await get(null, path, query)).status).toBe(401);
    }
    expect(await count(kit, sql`select count(*)::int as n from audit_log`)).toBe(audits);
  });

  it('refuses a period backwards or longer than a year, with what to change', async () => {
    const back = await get(accounts, 'reports/sales', { from: '2026-05-01', to: '2026-04-01' });
    expect(back.status).toBe(400);
    expect(back.body.message).toMatch(/ends before it starts/);
    const long = await get(accounts, 'reports/gst', { from: '2025-01-01', to: '2026-06-30' });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 366 days/);
    const notDate = await get(accounts, 'reports/vat', { from: 'yesterday' });
    expect(notDate.status).toBe(400);
    expect(notDate.body.message).toMatch(/from/);
  });
});
