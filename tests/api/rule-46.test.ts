import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote } from '../../contract/credit-notes.ts';
import type { Invoice } from '../../contract/documents.ts';
import { formatMinor } from '../../contract/format.ts';
import { creditNotePdf } from '../../server/services/documents/credit-note-pdf.ts';
import { invoicePdf } from '../../server/services/documents/invoice-pdf.ts';
import {
  A4,
  CONTENT_BOTTOM,
  CONTENT_GAP,
  FOOTER_BASELINE,
  FOOTER_LEADING,
  FOOTER_LINES,
  FOOTER_SIZE,
  MARGIN,
  PdfWriter,
} from '../../server/services/documents/pdf-writer.ts';
import {
  book,
  createBookingKit,
  holdId,
  lead,
  markPaidInFull,
  post,
  sql,
  traveller,
  type BookingKit,
  razorpayStep,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Rule 46 of India's CGST Rules on the shop's documents (issue 30), and what goes with it on the
 * UAE's: "Tax payable on reverse charge: No" and the seller's authorised signatory on India's
 * invoices and credit notes; each invoice line's own tax (UAE VAT inside it, India GST on it) adding
 * up to the invoice's tax exactly; credit note lines numbered from 1 with the buyer's PAN; and a
 * footer that never runs into the content, off the page or into its "Page n of m".
 */

let kit: BookingKit;
let accounts: Staffer;
type Who = { token: string; userId: number; email: string };
/** Two standard-rated UAE holidays and one zero-rated (outside the UAE); on India one abroad (TCS) and one at home. */
let dubai: { id: number; title: string }[];
let maldives: { id: number; title: string };
let abroad: { id: number; title: string };
let kerala: { id: number; title: string };

const party = { Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }] };
const indianLead = (email: string) =>
  lead({ FirstName: 'Priya', LastName: 'Shah', Email: email, Phone: '+919812345678' });
const INDIA_SELLER = 'Wanderlust Holidays India Private Limited';

async function packages(site: 'UAE' | 'IN', where: string, n: number): Promise<{ id: number; title: string }[]> {
  const { rows } = await kit.database.db.execute<{ id: number; title: string }>(
    sql.raw(`select p.id, p.title from packages p join cities c on c.id = p.city_id
      join package_prices pp on pp.package_id = p.id and pp.site = '${site}'
      where p.rooms_per_departure = 10 and ${where} order by p.id limit ${n}`),
  );
  expect(rows.length).toBe(n);
  return rows;
}

async function invoice(bookingId: number, token: string, format: 'json' | 'pdf' = 'json') {
  return kit.app.inject({
    method: 'GET',
    url: `/api/Common/GetInvoiceDetails?BookingId=${bookingId}&format=${format}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

interface Item {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  size: number;
}

/** Each page's text items with where pdf.js puts them (PDF points, from the bottom left). */
async function pageItems(bytes: Uint8Array | Buffer): Promise<Item[][]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: Item[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      items
        .filter((i): i is Extract<typeof i, { str: string }> => 'str' in i && i.str.trim() !== '')
        .map((i) => ({
          str: i.str,
          x: i.transform[4],
          y: i.transform[5],
          width: i.width,
          size: Math.hypot(i.transform[2], i.transform[3]),
        })),
    );
  }
  return pages;
}

/**
 * The footer stays in its band and out of everything else's way, on every page: the content
 * (anything above the footer's lines) ends above the footer's top; the footer's items are its text
 * and "Page n of m" only, inside the margins, and its text never reaches the page label; read in
 * order they are the whole footer text. `lines`: the lines the footer was given room for.
 */
async function expectClearFooter(bytes: Uint8Array | Buffer, footer: string, lines = FOOTER_LINES) {
  const pages = await pageItems(bytes);
  const firstBaseline = FOOTER_BASELINE + (lines - 1) * FOOTER_LEADING;
  const footerTop = firstBaseline + FOOTER_SIZE;
  pages.forEach((items, p) => {
    const where = `page ${p + 1} of ${pages.length}`;
    const inFooter = items.filter((i) => i.y <= firstBaseline + 0.5);
    const content = items.filter((i) => i.y > firstBaseline + 0.5);
    expect(content.length, where).toBeGreaterThan(0);
    for (const i of content)
      expect(i.y - i.size * 0.25, `${where}: “${i.str}” at y ${i.y.toFixed(1)}`).toBeGreaterThan(footerTop);
    const label = inFooter.find((i) => i.str === `Page ${p + 1} of ${pages.length}`);
    expect(label, `${where}: its page label`).toBeTruthy();
    const text = inFooter.filter((i) => i !== label);
    for (const i of inFooter) {
      expect(i.x, `${where}: “${i.str}” starts inside the margin`).toBeGreaterThanOrEqual(MARGIN - 0.5);
      expect(i.x + i.width, `${where}: “${i.str}” ends inside the margin`).toBeLessThanOrEqual(A4[0] - MARGIN + 0.5);
    }
    for (const i of text) {
      expect(footer.replace(/\s+/g, ''), `${where}: “${i.str}” is footer text`).toContain(i.str.replace(/\s+/g, ''));
      if (Math.abs(i.y - label!.y) < FOOTER_SIZE)
        expect(i.x + i.width, `${where}: “${i.str}” runs into “${label!.str}”`).toBeLessThan(label!.x - 4);
    }
    const read = [...text]
      .sort((a, b) => b.y - a.y || a.x - b.x)
      .map((i) => i.str)
      .join(' ');
    expect(read.replace(/\s+/g, ''), where).toBe(footer.replace(/\s+/g, ''));
  });
  return pages;
}

beforeAll(async () => {
  kit = await createBookingKit();
  accounts = await staffer(kit, 'accounts');
  dubai = await packages('UAE', `c.country_id = 231 and p.vat_treatment = 'standard'`, 2);
  maldives = (await packages('UAE', `c.country_id not in (231, 101) and p.vat_treatment = 'zero'`, 1))[0]!;
  abroad = (await packages('IN', 'c.country_id <> 101', 1))[0]!;
  kerala = (await packages('IN', 'c.country_id = 101', 1))[0]!;
}, 120_000);
afterAll(() => kit.close());

/** An India booking paid through the Razorpay stand-in: an overseas holiday (TCS, so the PAN) and one in India. */
async function indiaPaid(who: Who) {
  const id = await holdId(kit, who.token, 'IN', [{ packageId: abroad.id }, { packageId: kerala.id }]);
  const res = await book(kit, who.token, 'IN', {
    TempBookingId: id,
    PaymentMethod: 'razorpay',
    LeadTraveller: indianLead(who.email),
    Pan: 'ABCPS1234F',
    ...party,
  });
  expect(res.status, res.body.message).toBe(200);
  const b = res.body.data;
  const paid = await post(
    kit,
    'VerifyPaymentSignatureAsync',
    { BookingId: b.BookingId, ...kit.gateways.payOrder(razorpayStep(b.Next).orderId) },
    who.token,
    'IN',
  );
  expect(paid.status, paid.body.message).toBe(200);
  return { id: b.BookingId as number, ref: b.RefIdKey as string };
}

describe('India tax invoice (rule 46)', { timeout: 60_000 }, () => {
  it('says no tax is payable on reverse charge and ends with the seller’s authorised signatory; each line’s GST adds up to CGST + SGST', async () => {
    const priya = await traveller(kit, 'priya');
    const b = await indiaPaid(priya);
    const res = await invoice(b.id, priya.token);
    expect(res.statusCode, res.body).toBe(200);
    const inv: Invoice = res.json().data;
    expect(inv).toMatchObject({ site: 'IN', title: 'Tax Invoice' });
    expect(inv.lines).toHaveLength(2);
    const gst = inv.taxes.filter((t) => t.code === 'CGST' || t.code === 'SGST');
    expect(gst).toHaveLength(2);
    const gstTotal = gst.reduce((s, t) => s + t.amount, 0);
    const lineTax = inv.lines.map((l) => l.taxAmount);
    expect(lineTax.every((t) => typeof t === 'number' && t > 0)).toBe(true);
    expect(lineTax.reduce((s, t) => s! + t!, 0)).toBe(gstTotal);
    // GST on each line's own amount (no coupon here): 5% of it, give or take the rounding of the split.
    for (const l of inv.lines) expect(Math.abs(l.taxAmount! - (l.amount * 5) / 100)).toBeLessThanOrEqual(1);
    // The rate is the one stored with the booking's tax lines (CGST 2.5% + SGST 2.5%).
    expect(inv.lines.map((l) => [l.position, l.taxRate, l.taxNote])).toEqual([
      [1, 5, 'SAC 998552 · GST 5%'],
      [2, 5, 'SAC 998552 · GST 5%'],
    ]);

    const pdf = await invoice(b.id, priya.token, 'pdf');
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const t of [
      'Tax payable on reverse charge: No',
      `For ${INDIA_SELLER}`,
      'Authorised signatory',
      ...inv.lines.map((l) => `GST 5% on this line ${formatMinor(l.taxAmount!, 'INR')}`),
    ]) {
      expect(text, t).toContain(t);
    }
    // The signature block comes last, after the totals and the notes.
    expect(text.indexOf('Authorised signatory')).toBeGreaterThan(
      text.indexOf(`Total (INR) ${formatMinor(inv.total, 'INR')}`),
    );
    expect(text.indexOf('Authorised signatory')).toBeGreaterThan(text.indexOf(inv.notes.at(-1)!.slice(0, 40)));
    await expectClearFooter(pdf.rawPayload, `${INDIA_SELLER} · GSTIN 27AABCW1234F1ZN · ${inv.invoiceNumber}`);
  });
});

describe('UAE tax invoice: VAT per line', { timeout: 60_000 }, () => {
  it('gives each line the VAT inside it after its share of the coupon, zero on a zero-rated line, adding up exactly to the VAT total; the PDF shows each', async () => {
    const lina = await traveller(kit, 'lina');
    const id = await holdId(kit, lina.token, 'UAE', [
      { packageId: dubai[0]!.id, adults: 2 },
      { packageId: maldives.id },
      { packageId: dubai[1]!.id, adults: 1 },
    ]);
    const res = await book(kit, lina.token, 'UAE', { TempBookingId: id, CouponCode: 'WELCOME10', ...party });
    expect(res.status, res.body.message).toBe(200);
    await markPaidInFull(kit, res.body.data.BookingId);
    const answer = await invoice(res.body.data.BookingId, lina.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const inv: Invoice = answer.json().data;
    expect(inv.title).toBe('Tax Invoice');
    expect(inv.discount).toBeGreaterThan(0);
    const [vat] = inv.taxes;
    expect(vat).toMatchObject({ code: 'VAT', rate: 5, included: true });
    expect(vat!.amount).toBeGreaterThan(0);

    const [first, zero, second] = inv.lines;
    expect([first!.vatTreatment, zero!.vatTreatment, second!.vatTreatment]).toEqual(['standard', 'zero', 'standard']);
    expect(zero!.taxAmount).toBe(0);
    expect(first!.taxAmount! + zero!.taxAmount! + second!.taxAmount!).toBe(vat!.amount);
    // Each standard line: the VAT inside its amount less its share of the discount, to a fil.
    const standard = first!.amount + second!.amount;
    for (const l of [first!, second!]) {
      const net = l.amount - (vat!.base! < standard ? ((standard - vat!.base!) * l.amount) / standard : 0);
      expect(Math.abs(l.taxAmount! - (net * 5) / 105), `line ${l.position}`).toBeLessThanOrEqual(1);
      expect(l.taxAmount!).toBeLessThan(Math.round((l.amount * 5) / 105));
    }

    const pdf = await invoice(res.body.data.BookingId, lina.token, 'pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const t of [
      `VAT 5% included ${formatMinor(first!.taxAmount!, 'AED')}`,
      `VAT 0% ${formatMinor(0, 'AED')}`,
      `VAT 5% included ${formatMinor(second!.taxAmount!, 'AED')}`,
      `VAT 5% (included) ${formatMinor(vat!.amount, 'AED')}`,
    ]) {
      expect(text, t).toContain(t);
    }
    // Rule 46 is India's: the UAE invoice states neither.
    expect(text).not.toContain('reverse charge');
    expect(text).not.toContain('Authorised signatory');
    await expectClearFooter(
      pdf.rawPayload,
      `Wanderlust Holidays Travel & Tourism LLC · TRN 100123456700003 · ${inv.invoiceNumber}`,
    );
  });

  it('prints a proforma’s footer clear of its page label (its text is longer than the space beside it)', async () => {
    const omar = await traveller(kit, 'omar');
    const id = await holdId(kit, omar.token, 'UAE', [{ packageId: dubai[0]!.id }]);
    const res = await book(kit, omar.token, 'UAE', { TempBookingId: id, ...party });
    expect(res.status, res.body.message).toBe(200);
    const pdf = await invoice(res.body.data.BookingId, omar.token, 'pdf');
    expect(pdf.statusCode).toBe(200);
    await expectClearFooter(
      pdf.rawPayload,
      `Wanderlust Holidays Travel & Tourism LLC · TRN 100123456700003 · Proforma ${res.body.data.RefIdKey}: not a tax invoice`,
    );
  });
});

describe('credit notes', { timeout: 60_000 }, () => {
  it('number their lines from 1, print the buyer’s PAN and the authorised signatory (India), with the footer clear', async () => {
    const meera = await traveller(kit, 'meera');
    const b = await indiaPaid(meera);
    // The booking's own lines are numbered from 0: the note numbers its own.
    const { rows } = await kit.database.db.execute<{ position: number }>(
      sql`select position from booking_lines where booking_id = ${b.id} order by position`,
    );
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    const done = await admin(kit, accounts, 'POST', `bookings/${b.ref}/cancel`, {
      reason: 'Change of plans',
      keep: 0,
      keepReason: 'Full refund agreed',
    });
    expect(done.status, done.body.message).toBe(200);
    const cn = done.body.data.creditNote;
    expect(cn).toBeTruthy();

    const doc = await admin(kit, accounts, 'GET', `bookings/${b.ref}/credit-notes/${cn!.id}`);
    expect(doc.status).toBe(200);
    const note: CreditNote = doc.body.data;
    expect(note.lines.map((l) => l.position)).toEqual([1, 2]);
    expect(note.buyer.pan).toBe('XXXXX1234F');
    // The traveller's copy says the same.
    const mine = await kit.app.inject({
      method: 'GET',
      url: `/api/Common/GetCreditNoteDetails?BookingId=${b.id}`,
      headers: { authorization: `Bearer ${meera.token}` },
    });
    expect(mine.json().data).toMatchObject({ buyer: { pan: 'XXXXX1234F' }, lines: [{ position: 1 }, { position: 2 }] });

    const pdf = await admin(kit, accounts, 'GET', `bookings/${b.ref}/credit-notes/${cn!.id}.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.raw);
    for (const t of [
      'PAN XXXXX1234F',
      `1. ${note.lines[0]!.title}`,
      `2. ${note.lines[1]!.title}`,
      `For ${INDIA_SELLER}`,
      'Authorised signatory',
    ])
      expect(text, t).toContain(t);
    expect(text).not.toContain(`0. ${note.lines[0]!.title}`);
    expect(text).not.toContain('ABCPS1234F');
    // The longest footer of all: seller, GSTIN, the note's number and the invoice's.
    await expectClearFooter(
      pdf.raw,
      `${INDIA_SELLER} · GSTIN 27AABCW1234F1ZN · Credit note ${note.number} against ${note.invoiceNumber}`,
    );
  });
});

// ---------- the layout itself, on documents longer than a page ----------

const seller = {
  legalName: INDIA_SELLER,
  tradeName: 'Wanderlust Holidays',
  address: ['Level 4, Nariman Point', 'Mumbai 400021'],
  taxLabel: 'GSTIN',
  taxNumber: '27AABCW1234F1ZN',
  phone: '+91 22 4000 1234',
  email: 'care@example.in',
};

function longInvoice(n: number): Invoice {
  const lines: Invoice['lines'] = Array.from({ length: n }, (_, i) => ({
    position: i + 1,
    packageId: i + 1,
    title: `Holiday number ${i + 1} with a title long enough to take a good part of the line`,
    city: 'Munnar',
    travelDate: '2026-12-05',
    nights: 3,
    rooms: 1,
    description: 'Munnar, 3 nights from Sat 5 Dec 2026: 2 adults, 1 room',
    items: [{ ageBand: 'adult', label: 'Adult', quantity: 2, unitPrice: 1_000_000, amount: 2_000_000 }],
    amount: 2_000_000,
    sac: '998552',
    taxRate: 5,
    vatTreatment: null,
    taxNote: 'SAC 998552 · GST 5%',
    taxAmount: 100_000,
  }));
  return {
    BookingId: 1,
    RefIdKey: 'WL-7K3M9-QXD2P',
    site: 'IN',
    currency: 'INR',
    documentTitle: 'Tax invoice',
    title: 'Tax Invoice',
    invoiceNumber: 'WLH-IN-000042',
    invoiceDate: '2026-11-01',
    status: 'confirmed',
    paymentStatus: 'paid',
    paymentMethod: 'razorpay',
    seller,
    buyer: {
      name: 'Ms Priya Shah',
      email: 'priya@example.com',
      phone: null,
      pan: 'XXXXX1234F',
      address: [],
      gstin: null,
      trn: null,
    },
    placeOfSupply: { state: 'Maharashtra', code: '27' },
    lines,
    subtotal: n * 2_000_000,
    discount: 0,
    coupon: null,
    amountBeforeTax: n * 2_000_000,
    taxes: [{ code: 'IGST', label: 'IGST 5%', rate: 5, amount: n * 100_000, included: false }],
    total: n * 2_100_000,
    amountPaid: n * 2_100_000,
    amountDue: 0,
    paymentDueOn: null,
    paidOn: '2026-11-01',
    payTo: null,
    notes: Array.from(
      { length: 4 },
      (_, i) =>
        `Note ${i + 1}: a sentence printed under the totals, long enough to wrap over two lines of the page at this size, as the notes do.`,
    ),
    pdf: { filename: 'invoice-WLH-IN-000042.pdf', url: '/x' },
  };
}

describe('the footer’s room', () => {
  it('keeps each note under an invoice’s totals whole on one page, wherever the page breaks (issue 34: India’s GST note was cut in two)', async () => {
    let broken = 0;
    for (let n = 1; n <= 24; n++) {
      const inv = longInvoice(n);
      const pages = await pageItems(await invoicePdf(inv, new Date('2026-11-01T00:00:00Z')));
      if (pages.length > 1) broken += 1;
      pages.forEach((items, p) => {
        const text = items
          .map((i) => i.str)
          .join(' ')
          .replace(/\s+/g, ' ');
        // A note's first words and its last are on the same page: as many starts as ends on each.
        expect((text.match(/Note \d:/g) ?? []).length, `${n} lines, page ${p + 1}`).toBe(
          (text.match(/as the notes do\./g) ?? []).length,
        );
      });
    }
    expect(broken).toBeGreaterThan(5);
  });

  it('an invoice of 40 lines flows over pages, every page’s content above the footer, the signature block whole on the last', async () => {
    const inv = longInvoice(40);
    const bytes = await invoicePdf(inv, new Date('2026-11-01T00:00:00Z'));
    const pages = await expectClearFooter(bytes, `${INDIA_SELLER} · GSTIN 27AABCW1234F1ZN · WLH-IN-000042`);
    expect(pages.length).toBeGreaterThan(2);
    const last = pages
      .at(-1)!
      .map((i) => i.str)
      .join(' ');
    expect(last).toContain(`For ${INDIA_SELLER}`);
    expect(last).toContain('Authorised signatory');
    const all = pages
      .flat()
      .map((i) => i.str)
      .join(' ');
    for (const l of inv.lines) expect(all).toContain(`${l.position}. Holiday number ${l.position} `);
  });

  it('a credit note of 40 lines too, numbered 1 to 40', async () => {
    const note: CreditNote = {
      id: 1,
      BookingId: 1,
      RefIdKey: 'WL-7K3M9-QXD2P',
      site: 'IN',
      currency: 'INR',
      title: 'Credit Note',
      number: 'WLH-IN-CN-000007',
      invoiceNumber: 'WLH-IN-000042',
      issueDate: '2026-11-02',
      reason: 'Change of plans',
      seller,
      buyer: { name: 'Ms Priya Shah', email: null, gstin: null, trn: null, pan: 'XXXXX1234F' },
      placeOfSupply: { state: 'Maharashtra', code: '27' },
      lines: Array.from({ length: 40 }, (_, i) => ({
        position: i + 1,
        title: `Holiday number ${i + 1}`,
        amount: 1_000_000,
        taxes: [{ code: 'IGST' as const, label: 'IGST 5%', rate: 5, amount: 50_000, included: false }],
        total: 1_050_000,
      })),
      amountBeforeTax: 40_000_000,
      taxes: [{ code: 'IGST', label: 'IGST 5%', rate: 5, amount: 2_000_000, included: false }],
      total: 42_000_000,
      notes: ['This credit note corrects tax invoice WLH-IN-000042.'],
      pdf: { filename: 'credit-note.pdf', url: '/x' },
    };
    const bytes = await creditNotePdf(note, new Date('2026-11-02T00:00:00Z'));
    const pages = await expectClearFooter(
      bytes,
      `${INDIA_SELLER} · GSTIN 27AABCW1234F1ZN · Credit note WLH-IN-CN-000007 against WLH-IN-000042`,
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(
      pages
        .at(-1)!
        .map((i) => i.str)
        .join(' '),
    ).toContain('Authorised signatory');
  });

  it('keeps room for a footer of three lines when given one, and cuts a longer text given only at the end to the room kept', async () => {
    const long = `${'A long legal line that says a great deal about the seller, '.repeat(5)}and ends here.`;
    const w = await PdfWriter.create({ title: 't', author: 'a', subject: 's', date: new Date(0), footer: long });
    expect(w.footerLines).toBe(3);
    expect(w.contentBottom).toBeGreaterThanOrEqual(w.footerTop + CONTENT_GAP);
    expect(w.contentBottom).toBeGreaterThan(CONTENT_BOTTOM);
    for (let i = 0; i < 120; i++) w.text(`Row ${i + 1} of the content`, { size: 11 });
    w.footer();
    await expectClearFooter(await w.save(), long, 3);

    // Not told when made: two lines kept, and the text cut to them.
    const short = await PdfWriter.create({ title: 't', author: 'a', subject: 's', date: new Date(0) });
    expect(short.footerLines).toBe(FOOTER_LINES);
    short.text('Content');
    short.footer(long);
    const [page] = await pageItems(await short.save());
    const footer = page!.filter((i) => i.y < CONTENT_BOTTOM && !i.str.startsWith('Page '));
    expect(footer).toHaveLength(FOOTER_LINES);
    expect(footer.at(-1)!.str.endsWith('…')).toBe(true);
    for (const i of footer)
      expect(i.x + i.width).toBeLessThan(A4[0] - MARGIN - short.regular.widthOfTextAtSize('Page 1 of 1', FOOTER_SIZE));
  });
});
