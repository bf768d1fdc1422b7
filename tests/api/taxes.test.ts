import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../contract/format.ts';
import { gstinCheckChar, gstinProblem } from '../../contract/tax.ts';
import { createBooking } from '../../server/services/bookings/create-booking.ts';
import { siteTaxRules } from '../../server/services/tax-rules.ts';
import { priceHold } from '../../server/services/bookings/pricing.ts';
import { bookings } from '../../server/db/schema.ts';
import { receive } from '../../server/services/ledger/ledger.ts';
import { eq } from 'drizzle-orm';
import {
  book,
  call,
  createBookingKit,
  holdId,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  type Site,
} from '../support/booking-kit.ts';

/*
 * Tax lines an accountant signs (issue 19, decision 0043): GST by place of supply, the buyer's GSTIN,
 * TRN and address, TCS by the dated rules of tcs_rules with its threshold per PAN per financial
 * year, and UAE VAT per package treatment.
 */

let kit: BookingKit;
type Who = { token: string; userId: number; email: string };
let priya: Who;
let home: { id: number; amount: number };
let abroad: { id: number };
let dubai: { id: number; amount: number };
let maldives: { id: number; amount: number };

const party = { Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] };
const indian = (over: Record<string, unknown> = {}) => lead({ Phone: '+919812345678', ...over });

async function getInvoice(bookingId: number, token: string, format: 'json' | 'pdf' = 'json') {
  return kit.app.inject({
    method: 'GET',
    url: `/api/Common/GetInvoiceDetails?BookingId=${bookingId}&format=${format}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function pdfText(bookingId: number, token: string): Promise<string> {
  const res = await getInvoice(bookingId, token, 'pdf');
  expect(res.statusCode).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text;
}

async function bookIn(who: Who, site: Site, body: Record<string, unknown>, lines = [{ packageId: home.id }]) {
  const id = await holdId(kit, who.token, site, lines);
  return book(kit, who.token, site, { TempBookingId: id, ...party, ...body });
}

async function packageIn(where: string): Promise<{ id: number; amount: number }> {
  const { rows } = await kit.database.db.execute<{ id: number; amount: number }>(
    sql.raw(`
    select p.id, pp.amount from packages p join cities c on c.id = p.city_id
    join package_prices pp on pp.package_id = p.id and pp.site = 'UAE'
    where p.rooms_per_departure = 10 and ${where} order by p.id limit 1`),
  );
  // In dirhams: the column keeps fils, the demo's prices are whole dirhams.
  return { ...rows[0]!, amount: rows[0]!.amount / 100 };
}

beforeAll(async () => {
  kit = await createBookingKit();
  priya = await traveller(kit, 'priya');
  const { rows } = await kit.database.db.execute<{ id: number; amount: number }>(sql`
    select p.id, pp.amount from packages p join cities c on c.id = p.city_id
    join package_prices pp on pp.package_id = p.id and pp.site = 'IN'
    where p.rooms_per_departure = 10 and c.country_id = 101 order by p.id limit 1`);
  home = { ...rows[0]!, amount: rows[0]!.amount / 100 }; // in rupees (the column keeps paise)
  dubai = await packageIn('c.country_id = 231');
  maldives = await packageIn('c.country_id not in (231, 101)');
  abroad = { id: (await packageIn('c.country_id not in (231, 101) and p.id <> ' + maldives.id)).id };
});
afterAll(() => kit.close());

/** The whole amount of a booking received on a day, written to the ledger as the desk would (a bank transfer). */
async function receivedOn(bookingId: number, at: Date) {
  await kit.database.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    await receive(tx, kit.app.config, b!, {
      amount: b!.total,
      kind: 'bank-transfer',
      at,
      accept: true,
      cause: 'received by bank transfer',
    });
  });
}

describe('India GST: place of supply', () => {
  it('splits GST into CGST 2.5% and SGST 2.5% for a Maharashtra buyer (the seller’s state), with the place of supply and SAC on the invoice and its PDF', async () => {
    const res = await bookIn(priya, 'IN', { LeadTraveller: indian({ State: 'maharashtra' }) });
    expect(res.status, res.body.message).toBe(200);
    const net = home.amount * 2 * 100;
    const inv = (await getInvoice(res.body.data.BookingId, priya.token)).json().data;
    expect(inv.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });
    expect(inv.taxes.map((t: { code: string; rate: number; amount: number }) => [t.code, t.rate, t.amount])).toEqual([
      ['CGST', 2.5, net * 0.025],
      ['SGST', 2.5, net * 0.025],
    ]);
    expect(inv.total).toBe(net * 1.05);
    expect(inv.lines[0]).toMatchObject({ sac: '998552', taxRate: 5 });
    expect(inv.buyer).toMatchObject({
      name: 'Ms Asha Rao',
      address: ['12 Hill Road, Bandra West', 'Mumbai 400050'],
      gstin: null,
    });
    expect(inv.notes.join(' ')).toContain('includes the charges for accommodation and transport');
    // The note's rate is read from the invoice's own lines: CGST 2.5% and SGST 2.5% are one GST of 5%.
    expect(inv.notes.join(' ')).toContain('GST is charged at 5% on the package value.');

    const text = await pdfText(res.body.data.BookingId, priya.token);
    for (const t of [
      'Place of supply: Maharashtra (27)',
      'SAC 998552',
      `CGST 2.5% ${formatMinor(net * 0.025, 'INR')}`,
      `SGST 2.5% ${formatMinor(net * 0.025, 'INR')}`,
      `Amount before tax ${formatMinor(net, 'INR')}`,
      '12 Hill Road, Bandra West',
      'includes the charges for accommodation and transport',
    ]) {
      expect(text, t).toContain(t);
    }
  });

  it('charges IGST 5% to a Delhi buyer (another state), the state given by its GST code or its id in the states list', async () => {
    const net = home.amount * 2 * 100;
    const byCode = await bookIn(priya, 'IN', { LeadTraveller: indian({ State: '07' }) });
    expect(byCode.status, byCode.body.message).toBe(200);
    const inv = (await getInvoice(byCode.body.data.BookingId, priya.token)).json().data;
    expect(inv.placeOfSupply).toEqual({ state: 'Delhi', code: '07' });
    expect(inv.taxes).toEqual([
      expect.objectContaining({ code: 'IGST', rate: 5, amount: net * 0.05, label: 'IGST 5%' }),
    ]);
    expect(inv.notes.join(' ')).toContain('GST is charged at 5% on the package value.');
    expect(await pdfText(byCode.body.data.BookingId, priya.token)).toContain('Place of supply: Delhi (07)');

    const states = await call(kit.app, 'GET', 'StatesByCountryId', { countryId: 101 });
    const delhi = (states.body.data as { id: number; name: string }[]).find((s) => s.name === 'Delhi')!;
    const byId = await bookIn(priya, 'IN', { LeadTraveller: indian({ State: delhi.id }) });
    expect(byId.status, byId.body.message).toBe(200);
    expect((await getInvoice(byId.body.data.BookingId, priya.token)).json().data.placeOfSupply).toEqual({
      state: 'Delhi',
      code: '07',
    });
  });

  it('refuses a booking on the India site without the state, or with one that is not Indian, saying what to choose', async () => {
    const missing = await bookIn(priya, 'IN', { LeadTraveller: indian({ State: undefined }) });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      status: 'error',
      message: 'LeadTraveller.State: choose the lead traveller’s state. It is the place of supply on your GST invoice.',
    });
    const wrong = await bookIn(priya, 'IN', { LeadTraveller: indian({ State: 'Dubai' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^LeadTraveller\.State: “Dubai” is not an Indian state/);
    expect(
      await kit.database.db
        .execute(sql`select 1 from bookings where user_id = ${priya.userId} and place_of_supply_state is null`)
        .then((r) => r.rows.length),
    ).toBe(0);
  });

  it('checks a GSTIN’s form, check character and state; a valid one is on the invoice and stands in for the address', async () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AABCW1234F1ZN')).toBeNull();
    const badCheck = await bookIn(priya, 'IN', { LeadTraveller: indian(), Gstin: '27AAPFU0939F1ZA' });
    expect(badCheck.status).toBe(400);
    expect(badCheck.body.message).toMatch(
      /^Gstin: 27AAPFU0939F1ZA is not a valid GSTIN\. Its last character does not match/,
    );
    const badForm = await bookIn(priya, 'IN', { LeadTraveller: indian(), Gstin: '27AAPFU0939F' });
    expect(badForm.status).toBe(400);
    expect(badForm.body.message).toMatch(/^Gstin: .* A GSTIN has 15 characters/);
    const otherState = await bookIn(priya, 'IN', {
      LeadTraveller: indian({ State: 'Delhi' }),
      Gstin: '27AAPFU0939F1ZV',
    });
    expect(otherState.status).toBe(400);
    expect(otherState.body.message).toBe(
      'Gstin: this GSTIN is registered in Maharashtra (state code 27), but the state chosen is Delhi. Choose the GSTIN’s state, or leave the GSTIN out.',
    );

    const good = await bookIn(priya, 'IN', { LeadTraveller: indian({ Address: undefined }), Gstin: '27aapfu0939f1zv' });
    expect(good.status, good.body.message).toBe(200);
    const inv = (await getInvoice(good.body.data.BookingId, priya.token)).json().data;
    expect(inv.buyer).toMatchObject({ gstin: '27AAPFU0939F1ZV', address: [] });
    expect(await pdfText(good.body.data.BookingId, priya.token)).toContain('GSTIN 27AAPFU0939F1ZV');
  });

  it('asks an unregistered buyer’s address on an invoice from ₹50,000, not below', async () => {
    try {
      // Two adults at ₹24,000: ₹48,000, ₹50,400 with GST.
      await kit.database.db.execute(
        sql`update package_prices set amount = 2400000 where package_id = ${home.id} and site = 'IN'`,
      );
      const big = await bookIn(priya, 'IN', { LeadTraveller: indian({ Address: undefined }) });
      expect(big.status).toBe(400);
      expect(big.body.message).toBe(
        'LeadTraveller.Address: a GST invoice of ₹50,000 or more to a buyer without a GSTIN must carry the buyer’s address. Enter your address, or your business GSTIN.',
      );
      // One adult at ₹40,000 (₹42,000 with GST): no address needed.
      await kit.database.db.execute(
        sql`update package_prices set amount = 4000000 where package_id = ${home.id} and site = 'IN'`,
      );
      const small = await bookIn(priya, 'IN', { LeadTraveller: indian({ Address: [] }), Travellers: [] }, [
        { packageId: home.id, adults: 1 } as never,
      ]);
      expect(small.status, small.body.message).toBe(200);
    } finally {
      await kit.database.db.execute(
        sql`update package_prices set amount = ${home.amount * 100} where package_id = ${home.id} and site = 'IN'`,
      );
    }
  });
});

describe('India TCS: dated rules and the threshold per PAN', () => {
  /** Books through the service with the clock set, as the money would be received that day. */
  async function bookOn(who: Who, now: Date, packageId: number) {
    const id = await holdId(kit, who.token, 'IN', [{ packageId, adults: 2 }]);
    return createBooking(
      kit.database.db,
      kit.app.config,
      { userId: who.userId, site: 'IN' },
      {
        TempBookingId: id,
        PaymentMethod: 'pay-later',
        LeadTraveller: indian() as never,
        Travellers: party.Travellers as never,
        SpecialRequests: '',
        Pan: 'ABCPR1234F',
      },
      now,
    );
  }
  const taxesOf = async (bookingId: number) =>
    (
      await kit.database.db.execute<{
        taxes: { code: string; amount: number; rate: number; label: string; base: number; parts?: unknown }[];
      }>(sql`select taxes from bookings where id = ${bookingId}`)
    ).rows[0]!.taxes;

  it('in FY 2025-26 takes 5% up to ₹10 lakh of this PAN’s receipts, then 20%: the second booking crossing it shows the split', async () => {
    const asha = await traveller(kit, 'asha');
    // ₹4,00,000 an adult: two adults are ₹8,00,000, ₹8,40,000 with GST (the TCS base).
    await kit.database.db.execute(
      sql`update package_prices set amount = 40000000 where package_id = ${abroad.id} and site = 'IN'`,
    );
    const base = 840_000 * 100;
    const first = await bookOn(asha, new Date('2025-06-10T06:00:00Z'), abroad.id);
    const firstTcs = (await taxesOf(first.BookingId)).find((t) => t.code === 'TCS')!;
    expect(firstTcs).toMatchObject({ rate: 5, amount: base * 0.05, base, label: 'TCS 5% (section 206C(1G))' });
    // Its money received on 12 June 2025: an entry in the ledger, as a bank transfer recorded then.
    await receivedOn(first.BookingId, new Date('2025-06-12T06:00:00Z'));

    const second = await bookOn(asha, new Date('2025-09-01T06:00:00Z'), abroad.id);
    const tcs = (await taxesOf(second.BookingId)).find((t) => t.code === 'TCS')!;
    const under = 1_000_000 * 100 - base; // ₹1,60,000 left under the threshold
    expect(tcs.parts).toEqual([
      { base: under, rate: 5, amount: under * 0.05 },
      { base: base - under, rate: 20, amount: (base - under) * 0.2 },
    ]);
    expect(tcs.amount).toBe(under * 0.05 + (base - under) * 0.2);
    expect(tcs.label).toBe(
      `TCS 5% on ${formatMinor(under, 'INR')} + 20% on ${formatMinor(base - under, 'INR')} (section 206C(1G))`,
    );
    expect(second.Total).toBe(800_000 * 100 + 40_000 * 100 + tcs.amount);

    // The invoice and its PDF show the split line.
    const inv = (await getInvoice(second.BookingId, asha.token)).json().data;
    expect(inv.taxes.find((t: { code: string }) => t.code === 'TCS')).toMatchObject({
      amount: tcs.amount,
      parts: tcs.parts,
    });
    expect((await pdfText(second.BookingId, asha.token)).replace(/\s+/g, ' ')).toContain(
      `${tcs.label} ${formatMinor(tcs.amount, 'INR')}`,
    );
  });

  it('from 1 April 2026 takes 2% with no threshold, whatever the PAN received before', async () => {
    const ravi = await traveller(kit, 'ravi');
    await kit.database.db.execute(
      sql`update package_prices set amount = 40000000 where package_id = ${abroad.id} and site = 'IN'`,
    );
    const base = 840_000 * 100;
    const first = await bookOn(ravi, new Date('2026-04-02T06:00:00Z'), abroad.id);
    await receivedOn(first.BookingId, new Date('2026-04-02T06:00:00Z'));
    const second = await bookOn(ravi, new Date('2026-04-05T06:00:00Z'), abroad.id);
    for (const b of [first, second]) {
      const tcs = (await taxesOf(b.BookingId)).find((t) => t.code === 'TCS')!;
      expect(tcs).toMatchObject({ rate: 2, amount: base * 0.02, base, label: 'TCS 2% (section 206C(1G))' });
      expect(tcs.parts).toBeUndefined();
    }
  });

  it('says the rule of the day to the client (GetTaxRules), and TCS_RATE_PERCENT overrides the table', async () => {
    const rules = await call(kit.app, 'GET', 'GetTaxRules', {}, { headers: { country: 'IN' } });
    expect(rules.status).toBe(200);
    expect(rules.body.data).toMatchObject({
      gst: 5,
      vat: null,
      tcs: { effectiveFrom: '2026-04-01', rate: 2, threshold: null },
    });
    const uae = await call(kit.app, 'GET', 'GetTaxRules', {}, { headers: { country: 'UAE' } });
    expect(uae.body.data).toMatchObject({ gst: null, tcs: null, vat: 5 });
    const detail = await call(
      kit.app,
      'GET',
      'Holiday/GetPackageDetail',
      {
        Slug: (await kit.database.db.execute<{ slug: string }>(sql`select slug from packages where id = ${abroad.id}`))
          .rows[0]!.slug,
      },
      { headers: { country: 'IN' } },
    );
    expect(detail.body.data.tax).toEqual({ overseas: true, vatTreatment: 'zero' });
    expect(detail.body.data.taxRules!.tcs).toMatchObject({ rate: 2 });

    // The setting's flat rate, when set, stands for the table (the route passes TCS_RATE_PERCENT).
    expect((await siteTaxRules(kit.database.db, 1, 'IN')).tcs).toMatchObject({ rate: 1, threshold: null });
    expect((await siteTaxRules(kit.database.db, undefined, 'IN', new Date('2025-12-01T00:00:00Z'))).tcs).toMatchObject({
      rate: 5,
      threshold: 100_000_000,
      rateAbove: 20,
    });
  });
});

describe('GST and VAT rates are dated rows', () => {
  it('a new rate is one row: from its day the price, GetTaxRules and the hint carry it; the day before, the old rate', async () => {
    // Far enough ahead that no other test of this file prices on or after it.
    await kit.database.db.execute(
      sql`insert into tax_rates (tax, effective_from, rate_bp, note) values ('GST', '2031-01-01', 1200, 'test'), ('VAT', '2031-01-01', 750, 'test')`,
    );
    const before = new Date('2030-12-31T12:00:00Z');
    const after = new Date('2031-01-01T12:00:00Z');
    const line = (packageId: number) => [
      { packageId, travelDate: '2031-02-01', adults: 2, children: 0, infants: 0, rooms: 1 },
    ];
    const priceOn = (site: Site, packageId: number, now: Date) =>
      priceHold(kit.database.db, {
        site,
        lines: line(packageId),
        userId: priya.userId,
        tcsRate: undefined,
        now,
        supply: 'inter',
      });

    const inBefore = await priceOn('IN', home.id, before);
    const inAfter = await priceOn('IN', home.id, after);
    const igst = (p: typeof inBefore) => p.taxes.find((t) => t.code === 'IGST')!;
    expect(igst(inBefore)).toMatchObject({ rate: 5, label: 'IGST 5%', amount: Math.round(inBefore.subtotal * 0.05) });
    expect(igst(inAfter)).toMatchObject({ rate: 12, label: 'IGST 12%', amount: Math.round(inAfter.subtotal * 0.12) });
    expect(inAfter.total).toBe(inAfter.subtotal + igst(inAfter).amount);

    const uaeBefore = await priceOn('UAE', dubai.id, before);
    const uaeAfter = await priceOn('UAE', dubai.id, after);
    expect(uaeBefore.taxes[0]).toMatchObject({
      code: 'VAT',
      rate: 5,
      amount: Math.round((uaeBefore.subtotal * 5) / 105),
    });
    expect(uaeAfter.taxes[0]).toMatchObject({
      code: 'VAT',
      rate: 7.5,
      label: 'VAT 7.5% (included)',
      amount: Math.round((uaeAfter.subtotal * 7.5) / 107.5),
    });
    // VAT is inside the price: the total does not move with the rate.
    expect(uaeAfter.total).toBe(uaeBefore.total);

    expect(await siteTaxRules(kit.database.db, undefined, 'IN', after)).toMatchObject({
      day: '2031-01-01',
      gst: 12,
      vat: null,
    });
    expect(await siteTaxRules(kit.database.db, undefined, 'UAE', after)).toMatchObject({
      day: '2031-01-01',
      gst: null,
      vat: 7.5,
    });
    expect(await siteTaxRules(kit.database.db, undefined, 'UAE', before)).toMatchObject({ gst: null, vat: 5 });
  });
});

describe('UAE VAT per package', () => {
  it('shows a zero-rated line (outside the UAE) and a standard-rated one on one invoice, VAT only on the standard line, with the buyer’s TRN and address', async () => {
    const lina = await traveller(kit, 'lina');
    const badTrn = await bookIn(lina, 'UAE', { Trn: '12345' }, [{ packageId: dubai.id }, { packageId: maldives.id }]);
    expect(badTrn.status).toBe(400);
    expect(badTrn.body.message).toMatch(/^Trn: a UAE tax registration number has 15 digits/);

    const res = await bookIn(
      lina,
      'UAE',
      { Trn: '100234567800003', LeadTraveller: lead({ Address: ['Villa 7, Street 12', 'Al Barsha, Dubai'] }) },
      [{ packageId: dubai.id }, { packageId: maldives.id }],
    );
    expect(res.status, res.body.message).toBe(200);
    const inv = (await getInvoice(res.body.data.BookingId, lina.token)).json().data;
    const std = inv.lines.find((l: { packageId: number }) => l.packageId === dubai.id);
    const zero = inv.lines.find((l: { packageId: number }) => l.packageId === maldives.id);
    expect(std).toMatchObject({
      vatTreatment: 'standard',
      taxRate: 5,
      sac: null,
      taxNote: 'Standard-rated, VAT 5% included',
    });
    expect(zero).toMatchObject({ vatTreatment: 'zero', taxRate: 0, taxNote: 'Zero-rated (0%): no VAT' });
    const stdAmount = dubai.amount * 2 * 100;
    expect(inv.taxes).toEqual([
      {
        code: 'VAT',
        label: 'VAT 5% (included)',
        rate: 5,
        amount: Math.round((stdAmount * 5) / 105),
        included: true,
        base: stdAmount,
      },
    ]);
    expect(inv.total).toBe((dubai.amount + maldives.amount) * 2 * 100);
    expect(inv.placeOfSupply).toBeNull();
    expect(inv.buyer).toMatchObject({ trn: '100234567800003', address: ['Villa 7, Street 12', 'Al Barsha, Dubai'] });

    const text = await pdfText(res.body.data.BookingId, lina.token);
    for (const t of [
      'Standard-rated, VAT 5% included',
      'Zero-rated (0%): no VAT',
      'TRN 100234567800003',
      'Villa 7, Street 12',
      `Amount before tax ${formatMinor(inv.amountBeforeTax, 'AED')}`,
    ]) {
      expect(text, t).toContain(t);
    }
    // The line keeps the treatment it was booked with.
    const { rows } = await kit.database.db.execute<{ vat_treatment: string }>(
      sql`select vat_treatment from booking_lines where booking_id = ${res.body.data.BookingId} order by position`,
    );
    expect(rows.map((r) => r.vat_treatment).sort()).toEqual(['standard', 'zero']);
  });

  it('quotes a hold of zero-rated holidays only with VAT at 0%', async () => {
    const omar = await traveller(kit, 'omar');
    const id = await holdId(kit, omar.token, 'UAE', [{ packageId: maldives.id }]);
    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, omar.token, 'UAE');
    expect(quote.body.data.taxes).toEqual([
      { code: 'VAT', label: 'VAT 0% (zero-rated)', rate: 0, amount: 0, included: true, base: 0 },
    ]);
    expect(quote.body.data.lines[0]).toMatchObject({ vatTreatment: 'zero', overseas: true });
  });
});
