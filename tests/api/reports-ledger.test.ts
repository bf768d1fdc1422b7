import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createBookingKit,
  holdId,
  inDays,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  type Line,
  type Site,
  razorpayStep,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';
import { type ShopData } from '../support/answers.ts';

/*
 * Every money report is a query over the ledger (issue 30): a month of India bookings paid in parts
 * at the desk (receipt vouchers, then the tax invoice), partly refunded at the desk and through
 * Razorpay, one advance still open, and a UAE booking paid in parts and partly refunded; then Sales'
 * TCS equals the TCS register's, to the paisa, and Sales, the register, the GST summary and the VAT
 * summary each equal the sums of the ledger's entries for the same days, read straight from
 * ledger_entries. Last, a refund that fails after Razorpay reported it processed: its reversal is a
 * debit note, a positive line in the register, and every report still equals the ledger. Runs on
 * PGlite and, with `npm run test:postgres`, on Postgres.
 */

let kit: BookingKit;
let agent: Staffer;
let accounts: Staffer;
let pkg: { inAbroad: number; inHome: number; uaeStandard: number; uaeZero: number };

/**
 * A site's month so far (its own calendar: the tax point is the site's day), and India's financial year: the reports'
 * periods.
 */
function monthOf(site: Site): { from: string; to: string } {
  const today = inDays(0, site);
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return { from: `${today.slice(0, 7)}-01`, to: d.toISOString().slice(0, 10) };
}
const fy = (() => {
  const [y, m] = inDays(0, 'IN').split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
})();

interface Made {
  site: Site;
  id: number;
  ref: string;
  total: number;
  who: { token: string };
  data: ShopData<'CreateBooking'>;
}

async function packageWhere(site: Site, where: string): Promise<number> {
  const { rows } = await kit.database.db.execute<{ id: number }>(
    sql.raw(`select p.id from packages p join cities c on c.id = p.city_id join package_prices pp on pp.package_id = p.id and pp.site = '${site}'
      where p.rooms_per_departure >= 5 and ${where} order by p.id`),
  );
  if (!rows[0]) throw new Error(`no package on ${site} with ${where}`);
  return rows[0].id;
}

const indian = (over: Record<string, unknown> = {}) =>
  lead({ FirstName: 'Asha', LastName: 'Rao', Phone: '+919812345678', ...over });

async function makeBooking(
  site: Site,
  lines: Line[],
  method: 'razorpay' | 'pay-later',
  over: Record<string, unknown> = {},
): Promise<Made> {
  const who = await traveller(kit, site === 'IN' ? 'asha' : 'mira');
  const id = await holdId(kit, who.token, site, lines);
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod: method,
    LeadTraveller: site === 'IN' ? indian({ Email: who.email }) : lead({ Email: who.email }),
    Travellers: [{ FirstName: 'Dev', LastName: 'Rao', AgeBand: 'adult' }],
    ...over,
  });
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
/**
 * A bank transfer received today; without an amount, what is still due (the TCS of each part is rounded on its own).
 */
async function transfer(b: Made, amount?: number): Promise<{ AmountDue: number; AmountPaid: number }> {
  const pay = amount ?? (await admin(kit, accounts, 'GET', `bookings/${b.ref}`)).body.data.AmountDue;
  const res = await admin(kit, agent, 'POST', `bookings/${b.ref}/payments`, {
    amount: pay,
    method: 'bank-transfer',
    reference: `TRF-${b.ref}-${++refs}`,
    receivedOn: inDays(0, b.site),
  });
  expect(res.status, res.body.message).toBe(200);
  due.set(b.ref, res.body.data.AmountDue);
  return res.body.data;
}
const due = new Map<string, number>();

/** The booking's payments as the desk lists them (ids for a refund). */
async function paymentsOf(b: Made): Promise<{ id: number; amount: number; provider: string }[]> {
  const res = await admin(kit, accounts, 'GET', `bookings/${b.ref}`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.payments;
}

async function refund(b: Made, paymentId: number, amount: number, manual: boolean) {
  const res = await admin(
    kit,
    accounts,
    'POST',
    `bookings/${b.ref}/refunds`,
    { paymentId, amount, reason: 'Goodwill', ...(manual ? { reference: `RTN-${b.ref}-${++refs}` } : {}) },
    { 'idempotency-key': `reports-ledger-${b.ref}-${++refs}` },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.refund as {
    id: number;
    providerRefundId: string | null;
    status: string;
    creditNoteNumber: string | null;
  };
}

async function razorpayPaid(lines: Line[], over: Record<string, unknown>) {
  const b = await makeBooking('IN', lines, 'razorpay', over);
  const proof = kit.gateways.payOrder(razorpayStep(b.data.Next!).orderId);
  const paid = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.id, ...proof }, b.who.token, 'IN');
  expect(paid.status, paid.body.message).toBe(200);
  return b;
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
  expect(res.statusCode, res.body).toBe(200);
}

const get = async <const Path extends string>(path: Path, query: Record<string, string>) => {
  const res = await admin(kit, accounts, 'GET', path, query);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

interface Sums {
  entries: number;
  amount: number;
  sale: number;
  taxable: number;
  zero_rated: number;
  out_of_scope: number;
  cgst: number;
  sgst: number;
  igst: number;
  gst: number;
  vat: number;
  tcs: number;
  tcs_base: number;
  owed: number;
}

/** The ledger's sums of a site's entries dated in the month, straight from the table (`where` narrows them). */
async function ledgerSums(site: Site, where = sql`true`): Promise<Sums> {
  const { from: monthFrom, to: monthTo } = monthOf(site);
  const { rows } = await kit.database.db.execute<Record<keyof Sums, number | string>>(sql`
    select count(*)::int as entries, coalesce(sum(amount), 0)::int as amount, coalesce(sum(sale), 0)::int as sale, coalesce(sum(taxable), 0)::int as taxable,
      coalesce(sum(zero_rated), 0)::int as zero_rated, coalesce(sum(out_of_scope), 0)::int as out_of_scope,
      coalesce(sum(cgst), 0)::int as cgst, coalesce(sum(sgst), 0)::int as sgst, coalesce(sum(igst), 0)::int as igst, coalesce(sum(gst), 0)::int as gst,
      coalesce(sum(vat), 0)::int as vat, coalesce(sum(tcs), 0)::int as tcs, coalesce(sum(tcs_base), 0)::int as tcs_base, coalesce(sum(owed), 0)::int as owed
    from ledger_entries e where e.site = ${site} and e.tax_day between ${monthFrom} and ${monthTo} and ${where}`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as unknown as Sums;
}

/** Distinct documents of a site's entries in the month with a sale: those that charge tax, and credit notes. */
async function ledgerDocuments(site: Site, where = sql`true`): Promise<{ invoices: number; creditNotes: number }> {
  const { from: monthFrom, to: monthTo } = monthOf(site);
  const { rows } = await kit.database.db.execute<{ invoices: number; credit_notes: number }>(sql`
    select count(distinct e.document_kind || ':' || e.document_number) filter (where e.document_kind in ('invoice', 'receipt', 'debit-note'))::int as invoices,
           count(distinct e.document_kind || ':' || e.document_number) filter (where e.document_kind = 'credit-note')::int as credit_notes
    from ledger_entries e where e.site = ${site} and e.tax_day between ${monthFrom} and ${monthTo} and e.sale <> 0 and ${where}`);
  return { invoices: Number(rows[0]!.invoices), creditNotes: Number(rows[0]!.credit_notes) };
}

const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

let abroadParts: Made;
let mixed: Made;
let gateway: Made;
let failing: Made;
let uae: Made;

beforeAll(async () => {
  kit = await createBookingKit();
  [agent, accounts] = [await staffer(kit, 'agent'), await staffer(kit, 'accounts')];
  pkg = {
    inAbroad: await packageWhere('IN', 'c.country_id not in (231, 101)'),
    inHome: await packageWhere('IN', 'c.country_id = 101'),
    uaeStandard: await packageWhere('UAE', `c.country_id = 231 and p.vat_treatment = 'standard'`),
    uaeZero: await packageWhere('UAE', `c.country_id not in (231, 101) and p.vat_treatment = 'zero'`),
  };

  // An overseas holiday in the seller's state, paid in three transfers (two receipt vouchers, then
  // the tax invoice), the second partly refunded by hand.
  abroadParts = await makeBooking('IN', [{ packageId: pkg.inAbroad }], 'pay-later', { Pan: 'AAAPR1234C' });
  await transfer(abroadParts, 1_000_01);
  await transfer(abroadParts, 2_500_00);
  await transfer(abroadParts);
  await refund(abroadParts, (await paymentsOf(abroadParts))[1]!.id, 1_000_00, true);

  // Overseas and home lines, another state (IGST), paid in two transfers, the first partly refunded.
  mixed = await makeBooking('IN', [{ packageId: pkg.inAbroad }, { packageId: pkg.inHome }], 'pay-later', {
    LeadTraveller: indian({ State: 'Karnataka' }),
    Pan: 'BBBPR2345D',
  });
  await transfer(mixed, 3_333_33);
  await transfer(mixed);
  await refund(mixed, (await paymentsOf(mixed))[0]!.id, 777_77, true);

  // Paid in full through Razorpay, partly refunded through it (settled by its webhook).
  gateway = await razorpayPaid([{ packageId: pkg.inAbroad }], {
    LeadTraveller: indian({ State: 'Kerala' }),
    Pan: 'CCCPR3456E',
  });
  const back = await refund(gateway, (await paymentsOf(gateway))[0]!.id, 5_000_00, false);
  await razorpayWebhook(kit.gateways.razorpayRefundEvent(back.providerRefundId!, 'refund.processed'));

  // Paid through Razorpay too: its refund fails later (the last test).
  failing = await razorpayPaid([{ packageId: pkg.inAbroad }], { Pan: 'DDDPR4567F' });

  // An advance only: a receipt voucher, the booking still on its proforma.
  const open = await makeBooking('IN', [{ packageId: pkg.inAbroad }], 'pay-later', { Pan: 'AAAPR1234C' });
  await transfer(open, 2_000_00);

  // The UAE: standard-rated and zero-rated lines, paid in two transfers, partly refunded.
  uae = await makeBooking('UAE', [{ packageId: pkg.uaeStandard }, { packageId: pkg.uaeZero }], 'pay-later');
  await transfer(uae, 1_500_00);
  await transfer(uae);
  await refund(uae, (await paymentsOf(uae))[1]!.id, 400_00, true);
}, 300_000);
afterAll(() => kit.close());

interface TcsRow {
  kind: string;
  date: string;
  RefIdKey: string;
  pan: string | null;
  document: string | null;
  invoiceNumber: string | null;
  amountReceived: number;
  tcsBase: number;
  rate: number;
  tcs: number;
}

/** Every report of the month against the ledger's entries, read straight from the table. */
async function reconcile() {
  const { from: monthFrom, to: monthTo } = monthOf('IN');
  const sales = await get('reports/sales', { from: monthFrom, to: monthTo, by: 'month', site: 'IN' });
  const register = await get('reports/tcs', { fy });
  const gst = await get('reports/gst', { from: monthFrom, to: monthTo });
  const inMonth: TcsRow[] = register.rows.filter((r: TcsRow) => r.date >= monthFrom && r.date <= monthTo);
  const ledger = await ledgerSums('IN');
  const t = sales.totals[0]!;

  // Sales' TCS is the register's, to the paisa, and both are the ledger's.
  expect(ledger.tcs).toBeGreaterThan(0);
  expect(t.taxes.TCS).toBe(sum(inMonth, (r) => r.tcs));
  expect(t.taxes.TCS).toBe(ledger.tcs);
  expect(register.totals.tcs).toBe(sum(register.rows, (r: TcsRow) => r.tcs));
  expect(sales.rows).toHaveLength(1);
  expect(sales.rows[0]!.taxes).toEqual(t.taxes);

  // Sales' money and taxes are the ledger's sums.
  expect(t.taxable).toBe(ledger.taxable);
  expect([t.taxes.CGST, t.taxes.SGST, t.taxes.IGST, t.taxes.GST, t.taxes.VAT]).toEqual([
    ledger.cgst,
    ledger.sgst,
    ledger.igst,
    ledger.gst,
    0,
  ]);
  expect(t.net).toBe(ledger.sale + ledger.tcs);
  const receipts = await ledgerSums(
    'IN',
    sql`e.kind in ('capture', 'bank-transfer', 'cash', 'card-terminal', 'owed-back')`,
  );
  const refunds = await ledgerSums('IN', sql`e.kind in ('refund', 'refund-reversal')`);
  expect(t.paid).toBe(receipts.amount);
  expect(t.refunded).toBe(-refunds.amount);
  const paidIn = await kit.database.db.execute<{ n: number }>(
    sql`select coalesce(sum(p.amount), 0)::int as n from payments p join bookings b on b.id = p.booking_id where b.site = 'IN' and p.status = 'paid'`,
  );
  expect(t.paid).toBe(Number(paidIn.rows[0]!.n));
  const refundedIn = await kit.database.db.execute<{ n: number }>(
    sql`select coalesce(sum(r.amount), 0)::int as n from refunds r join bookings b on b.id = r.booking_id where b.site = 'IN' and r.status <> 'failed'`,
  );
  expect(t.refunded).toBe(Number(refundedIn.rows[0]!.n));
  const credited = await ledgerSums(
    'IN',
    sql`((e.kind = 'refund' and e.document_kind = 'credit-note') or (e.kind = 'refund-reversal' and e.document_kind = 'debit-note'))`,
  );
  expect(t.credited).toBe(-(credited.sale + credited.tcs));
  expect(t.credited).toBeGreaterThan(0);
  expect({ invoices: t.invoices, creditNotes: t.creditNotes }).toEqual(await ledgerDocuments('IN'));

  // The register: one row per entry with TCS, its own figures; refunds negative under their credit notes.
  const { rows: withTcs } = await kit.database.db.execute<{
    id: number;
    kind: string;
    ref: string;
    sale: number;
    tcs: number;
    tcs_base: number;
    tcs_rate_bp: number | null;
    pan: string | null;
    document_kind: string | null;
    document_number: string | null;
  }>(sql`
    select e.id, e.kind, b.ref_id_key as ref, e.sale, e.tcs, e.tcs_base, e.tcs_rate_bp, e.pan, e.document_kind, e.document_number
    from ledger_entries e join bookings b on b.id = e.booking_id
    where e.site = 'IN' and e.tax_day between ${monthFrom} and ${monthTo} and (e.tcs <> 0 or e.tcs_base <> 0) order by e.id`);
  expect(inMonth).toHaveLength(withTcs.length);
  for (const e of withTcs) {
    const kind = e.kind === 'refund' ? 'credit-note' : e.kind === 'refund-reversal' ? 'debit-note' : 'receipt';
    const row = inMonth.find(
      (r) =>
        r.RefIdKey === e.ref &&
        r.kind === kind &&
        r.tcs === Number(e.tcs) &&
        r.amountReceived === Number(e.sale) + Number(e.tcs),
    );
    expect(row, `entry ${e.id} (${e.kind} of ${e.ref})`).toBeDefined();
    expect(row!.tcsBase).toBe(Number(e.tcs_base));
    expect(row!.pan).toBe(e.pan);
    if (kind === 'receipt') {
      expect(row!.tcs).toBeGreaterThan(0);
      expect(row!.document).toBeNull();
      expect(row!.rate).toBe(Number(e.tcs_rate_bp) / 100);
    } else {
      expect(row!.document).toBe(e.document_number);
      expect(Math.sign(row!.tcs)).toBe(kind === 'credit-note' ? -1 : 1);
    }
  }
  // Each credit note of an India booking with TCS is in the register, giving back what its document says.
  const { rows: notes } = await kit.database.db.execute<{
    number: string;
    total: number;
    taxes: { code: string; amount: number }[];
  }>(sql`
    select number, total, taxes from credit_notes where site = 'IN' order by id`);
  expect(notes.length).toBeGreaterThanOrEqual(3);
  for (const n of notes) {
    const rows = inMonth.filter((r) => r.kind === 'credit-note' && r.document === n.number);
    expect(
      sum(rows, (r) => r.tcs),
      n.number,
    ).toBe(
      -sum(
        n.taxes.filter((x) => x.code === 'TCS'),
        (x) => x.amount,
      ),
    );
    expect(
      sum(rows, (r) => r.amountReceived),
      n.number,
    ).toBe(-Number(n.total));
  }
  // Per PAN: the ledger's TCS of that PAN.
  const { rows: perPan } = await kit.database.db.execute<{ pan: string; tcs: number }>(sql`
    select pan, coalesce(sum(tcs), 0)::int as tcs from ledger_entries where site = 'IN' and pan is not null and tax_day between ${monthFrom} and ${monthTo} group by pan order by pan`);
  for (const p of perPan) expect(register.byPan.find((x) => x.pan === p.pan)?.tcs ?? 0, p.pan).toBe(Number(p.tcs));

  // The GST summary: its totals and each place of supply are the ledger's sums; its counts the entries' documents.
  expect({
    taxable: gst.totals.taxable,
    cgst: gst.totals.cgst,
    sgst: gst.totals.sgst,
    igst: gst.totals.igst,
    gst: gst.totals.gst,
  }).toEqual({
    taxable: ledger.taxable,
    cgst: ledger.cgst,
    sgst: ledger.sgst,
    igst: ledger.igst,
    gst: ledger.gst,
  });
  expect({ invoices: gst.totals.invoices, creditNotes: gst.totals.creditNotes }).toEqual(await ledgerDocuments('IN'));
  for (const code of ['27', '29']) {
    const where = sql`exists (select 1 from bookings b where b.id = e.booking_id and b.place_of_supply_code = ${code})`;
    const place = await ledgerSums('IN', where);
    const row = gst.rows.find((r) => r.stateCode === code);
    expect(row, code).toMatchObject({
      rate: 5,
      supply: code === '27' ? 'intra' : 'inter',
      taxable: place.taxable,
      cgst: place.cgst,
      sgst: place.sgst,
      igst: place.igst,
      ...(await ledgerDocuments('IN', where)),
    });
  }
  expect(sum(gst.rows, (r: { taxable: number }) => r.taxable)).toBe(gst.totals.taxable);

  // The UAE's VAT by treatment, and its Sales, are the ledger's sums too.
  const uaeMonth = monthOf('UAE');
  const vat = await get('reports/vat', uaeMonth);
  const u = await ledgerSums('UAE');
  expect(vat.totals).toEqual({
    standard: { taxable: u.taxable - u.zero_rated - u.out_of_scope, vat: u.vat },
    zero: { taxable: u.zero_rated, vat: 0 },
    outside: { taxable: u.out_of_scope, vat: 0 },
  });
  expect(u.vat).toBeGreaterThan(0);
  expect(u.zero_rated).toBeGreaterThan(0);
  const uaeSales = (await get('reports/sales', { ...uaeMonth, by: 'month', site: 'UAE' })).totals[0]!;
  expect([uaeSales.taxable, uaeSales.taxes.VAT, uaeSales.taxes.TCS, uaeSales.net]).toEqual([
    u.taxable,
    u.vat,
    0,
    u.sale + u.tcs,
  ]);
  const uaeDocs = await ledgerDocuments('UAE');
  expect({ invoices: uaeSales.invoices, creditNotes: uaeSales.creditNotes }).toEqual(uaeDocs);
  expect(sum(vat.rows, (r: { creditNotes: number }) => r.creditNotes)).toBeGreaterThanOrEqual(uaeDocs.creditNotes);
  return { sales: t, register, gst };
}

describe('the reports are queries over the ledger', { timeout: 120_000 }, () => {
  it('a month paid in parts at the desk and refunded in part: Sales’ TCS equals the TCS register’s, and Sales, the register, the GST and VAT summaries equal the ledger’s entries', async () => {
    const { register, gst } = await reconcile();
    // Paid in parts: each receipt has its own row with its own TCS, and they add up to the booking's TCS collected.
    const parts = register.rows.filter((r: TcsRow) => r.RefIdKey === abroadParts.ref);
    expect(parts.map((r: TcsRow) => r.kind)).toEqual(['receipt', 'receipt', 'receipt', 'credit-note']);
    const paid = await paymentsOf(abroadParts);
    expect(paid).toHaveLength(3);
    expect(parts.filter((r: TcsRow) => r.kind === 'receipt').map((r: TcsRow) => r.amountReceived)).toEqual(
      paid.map((p) => p.amount),
    );
    expect(due.get(abroadParts.ref)).toBe(0);
    expect(parts[3]!.amountReceived).toBe(-1_000_00);
    expect(parts[3]!.tcs).toBeLessThan(0);
    // Advances have receipt vouchers (two of the booking paid in three parts, the mixed booking's first, the open
    // advance);
    // with the four tax invoices they are the documents that charge GST; the three refunds' credit notes give it back.
    const { rows: vouchers } = await kit.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from money_documents where site = 'IN' and kind = 'receipt'`,
    );
    expect(Number(vouchers[0]!.n)).toBe(4);
    expect(gst.totals.invoices).toBe(4 + 4);
    expect(gst.totals.creditNotes).toBe(3);
    // The mixed booking's refund gives back its TCS in proportion (on the overseas part only).
    const mixedBack = register.rows.find((r: TcsRow) => r.RefIdKey === mixed.ref && r.kind === 'credit-note')!;
    expect(mixedBack.amountReceived).toBe(-777_77);
    expect(mixedBack.tcs).toBeLessThan(0);
  });

  it('a Razorpay refund that fails after it was processed: the reversal is a debit note, a positive line in the register, and every report still equals the ledger', async () => {
    const before = await reconcile();
    const back = await refund(failing, (await paymentsOf(failing))[0]!.id, 3_000_00, false);
    expect(back.creditNoteNumber).toMatch(/\S/);
    await razorpayWebhook(kit.gateways.razorpayRefundEvent(back.providerRefundId!, 'refund.processed'));
    await razorpayWebhook(kit.gateways.razorpayRefundEvent(back.providerRefundId!, 'refund.failed'));
    const { rows: reversal } = await kit.database.db.execute<{
      document_kind: string | null;
      document_number: string | null;
      tcs: number;
      amount: number;
    }>(sql`
      select document_kind, document_number, tcs, amount from ledger_entries where refund_id = ${back.id} and kind = 'refund-reversal'`);
    expect(
      reversal,
      'the ledger (server/services/ledger, payments/refunds) writes the failed refund’s reversal',
    ).toHaveLength(1);
    expect(reversal[0]).toMatchObject({ document_kind: 'debit-note', amount: 3_000_00 });
    const after = await reconcile();
    const rows = after.register.rows.filter((r: TcsRow) => r.RefIdKey === failing.ref);
    expect(rows.map((r: TcsRow) => r.kind)).toEqual(['receipt', 'credit-note', 'debit-note']);
    expect(rows[2]).toMatchObject({
      document: reversal[0]!.document_number,
      tcs: -rows[1]!.tcs,
      amountReceived: 3_000_00,
    });
    // Refunded and given back again: the money and the taxes are as before it was made, the documents one credit note
    // and one debit note more.
    expect(after.sales!.taxes).toEqual(before.sales!.taxes);
    expect(after.sales!.net).toBe(before.sales!.net);
    expect(after.sales!.refunded).toBe(before.sales!.refunded);
    expect([after.sales!.invoices, after.sales!.creditNotes]).toEqual([
      before.sales!.invoices + 1,
      before.sales!.creditNotes + 1,
    ]);
    expect([after.gst.totals.invoices, after.gst.totals.creditNotes]).toEqual([
      before.gst.totals.invoices + 1,
      before.gst.totals.creditNotes + 1,
    ]);
  });
});
