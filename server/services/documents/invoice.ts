import type { BookingDetail, TaxLine } from '../../../contract/booking.ts';
import { DOCUMENT_MESSAGES, type Invoice } from '../../../contract/documents.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { entriesOf, RECEIPT_KINDS, taxLinesOf } from '../ledger/ledger.ts';
import { apportion } from '../ledger/split.ts';
import { SAC_TOUR_OPERATOR, VAT_TREATMENT_LABEL, standardRatedNote, type VatTreatment } from '../../../contract/tax.ts';
import { documentSource, fullName, pdfUrl, type DocumentSource } from './source.ts';
import { siteDay } from '../../../contract/calendar.ts';
import { taxRateOn } from '../tax-rules.ts';

/*
 * A booking's invoice (decision 0040). A tax invoice, numbered from the site's series, once the
 * booking is paid in full; until then a confirmed pay-later booking has a proforma invoice: the
 * same lines and totals with its balance, due date and the account to pay into, titled so, with no
 * number, and saying it is not a tax invoice.
 */

const PAID_WITH: Record<BookingDetail['PaymentMethod'], string> = {
  razorpay: 'online with Razorpay',
  stripe: 'by card with Stripe',
  'pay-later': 'by bank transfer',
};

/** The condition of GST at 5% on a tour operator's package (India). */
export const TOUR_PACKAGE_STATEMENT =
  'The amount charged includes the charges for accommodation and transport in the tour package.';

function lines(detail: BookingDetail, site: 'UAE' | 'IN', rate: number): Invoice['lines'] {
  const taxed = detail.lines.map((l) => lineTax(site, l.vatTreatment ?? null, rate));
  // Each of the booking's VAT or GST lines spread over the lines that bear it by their amounts
  // (largest remainder): a line's tax is what is inside its amount after its share of the discount,
  // and the lines add up to the booking's tax lines to the fil or paisa. TCS is not a tax on the
  // supply (it is collected from the buyer against their PAN): it stays in the totals only.
  const taxAmounts = detail.lines.map(() => 0);
  for (const tax of detail.taxes) {
    if (!LINE_TAX_CODES.has(tax.code)) continue;
    const weights = detail.lines.map((l, i) =>
      tax.code !== 'VAT' || taxed[i]!.vatTreatment === 'standard' ? l.amount : 0,
    );
    apportion(tax.amount, weights).forEach((amount, i) => (taxAmounts[i]! += amount));
  }
  return detail.lines.map((l, i) => {
    const items: Invoice['lines'][number]['items'] = [
      {
        ageBand: 'adult' as const,
        label: 'Adult',
        quantity: l.adults,
        unitPrice: l.adultPrice,
        amount: l.adults * l.adultPrice,
      },
      {
        ageBand: 'child' as const,
        label: 'Child',
        quantity: l.children,
        unitPrice: l.childPrice,
        amount: l.children * l.childPrice,
      },
      { ageBand: 'infant' as const, label: 'Infant', quantity: l.infants, unitPrice: 0, amount: 0 },
    ].filter((item) => item.quantity > 0);
    return {
      position: i + 1,
      packageId: l.packageId,
      title: l.title,
      city: l.city,
      travelDate: l.travelDate,
      nights: l.nights,
      rooms: l.rooms,
      description: `${l.city}, ${l.nights} ${l.nights === 1 ? 'night' : 'nights'} from ${formatTravelDate(l.travelDate)}: ${partyText(l)}`,
      items,
      amount: l.amount,
      ...taxed[i]!,
      taxAmount: taxAmounts[i]!,
    };
  });
}

/**
 * The booking's tax lines that are a tax on the lines' supply: VAT, and GST whether one line or split by place of
 * supply.
 */
const LINE_TAX_CODES: ReadonlySet<TaxLine['code']> = new Set(['VAT', 'GST', 'CGST', 'SGST', 'IGST']);

/**
 * The GST or standard VAT rate stored with the booking's tax lines (India: CGST + SGST or IGST; UAE:
 * the VAT line's), or null when it has none, as when a standard-rated base came to nothing (its
 * lines are still standard-rated): the invoice then names the rate of its own day.
 */
function storedRate(site: 'UAE' | 'IN', taxes: TaxLine[]): number | null {
  if (site === 'IN') {
    const gst = taxes.filter((t) => LINE_TAX_CODES.has(t.code) && t.code !== 'VAT');
    return gst.length > 0 ? gst.reduce((sum, t) => sum + t.rate, 0) : null;
  }
  return taxes.find((x) => x.code === 'VAT' && x.rate > 0)?.rate ?? null;
}

/**
 * How a line is taxed at `rate`: India SAC and GST; UAE its VAT treatment (lines booked before treatments were kept
 * were all standard-rated).
 */
function lineTax(
  site: 'UAE' | 'IN',
  treatment: VatTreatment | null,
  rate: number,
): Pick<Invoice['lines'][number], 'sac' | 'taxRate' | 'vatTreatment' | 'taxNote'> {
  if (site === 'IN')
    return {
      sac: SAC_TOUR_OPERATOR,
      taxRate: rate,
      vatTreatment: null,
      taxNote: `SAC ${SAC_TOUR_OPERATOR} · GST ${rate}%`,
    };
  const t = treatment ?? 'standard';
  if (t !== 'standard') return { sac: null, taxRate: 0, vatTreatment: t, taxNote: VAT_TREATMENT_LABEL[t] };
  return { sac: null, taxRate: rate, vatTreatment: t, taxNote: standardRatedNote(rate) };
}

/**
 * The words above the bank details: the balance, by when, where (the account below them) and the reference to quote.
 */
function payInstruction(src: DocumentSource): string {
  const { detail: d, shop } = src;
  const by = d.paymentDueOn ? ` by ${formatDay(d.paymentDueOn)}` : '';
  return `Balance of ${formatMinor(d.amountDue, d.Currency)} due${by}. Pay by bank transfer to the account below, quoting your booking reference ${d.RefIdKey}, or call ${shop.phone} to pay by card.`;
}

/**
 * " at 5%" from the document's own tax lines, so a note names the rate its figures were worked at
 * (a dated rate, decision 0089), never a constant; " at 5% and 18%" when a change of rate fell
 * between its entries. CGST and SGST are halves of one GST rate: CGST's doubled stands for the pair.
 */
function ratesOf(taxes: readonly TaxLine[], codes: readonly TaxLine['code'][]): string {
  const rates = [
    ...new Set(taxes.filter((t) => codes.includes(t.code)).map((t) => (t.code === 'CGST' ? t.rate * 2 : t.rate))),
  ];
  return rates.length ? ` at ${rates.map((r) => `${r}%`).join(' and ')}` : '';
}

function notes(src: DocumentSource, number: string | null, paidOn: string | null): string[] {
  const { detail: d, site } = src;
  const out: string[] = [];
  if (d.PaymentStatus === 'paid') {
    out.push(`Paid in full${paidOn ? ` on ${formatDay(paidOn)}` : ''} ${PAID_WITH[d.PaymentMethod]}. Thank you.`);
  } else if (d.amountDue > 0 && d.Status === 'confirmed') {
    // How to pay is the bank box's own first line (payTo.instruction), not a note under it.
    out.push(
      ...(number
        ? []
        : [
            'This is a proforma invoice, not a tax invoice: the tax invoice, with its number, is issued when the balance is received in full.',
          ]),
      'Your booking is confirmed. We pay the hotels and operators ourselves: nothing is owed to them for the services on this invoice.',
    );
  }
  if (site === 'UAE') {
    const treatments = new Set(d.lines.map((l) => l.vatTreatment ?? 'standard'));
    if (treatments.has('standard'))
      out.push(`Prices of standard-rated services include VAT${ratesOf(d.taxes, ['VAT'])}.`);
    if (treatments.has('zero')) out.push('Zero-rated lines: services performed wholly outside the UAE, VAT at 0%.');
    if (treatments.has('outside')) out.push('Lines outside the scope of UAE VAT carry no VAT.');
  }
  if (site === 'IN') {
    out.push(
      `Tour operator services, SAC ${SAC_TOUR_OPERATOR}. GST is charged${ratesOf(d.taxes, ['GST', 'IGST', 'CGST'])} on the package value. ${TOUR_PACKAGE_STATEMENT}`,
    );
    if (d.taxes.some((t) => t.code === 'TCS')) {
      out.push(
        'TCS is collected under section 206C(1G) of the Income-tax Act on overseas tour packages; it is credited against the PAN above and can be claimed in your income tax return.',
      );
    }
  }
  if (d.Status === 'cancelled') out.push('This booking has been cancelled.');
  return out;
}

/** The invoice of one of the traveller's bookings (and when it was issued, the PDF's date), or why it has none yet. */
export async function invoiceFor(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
): Promise<{ document: Invoice; issuedAt: Date }> {
  return invoiceOf(db, await documentSource(db, config, userId, bookingId));
}

/** The invoice made from a booking's source already read (the documents' versions share one: docs/decisions/0107). */
export async function invoiceOf(db: Db, src: DocumentSource): Promise<{ document: Invoice; issuedAt: Date }> {
  const { row, site, shop } = src;
  const number = row.invoiceNumber;
  // A tax invoice states the money that paid the supply: its taxes are the sums of the ledger's
  // receipts up to the one it was issued for, at the rates stored on them (decision 0089).
  const d = number ? await withLedgerTaxes(db, src.detail, row.id, number) : src.detail;
  // No number yet: a confirmed (pay-later) booking has its proforma; others have no invoice.
  if (!number && d.Status !== 'confirmed') {
    throw conflict(
      d.Status === 'cancelled' ? DOCUMENT_MESSAGES.invoiceCancelled : DOCUMENT_MESSAGES.invoiceAwaitingPayment,
    );
  }
  const proforma = !number;
  const lead = d.travellers.find((t) => t.lead) ?? d.travellers[0];
  const paidEvent = d.events.find((e) => e.paymentStatus === 'paid');
  const paidOn = d.PaymentStatus === 'paid' && paidEvent ? siteDay(new Date(paidEvent.at), site) : null;
  const included = d.taxes.filter((t) => t.included).reduce((sum, t) => sum + t.amount, 0);
  const due = d.Status === 'confirmed' && d.amountDue > 0;
  const invoice: Invoice = {
    BookingId: d.BookingId,
    RefIdKey: d.RefIdKey,
    site,
    currency: d.Currency,
    documentTitle: proforma ? 'Proforma invoice' : 'Tax invoice',
    title: proforma ? 'Proforma Invoice' : 'Tax Invoice',
    invoiceNumber: number,
    invoiceDate: siteDay(src.issuedAt, site),
    status: d.Status,
    paymentStatus: d.PaymentStatus,
    paymentMethod: d.PaymentMethod,
    seller: {
      legalName: shop.legalName,
      tradeName: shop.tradeName,
      address: shop.address,
      taxLabel: shop.taxLabel,
      taxNumber: shop.taxNumber,
      phone: shop.phone,
      email: shop.email,
    },
    buyer: {
      // A numbered invoice keeps the buyer name it was issued with (a name corrected later by the desk).
      name: (number && row.invoiceBuyerName) || (lead ? fullName(lead) : ''),
      email: lead?.email ?? null,
      phone: lead?.phone ?? null,
      pan: d.pan,
      address: row.buyerAddress ?? [],
      gstin: row.buyerGstin,
      trn: row.buyerTrn,
    },
    placeOfSupply:
      site === 'IN' && row.placeOfSupplyState && row.placeOfSupplyCode
        ? { state: row.placeOfSupplyState, code: row.placeOfSupplyCode }
        : null,
    lines: lines(
      d,
      site,
      storedRate(site, d.taxes) ?? (await taxRateOn(db, site === 'IN' ? 'GST' : 'VAT', siteDay(src.issuedAt, site))),
    ),
    subtotal: d.subtotal,
    discount: d.discount,
    coupon: d.coupon,
    amountBeforeTax: d.subtotal - d.discount - included,
    taxes: d.taxes,
    total: d.total,
    amountPaid: d.amountPaid,
    amountDue: d.amountDue,
    paymentDueOn: due ? d.paymentDueOn : null,
    paidOn,
    // One reference to quote, the booking's, as the booking page and the mails ask (never the invoice number).
    payTo: due
      ? {
          phone: shop.phone,
          email: shop.email,
          bank: shop.bank,
          reference: d.RefIdKey,
          instruction: payInstruction(src),
        }
      : null,
    notes: notes(src, number, paidOn),
    pdf: { filename: number ? `invoice-${number}.pdf` : `proforma-${d.RefIdKey}.pdf`, url: pdfUrl(d.links.invoice) },
  };
  return { document: invoice, issuedAt: src.issuedAt };
}

/**
 * The booking's detail with the taxes and total of the receipts its tax invoice covers (unchanged for a booking from
 * before the ledger with no such entries).
 */
async function withLedgerTaxes(
  db: Db,
  detail: BookingDetail,
  bookingId: number,
  number: string,
): Promise<BookingDetail> {
  const entries = await entriesOf(db, bookingId);
  const issued = entries.find((e) => e.documentKind === 'invoice' && e.documentNumber === number);
  if (!issued) return detail;
  const receipts = entries.filter((e) => RECEIPT_KINDS.includes(e.kind) && e.id <= issued.id && e.sale + e.tcs > 0);
  const taxes = taxLinesOf(receipts).map((t) => {
    // The TCS line as the booking quoted it (its parts across a threshold) when the receipts collected the same.
    const quoted = detail.taxes.find((q) => q.code === t.code);
    return quoted && quoted.amount === t.amount ? quoted : t;
  });
  return { ...detail, taxes, total: receipts.reduce((s, e) => s + e.sale + e.tcs, 0) };
}
