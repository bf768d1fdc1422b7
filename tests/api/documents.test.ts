import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../contract/documents.ts';
import { formatDay, formatMinor } from '../../contract/format.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  markPaidInFull,
  post,
  sql,
  traveller,
  type BookingKit,
  type Line,
  type Site,
  razorpayStep,
  stripeStep,
} from '../support/booking-kit.ts';
import type { PackageStay } from '../../server/db/schema.ts';

let kit: BookingKit;
type Who = { token: string; userId: number; email: string };
let asha: Who;
let karan: Who;
let priya: Who;
/** A UAE package with rooms, and one outside India (TCS on the India site). */
let dubai: { id: number; title: string };
let overseas: { id: number; title: string };

const party = { Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] };
const indianLead = (email: string) =>
  lead({ FirstName: 'Priya', LastName: 'Shah', Email: email, Phone: '+919812345678' });

/** A document call as the app makes it: GET, bearer token, any Country header. */
async function getDoc(
  path: 'GetInvoiceDetails' | 'GenerateAllVoucher',
  query: Record<string, string | number>,
  token?: string,
  site: Site = 'UAE',
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return kit.app.inject({
    method: 'GET',
    url: `/api/Common/${path}?${qs}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), country: site },
  });
}

/** JSON of a document call that must succeed. */
async function json(path: 'GetInvoiceDetails' | 'GenerateAllVoucher', bookingId: number, token: string) {
  const res = await getDoc(path, { BookingId: bookingId }, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json().data;
}

/** The text of each page of a PDF, as a reader extracts it. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}

async function detail(token: string, ref: string) {
  return (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token })).body.data;
}

/** A pay-later booking (confirmed, unpaid). */
async function payLater(
  who: Who,
  site: Site,
  body: Record<string, unknown> = {},
  lines: Line[] = [{ packageId: dubai.id }],
) {
  const id = await holdId(kit, who.token, site, lines);
  const res = await book(kit, who.token, site, { TempBookingId: id, ...party, ...body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** A pay-later booking whose balance was then received in full. */
async function paidLater(
  who: Who,
  site: Site,
  body: Record<string, unknown> = {},
  lines: Line[] = [{ packageId: dubai.id }],
) {
  const b = await payLater(who, site, body, lines);
  await markPaidInFull(kit, b.BookingId);
  return b;
}

/** An India booking paid with Razorpay: made (awaiting payment), with its order. */
async function razorpayBooking(who: Who) {
  const id = await holdId(kit, who.token, 'IN', [{ packageId: overseas.id }]);
  const res = await book(kit, who.token, 'IN', {
    TempBookingId: id,
    PaymentMethod: 'razorpay',
    LeadTraveller: indianLead(who.email),
    Pan: 'ABCPS1234F',
    ...party,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  kit = await createBookingKit();
  asha = await traveller(kit, 'asha');
  karan = await traveller(kit, 'karan');
  priya = await traveller(kit, 'priya');
  dubai = await findPackage(kit, { rooms: 10, inIndia: false });
  overseas = dubai;
});
afterAll(() => kit.close());

describe('GetInvoiceDetails', () => {
  it('gives a pay-later booking a proforma invoice until it is paid: no number, the booking’s lines, coupon, VAT and total, and the balance with the account to pay; paid in full, a tax invoice numbered in the UAE series', async () => {
    const fresh = await traveller(kit, 'lina');
    const b = await payLater(
      fresh,
      'UAE',
      {
        CouponCode: 'WELCOME10',
        Travellers: [
          { FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' },
          { FirstName: 'Mira', LastName: 'Rao', AgeBand: 'child', DOB: '2019-06-01' },
        ],
      },
      [{ packageId: dubai.id, adults: 2, children: 1 }],
    );
    const d = await detail(fresh.token, b.RefIdKey);
    const inv = await json('GetInvoiceDetails', b.BookingId, fresh.token);

    expect(inv).toMatchObject({
      BookingId: b.BookingId,
      RefIdKey: b.RefIdKey,
      site: 'UAE',
      currency: 'AED',
      title: 'Proforma Invoice',
      documentTitle: 'Proforma invoice',
      invoiceNumber: null,
      status: 'confirmed',
      paymentStatus: 'unpaid',
      paymentMethod: 'pay-later',
      seller: { legalName: 'Wanderlust Holidays Travel & Tourism LLC', taxLabel: 'TRN', taxNumber: '100123456700003' },
      buyer: { name: 'Ms Asha Rao', email: 'asha.rao@example.com', phone: '+971501234567', pan: null },
      coupon: { code: 'WELCOME10' },
      amountPaid: 0,
      paymentDueOn: d.paymentDueOn,
      paidOn: null,
      pdf: {
        filename: `proforma-${b.RefIdKey}.pdf`,
        url: `/api/Common/GetInvoiceDetails?BookingId=${b.BookingId}&format=pdf`,
      },
    });
    expect(inv.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The booking's own figures, not a recalculation.
    expect({ subtotal: inv.subtotal, discount: inv.discount, taxes: inv.taxes, total: inv.total }).toEqual({
      subtotal: d.subtotal,
      discount: d.discount,
      taxes: d.taxes,
      total: d.total,
    });
    expect(inv.discount).toBeGreaterThan(0);
    expect(inv.taxes).toEqual([expect.objectContaining({ code: 'VAT', label: 'VAT 5% (included)', included: true })]);
    expect(inv.total).toBe(inv.subtotal - inv.discount);
    expect(inv.amountBeforeTax).toBe(inv.total - inv.taxes[0].amount);
    expect(inv.amountDue).toBe(inv.total);

    const [line] = inv.lines;
    expect(line).toMatchObject({ position: 1, packageId: dubai.id, title: dubai.title, rooms: 1 });
    expect(line.items.map((i: { label: string; quantity: number }) => [i.label, i.quantity])).toEqual([
      ['Adult', 2],
      ['Child', 1],
    ]);
    for (const item of line.items) expect(item.amount).toBe(item.quantity * item.unitPrice);
    expect(line.items[1].unitPrice).toBe(Math.round((line.items[0].unitPrice / 100) * 0.6) * 100);
    expect(line.amount).toBe(line.items.reduce((s: number, i: { amount: number }) => s + i.amount, 0));
    expect(inv.subtotal).toBe(line.amount);

    expect(inv.payTo).toMatchObject({ bank: { codeLabel: 'IBAN', bankName: 'Emirates NBD' }, reference: b.RefIdKey });
    expect(inv.payTo.instruction).toBe(
      `Balance of ${formatMinor(inv.total, 'AED')} due by ${formatDay(d.paymentDueOn!)}. Pay by bank transfer to the account below, quoting your booking reference ${b.RefIdKey}, or call +971 4 123 4567 to pay by card.`,
    );
    expect(inv.notes[0]).toBe(
      'This is a proforma invoice, not a tax invoice: the tax invoice, with its number, is issued when the balance is received in full.',
    );
    expect(inv.notes).toContain('Prices of standard-rated services include VAT at 5%.');
    // Nothing was taken from the tax-invoice series.
    expect(
      (
        await kit.database.db.execute<{ n: string | null }>(
          sql`select invoice_number as n from bookings where id = ${b.BookingId}`,
        )
      ).rows[0]!.n,
    ).toBeNull();

    await markPaidInFull(kit, b.BookingId);
    const tax = await json('GetInvoiceDetails', b.BookingId, fresh.token);
    expect(tax).toMatchObject({
      title: 'Tax Invoice',
      documentTitle: 'Tax invoice',
      paymentStatus: 'paid',
      amountPaid: inv.total,
      amountDue: 0,
      payTo: null,
      paymentDueOn: null,
      total: inv.total,
      lines: inv.lines,
    });
    expect(tax.invoiceNumber).toMatch(/^WLH-AE-\d{6}$/);
    expect(tax.pdf.filename).toBe(`invoice-${tax.invoiceNumber}.pdf`);
    expect(tax.notes[0]).toBe(`Paid in full on ${formatDay(tax.paidOn)} by bank transfer. Thank you.`);
    expect(tax.notes.some((n: string) => n.includes('proforma'))).toBe(false);
  });

  it('answers the same invoice as a PDF attachment: a proforma until paid (not a tax invoice, the amount due and its date), then the tax invoice’s number; reference, buyer and amounts in AED, the same bytes each time', async () => {
    const b = await payLater(asha, 'UAE');
    const proforma = await json('GetInvoiceDetails', b.BookingId, asha.token);
    const first = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'pdf' }, asha.token);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="proforma-${b.RefIdKey}.pdf"`);
    const unpaid = (await pdfPages(first.rawPayload)).join('\n');
    for (const text of [
      'PROFORMA INVOICE',
      'Not a tax invoice',
      'This is a proforma invoice, not a tax invoice',
      `Balance due ${formatMinor(proforma.amountDue, 'AED')}`,
      `Pay ${formatMinor(proforma.amountDue, 'AED')} by ${formatDay(proforma.paymentDueOn)}`,
      b.RefIdKey,
    ]) {
      expect(unpaid, text).toContain(text);
    }
    expect(unpaid).not.toContain('TAX INVOICE');
    expect(unpaid).not.toMatch(/WLH-AE-\d/);

    await markPaidInFull(kit, b.BookingId);
    const inv = await json('GetInvoiceDetails', b.BookingId, asha.token);
    const res = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'pdf' }, asha.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.invoiceNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...more] = await pdfPages(res.rawPayload);
    expect(more).toEqual([]);
    for (const text of [
      'TAX INVOICE',
      inv.invoiceNumber,
      b.RefIdKey,
      'Ms Asha Rao',
      'TRN 100123456700003',
      'VAT 5% (included)',
      `Total (AED) ${formatMinor(inv.total, 'AED')}`,
      `Balance due ${formatMinor(0, 'AED')}`,
    ]) {
      expect(page, text).toContain(text);
    }
    expect(page).not.toContain('IBAN');
    expect(page).not.toContain('proforma');
    expect(formatMinor(inv.total, 'AED')).toMatch(/^AED \d/);

    const again = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'PDF' }, asha.token);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('asks to pay to the account below only where the bank box is below those words, and quotes one reference, the booking’s, in the invoice, its PDF, the booking and the mail', async () => {
    const since = kit.mail.mails.length;
    const b = await payLater(asha, 'UAE');
    const d = await detail(asha.token, b.RefIdKey);
    const inv = await json('GetInvoiceDetails', b.BookingId, asha.token);
    const due = `${formatMinor(inv.amountDue, 'AED')} due by ${formatDay(inv.paymentDueOn)}`;
    // The words that ask for the transfer belong to the bank box; the notes under the totals do not point at it.
    expect(inv.payTo).toMatchObject({
      reference: b.RefIdKey,
      instruction: `Balance of ${due}. Pay by bank transfer to the account below, quoting your booking reference ${b.RefIdKey}, or call +971 4 123 4567 to pay by card.`,
    });
    expect(inv.notes.filter((n: string) => /account (below|above)|quot/.test(n))).toEqual([]);

    // In the PDF those words come right before the box: its first line, then the account.
    const text = (
      await pdfPages(
        (await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'pdf' }, asha.token)).rawPayload,
      )
    )
      .join('\n')
      .replace(/\s+/g, ' ');
    const at = (needle: string) => {
      expect(text, needle).toContain(needle);
      return text.indexOf(needle);
    };
    const words = at('Pay by bank transfer to the account below');
    expect(words).toBeLessThan(at('Account name:'));
    expect(words).toBeLessThan(at('Account number:'));
    expect(at(`Reference: ${b.RefIdKey}`)).toBeGreaterThan(at('Account number:'));
    expect(text.lastIndexOf('Pay by bank transfer')).toBe(words);
    // Whatever is to be quoted is the booking reference.
    const quoted = [...text.matchAll(/(?:quot\w*(?: your booking reference)?|Reference:) ([A-Z0-9-]+)/g)].map(
      (m) => m[1],
    );
    expect(quoted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(quoted)).toEqual(new Set([b.RefIdKey]));

    // The booking page and the mail name the same reference to quote.
    expect(d.RefIdKey).toBe(b.RefIdKey);
    const mail = await kit.mail.waitFor('asha.rao@example.com', { since, subject: `Booking confirmed: ${b.RefIdKey}` });
    expect(mail.raw).toContain(`Reference: ${b.RefIdKey}`);
    expect(
      [...mail.raw.matchAll(/(?:quote|Reference:) ([A-Z0-9-]{6,})/g)].map((m) => m[1]).every((r) => r === b.RefIdKey),
    ).toBe(true);
  });

  it('India: GST and TCS as the booking has them, the masked PAN, and rupee amounts in the PDF', async () => {
    const b = await payLater(priya, 'IN', { LeadTraveller: indianLead(priya.email), Pan: 'ABCPS1234F' }, [
      { packageId: overseas.id },
    ]);
    const d = await detail(priya.token, b.RefIdKey);
    const inv = await json('GetInvoiceDetails', b.BookingId, priya.token);
    expect(inv).toMatchObject({
      site: 'IN',
      currency: 'INR',
      buyer: { name: 'Ms Priya Shah', pan: 'XXXXX1234F' },
      seller: { taxLabel: 'GSTIN', taxNumber: '27AABCW1234F1ZN' },
    });
    expect(inv).toMatchObject({ title: 'Proforma Invoice', invoiceNumber: null });
    expect(inv.taxes).toEqual(d.taxes);
    // A Maharashtra buyer of a Maharashtra seller: CGST and SGST.
    expect(inv.taxes.map((t: { code: string }) => t.code)).toEqual(['CGST', 'SGST', 'TCS']);
    const [cgst, sgst, tcs] = inv.taxes;
    const gst = { amount: cgst.amount + sgst.amount };
    expect(inv.total).toBe(inv.subtotal - inv.discount + gst.amount + tcs.amount);
    expect(inv.total).toBe(d.total);
    expect(inv.amountBeforeTax).toBe(inv.subtotal - inv.discount);
    expect(inv.payTo.bank).toMatchObject({ codeLabel: 'IFSC', code: 'HDFC0000123' });
    expect(inv.notes.some((n: string) => n.startsWith('TCS is collected under section 206C(1G)'))).toBe(true);

    const pdf = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'pdf' }, priya.token, 'UAE');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const t of [
      'PROFORMA INVOICE',
      b.RefIdKey,
      'Ms Priya Shah',
      'PAN XXXXX1234F',
      'GSTIN 27AABCW1234F1ZN',
      `CGST 2.5% ${formatMinor(cgst.amount, 'INR')}`,
      `SGST 2.5% ${formatMinor(sgst.amount, 'INR')}`,
      `${tcs.label} ${formatMinor(tcs.amount, 'INR')}`,
      `Total (INR) ${formatMinor(inv.total, 'INR')}`,
    ]) {
      expect(text, t).toContain(t);
    }
    expect(formatMinor(inv.total, 'INR')).toMatch(/^₹\d/);
    expect(text).not.toContain('AED');
  });

  it('has no invoice while a gateway payment is awaited; paying it gives the number, and the invoice shows it paid', async () => {
    const b = await razorpayBooking(karan);
    for (const format of ['json', 'pdf']) {
      const res = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format }, karan.token);
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'error', message: DOCUMENT_MESSAGES.invoiceAwaitingPayment, data: null });
    }
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const paid = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      karan.token,
      'IN',
    );
    expect(paid.status).toBe(200);
    const inv = await json('GetInvoiceDetails', b.BookingId, karan.token);
    expect(inv.invoiceNumber).toMatch(/^WLH-IN-\d{6}$/);
    expect(inv).toMatchObject({
      title: 'Tax Invoice',
      paymentStatus: 'paid',
      paymentMethod: 'razorpay',
      amountPaid: inv.total,
      amountDue: 0,
      payTo: null,
      paymentDueOn: null,
    });
    expect(inv.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(inv.notes[0]).toBe(`Paid in full on ${formatDay(inv.paidOn)} online with Razorpay. Thank you.`);
    const text = (
      await pdfPages(
        (await getDoc('GetInvoiceDetails', { BookingId: b.BookingId, format: 'pdf' }, karan.token)).rawPayload,
      )
    ).join('\n');
    expect(text).toContain(`Balance due ${formatMinor(0, 'INR')}`);
    expect(text).not.toContain('IFSC');
  });
});

describe('GenerateAllVoucher', () => {
  it('gives a voucher per service of each booked package once paid: each of its stays, the transfers and each sightseeing day, with the package’s own hotels, the destination’s desks, the travellers and a QR code', async () => {
    const second = await findPackage(kit, { inIndia: true, rooms: 10 });
    const b = await paidLater(asha, 'UAE', {}, [{ packageId: dubai.id }, { packageId: second.id }]);
    const d = await detail(asha.token, b.RefIdKey);
    const set = await json('GenerateAllVoucher', b.BookingId, asha.token);
    const { rows: pkgs } = await kit.database.db.execute<{
      id: number;
      city_id: number;
      days: number;
      stays: PackageStay[];
    }>(
      sql`select id, city_id, jsonb_array_length(itinerary)::int as days, stays from packages where id in (${dubai.id}, ${second.id})`,
    );
    const { rows: suppliers } = await kit.database.db.execute<{
      city_id: number;
      kind: string;
      name: string;
      phone: string;
      address: string[];
    }>(sql`select city_id, kind, name, phone, address from suppliers`);

    expect(set).toMatchObject({
      BookingId: b.BookingId,
      RefIdKey: b.RefIdKey,
      site: 'UAE',
      status: 'confirmed',
      travellers: [
        { name: 'Ms Asha Rao', ageBand: 'adult', lead: true },
        { name: 'Ravi Rao', ageBand: 'adult', lead: false },
      ],
      leadContact: { phone: '+971501234567', email: 'asha.rao@example.com' },
      qr: { text: b.RefIdKey },
      paymentStatus: 'paid',
      paymentDue: null,
      help: { phone: '+971 4 123 4567' },
      pdf: {
        filename: `vouchers-${b.RefIdKey}.pdf`,
        url: `/api/Common/GenerateAllVoucher?BookingId=${b.BookingId}&format=pdf`,
      },
    });
    expect(set.qr.svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"[^>]*><rect[^>]*\/><path fill="#000" d="(M\d+ \d+h\d+v1h-\d+z)+"\/><\/svg>$/,
    );

    expect(set.vouchers.map((v: { number: string }) => v.number)).toEqual(
      set.vouchers.map((_: unknown, i: number) => `${b.RefIdKey}-${String(i + 1).padStart(2, '0')}`),
    );
    for (const [position, line] of d.lines.entries()) {
      const pkg = pkgs.find((p) => p.id === line.packageId)!;
      const own = set.vouchers.filter((v: { position: number }) => v.position === position + 1);
      const n = pkg.stays.length;
      expect(n).toBeGreaterThan(0);
      expect(own.map((v: { kind: string }) => v.kind)).toEqual([
        ...Array(n).fill('stay'),
        'transfer',
        ...Array(pkg.days - 2).fill('sightseeing'),
      ]);
      const supplier = (kind: string) => suppliers.find((s) => s.city_id === pkg.city_id && s.kind === kind)!;
      const [stay, transfer, firstTour] = [own[0], own[n], own[n + 1]];
      const hotel = pkg.stays[0]!.supplier;
      expect(stay).toMatchObject({
        title: expect.stringMatching(/stay in /),
        place: pkg.stays[0]!.place,
        packageTitle: line.title,
        startDate: line.travelDate,
        supplier: { name: hotel.name, phone: hotel.phone, address: hotel.address },
      });
      expect(own[n - 1].endDate).toBe(
        new Date(Date.parse(line.travelDate) + line.nights * 86_400_000).toISOString().slice(0, 10),
      );
      expect(stay.details.map((x: { label: string }) => x.label)).toEqual([
        'Check-in',
        'Check-out',
        'Nights',
        'Guests',
      ]);
      expect(stay.included[0]).toMatch(/\d+ nights/);
      expect(stay.notes.length).toBeGreaterThan(0);
      expect(transfer).toMatchObject({ kind: 'transfer', supplier: { name: supplier('transfer').name } });
      expect(transfer.details[0].label).toBe('Arrival');
      expect(transfer.details[0].value).toContain(hotel.name);
      expect(transfer.included.some((i: string) => /safari|tour/i.test(i))).toBe(false);
      expect(firstTour).toMatchObject({
        kind: 'sightseeing',
        supplier: { name: supplier('sightseeing').name },
        startDate: new Date(Date.parse(line.travelDate) + 86_400_000).toISOString().slice(0, 10),
      });
    }
  });

  it('answers all the vouchers in one PDF: each voucher’s number, the reference, the names and the hotel; the same bytes each time', async () => {
    const b = await paidLater(asha, 'UAE');
    const set = await json('GenerateAllVoucher', b.BookingId, asha.token);
    const res = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format: 'pdf' }, asha.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vouchers-${b.RefIdKey}.pdf"`);
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(set.vouchers.length);
    const text = pages.join('\n');
    for (const v of set.vouchers) {
      expect(text).toContain(`Voucher ${v.number}`);
      expect(text).toContain(v.supplier.name);
    }
    expect(pages[0]).toContain('HOTEL VOUCHER');
    expect(pages[0]).toContain(b.RefIdKey);
    expect(pages[0]).toContain('Ms Asha Rao (lead), Ravi Rao');
    expect(pages[0]).not.toContain('Balance of');
    const again = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format: 'pdf' }, asha.token);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('is refused while a payment is awaited, and says nothing is due once paid', async () => {
    const b = await razorpayBooking(priya);
    for (const format of ['json', 'pdf']) {
      const res = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format }, priya.token, 'IN');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'error', message: DOCUMENT_MESSAGES.vouchersAwaitingPayment, data: null });
    }
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    expect(
      (await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, priya.token, 'IN')).status,
    ).toBe(200);
    const set = await json('GenerateAllVoucher', b.BookingId, priya.token);
    expect(set).toMatchObject({ paymentStatus: 'paid', paymentDue: null, help: { phone: '+91 22 4000 1234' } });
    const text = (
      await pdfPages(
        (await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format: 'pdf' }, priya.token)).rawPayload,
      )
    ).join('\n');
    expect(text).not.toContain('Payment due');
  });

  it('refuses a pay-later booking’s vouchers until its balance is paid in full, then gives them', async () => {
    const b = await payLater(karan, 'UAE');
    for (const format of ['json', 'pdf']) {
      const res = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format }, karan.token);
      expect(res.statusCode, format).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'error', message: DOCUMENT_MESSAGES.vouchersAfterBalance, data: null });
    }
    expect(DOCUMENT_MESSAGES.vouchersAfterBalance).toMatch(/^Vouchers come when the balance is paid\./);
    await markPaidInFull(kit, b.BookingId);
    const set = await json('GenerateAllVoucher', b.BookingId, karan.token);
    expect(set).toMatchObject({ RefIdKey: b.RefIdKey, paymentStatus: 'paid', paymentDue: null });
    expect(set.vouchers.length).toBeGreaterThan(0);
    const pdf = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId, format: 'pdf' }, karan.token);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('a booking cancelled before it was confirmed has neither invoice nor vouchers', async () => {
    const b = await razorpayBooking(karan);
    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.BookingId}`);
    const invoice = await getDoc('GetInvoiceDetails', { BookingId: b.BookingId }, karan.token);
    expect([invoice.statusCode, invoice.json().message]).toEqual([409, DOCUMENT_MESSAGES.invoiceCancelled]);
    const vouchers = await getDoc('GenerateAllVoucher', { BookingId: b.BookingId }, karan.token);
    expect([vouchers.statusCode, vouchers.json().message]).toEqual([409, DOCUMENT_MESSAGES.vouchersCancelled]);
  });
});

describe('who may see them', () => {
  it('refuses another traveller’s booking with a 404 and no data, never a file', async () => {
    const b = await payLater(asha, 'UAE');
    for (const path of ['GetInvoiceDetails', 'GenerateAllVoucher'] as const) {
      for (const format of ['json', 'pdf']) {
        const res = await getDoc(path, { BookingId: b.BookingId, format }, karan.token);
        expect(res.statusCode, `${path} ${format}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.json()).toEqual({
          status: 'error',
          message: 'We could not find this booking in your account.',
          data: null,
        });
      }
      const none = await getDoc(path, { BookingId: 999_999 }, karan.token);
      expect(none.json().message).toBe('We could not find this booking in your account.');
    }
  });

  it('asks for a sign-in without a token, refuses one we did not issue, and takes the Token or token parameter', async () => {
    const b = await paidLater(asha, 'UAE');
    for (const path of ['GetInvoiceDetails', 'GenerateAllVoucher'] as const) {
      const none = await getDoc(path, { BookingId: b.BookingId, format: 'pdf' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ status: 'error', message: 'Token not found. Please log in again.', data: null });
      const forged = await getDoc(path, { BookingId: b.BookingId }, `${asha.token.slice(0, -4)}AAAA`);
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe('Token expired. please log in again');
      expect((await getDoc(path, { BookingId: b.BookingId, Token: asha.token })).statusCode).toBe(200);
      const lower = await getDoc(path, { BookingId: b.BookingId, token: asha.token, format: 'pdf' });
      expect([lower.statusCode, lower.headers['content-type']]).toEqual([200, 'application/pdf']);
    }
  });

  it('answers bad parameters with a message, not a document', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'BookingId: is required'],
      [{ BookingId: 'abc' }, 'BookingId: must be a numeric id'],
      [{ BookingId: '1', format: 'docx' }, 'format: must be json or pdf'],
    ];
    for (const [query, message] of cases) {
      const res = await getDoc('GetInvoiceDetails', query, asha.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message, data: null });
    }
  });
});

describe('invoice numbers', () => {
  it('run without gaps or repeats per site when bookings are paid at the same time (pay-later balances, Razorpay, Stripe and its webhook), and never on an unpaid booking', async () => {
    const people = await Promise.all(['noor', 'omar', 'sara', 'zaid'].map((n) => traveller(kit, n)));
    const holds = await Promise.all(people.map((p) => holdId(kit, p.token, 'UAE', [{ packageId: dubai.id }])));
    const booked = await Promise.all(
      people.map((p, i) => book(kit, p.token, 'UAE', { TempBookingId: holds[i], ...party })),
    );
    expect(booked.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Three of the four balances are received at the same time; the fourth stays unpaid.
    await Promise.all(booked.slice(0, 3).map((r) => markPaidInFull(kit, r.body.data.BookingId)));

    const gateway = await Promise.all(people.slice(0, 3).map((p) => razorpayBooking(p)));
    const proofs = gateway.map((g) => kit.gateways.payOrder(razorpayStep(g.Next).orderId));
    const verified = await Promise.all(
      gateway.map((g, i) =>
        post(kit, 'VerifyPaymentSignatureAsync', { BookingId: g.BookingId, ...proofs[i] }, people[i]!.token, 'IN'),
      ),
    );
    expect(verified.map((r) => r.status)).toEqual([200, 200, 200]);

    const stripe = await Promise.all(
      people.slice(0, 2).map(async (p) => {
        const id = await holdId(kit, p.token, 'UAE', [{ packageId: dubai.id }]);
        return (await book(kit, p.token, 'UAE', { TempBookingId: id, PaymentMethod: 'stripe', ...party })).body.data;
      }),
    );
    // The traveller's return and Stripe's webhook race for the same session: one number per booking.
    await Promise.all(
      stripe.flatMap((s, i) => {
        const session = kit.gateways.paySession(stripeStep(s.Next).sessionId);
        const event = kit.gateways.stripeEvent(session);
        return [
          post(
            kit,
            'VerifyStripePaymentAsync',
            { BookingId: s.BookingId, sessionId: stripeStep(s.Next).sessionId },
            people[i]!.token,
          ),
          kit.app.inject({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            payload: event.payload,
          }),
        ];
      }),
    );

    // Every booking of this file so far: paid ones numbered 1..n per site, the others not at all.
    const { rows } = await kit.database.db.execute<{
      site: string;
      status: string;
      payment_status: string;
      invoice_number: string | null;
    }>(sql`select site, status, payment_status, invoice_number from bookings order by id`);
    for (const site of ['UAE', 'IN']) {
      const prefix = site === 'IN' ? 'WLH-IN-' : 'WLH-AE-';
      const confirmed = rows.filter((r) => r.site === site && r.status === 'confirmed' && r.payment_status === 'paid');
      const numbers = confirmed.map((r) => r.invoice_number);
      expect(
        numbers.every((n) => n?.startsWith(prefix)),
        site,
      ).toBe(true);
      expect(
        numbers.map((n) => Number(n!.slice(prefix.length))).sort((a, b) => a - b),
        site,
      ).toEqual(confirmed.map((_, i) => i + 1));
      const { rows: counter } = await kit.database.db.execute<{ last_number: number }>(
        sql`select last_number from invoice_counters where site = ${site}`,
      );
      expect(counter[0]?.last_number).toBe(confirmed.length);
    }
    expect(
      rows
        .filter((r) => r.status !== 'confirmed' || r.payment_status !== 'paid')
        .every((r) => r.invoice_number === null),
    ).toBe(true);
    expect(rows.filter((r) => r.status === 'confirmed' && r.payment_status !== 'paid').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(rows.filter((r) => r.site === 'UAE' && r.status === 'confirmed').length).toBeGreaterThanOrEqual(6);
  });
});
