import { indiaDeclarations, type Invoice } from '../../../contract/documents.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { A4, ACCENT, CONTENT_WIDTH, MARGIN, MUTED, PdfWriter } from './pdf-writer.ts';

/*
 * The invoice as an A4 PDF: seller and invoice facts, the buyer, one block per booked package with
 * its priced rows and the tax on it, the totals as the site shows them, and the payment state (paid,
 * or the balance with the account to pay into). India (rule 46 of the CGST Rules): no tax payable on
 * reverse charge among the facts, and the seller's authorised signatory at the end.
 */

const COLUMNS = { qty: 265, unit: 305, amount: 410 };
const NUMBER_WIDTH = { qty: 35, unit: 95, amount: CONTENT_WIDTH - 410 };

/** The tax row under a line's items: UAE the VAT inside its amount, India the GST on it. */
function lineTaxLabel(inv: Invoice, line: Invoice['lines'][number]): string {
  if (inv.site === 'IN') return `GST ${line.taxRate}% on this line`;
  if (line.vatTreatment === 'outside') return 'VAT: outside the scope';
  return line.taxRate > 0 ? `VAT ${line.taxRate}% included` : `VAT ${line.taxRate}%`;
}

export async function invoicePdf(inv: Invoice, issuedAt: Date): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `${inv.title} ${inv.invoiceNumber ?? inv.RefIdKey}`,
    author: inv.seller.tradeName,
    subject: `Booking ${inv.RefIdKey}`,
    date: issuedAt,
    footer: `${inv.seller.legalName} · ${inv.seller.taxLabel} ${inv.seller.taxNumber} · ${inv.invoiceNumber ?? `Proforma ${inv.RefIdKey}: not a tax invoice`}`,
  });
  const m = (amount: number) => formatMinor(amount, inv.currency);
  const { bold } = w;
  const india = indiaDeclarations(inv);

  // Header: the seller on the left, the invoice's facts on the right.
  const top = w.y;
  w.place(
    inv.title.toUpperCase(),
    { x: A4[0] - MARGIN, y: top },
    { font: bold, size: 20, color: ACCENT, align: 'right' },
  );
  const facts: [string, string][] = [
    inv.invoiceNumber ? ['Invoice no.', inv.invoiceNumber] : ['Proforma', 'Not a tax invoice'],
    ['Date', formatDay(inv.invoiceDate)],
    ['Booking', inv.RefIdKey],
    [
      'Status',
      inv.paymentStatus === 'paid'
        ? 'Paid'
        : inv.amountDue > 0
          ? `Payment due${inv.paymentDueOn ? ` by ${formatDay(inv.paymentDueOn)}` : ''}`
          : inv.status === 'cancelled'
            ? 'Cancelled'
            : 'Unpaid',
    ],
    ...(india ? [[`${india.reverseCharge.label}:`, india.reverseCharge.value] as [string, string]] : []),
  ];
  facts.forEach(([label, value], i) => {
    const y = top - 30 - i * 16;
    w.place(label, { x: 330, y }, { size: 10, color: MUTED });
    w.place(value, { x: A4[0] - MARGIN, y }, { font: bold, size: 10.5, align: 'right' });
  });
  w.text(inv.seller.tradeName, { font: bold, size: 16, color: ACCENT, width: 280, gap: 2 });
  w.text(inv.seller.legalName, { size: 10, width: 280 });
  for (const line of inv.seller.address) w.text(line, { size: 10, width: 280 });
  w.text(`${inv.seller.taxLabel} ${inv.seller.taxNumber}`, { font: bold, size: 10, width: 280 });
  w.text(`${inv.seller.phone} · ${inv.seller.email}`, { size: 10, width: 280, color: MUTED });
  w.y = Math.min(w.y, top - 30 - facts.length * 16);
  w.rule(10);

  w.text('Bill to', { size: 10, color: MUTED });
  w.text(inv.buyer.name, { font: bold, size: 13 });
  const contact = [inv.buyer.email, inv.buyer.phone].filter(Boolean).join(' · ');
  if (contact) w.text(contact, { size: 10.5 });
  for (const line of inv.buyer.address) w.text(line, { size: 10.5 });
  if (inv.buyer.gstin) w.text(`GSTIN ${inv.buyer.gstin}`, { size: 10.5 });
  if (inv.buyer.trn) w.text(`TRN ${inv.buyer.trn}`, { size: 10.5 });
  if (inv.buyer.pan) w.text(`PAN ${inv.buyer.pan}`, { size: 10.5 });
  if (inv.placeOfSupply)
    w.text(`Place of supply: ${inv.placeOfSupply.state} (${inv.placeOfSupply.code})`, { font: bold, size: 10.5 });
  w.rule(10);

  // Lines: description, quantity, unit price, amount.
  w.row(
    [
      { text: 'Description', x: 0, width: COLUMNS.qty - 10, font: bold, color: MUTED },
      { text: 'Qty', x: COLUMNS.qty, width: NUMBER_WIDTH.qty, align: 'right', font: bold, color: MUTED },
      { text: 'Unit price', x: COLUMNS.unit, width: NUMBER_WIDTH.unit, align: 'right', font: bold, color: MUTED },
      { text: 'Amount', x: COLUMNS.amount, width: NUMBER_WIDTH.amount, align: 'right', font: bold, color: MUTED },
    ],
    10,
    4,
  );
  for (const line of inv.lines) {
    w.ensure(70);
    w.text(`${line.position}. ${line.title}`, { font: bold, size: 11.5, width: CONTENT_WIDTH - NUMBER_WIDTH.amount });
    w.text(line.description, { size: 10, color: MUTED, gap: 2 });
    if (line.taxNote) w.text(line.taxNote, { size: 10, color: MUTED, gap: 2 });
    for (const item of line.items) {
      w.row([
        { text: item.label, x: 12, width: COLUMNS.qty - 22 },
        { text: String(item.quantity), x: COLUMNS.qty, width: NUMBER_WIDTH.qty, align: 'right' },
        {
          text: item.unitPrice ? m(item.unitPrice) : 'free',
          x: COLUMNS.unit,
          width: NUMBER_WIDTH.unit,
          align: 'right',
        },
        { text: m(item.amount), x: COLUMNS.amount, width: NUMBER_WIDTH.amount, align: 'right' },
      ]);
    }
    if (line.taxAmount !== undefined) {
      w.row([
        { text: lineTaxLabel(inv, line), x: 12, width: COLUMNS.amount - 22, color: MUTED },
        { text: m(line.taxAmount), x: COLUMNS.amount, width: NUMBER_WIDTH.amount, align: 'right', color: MUTED },
      ]);
    }
    w.y -= 6;
  }
  w.rule(6);

  // Totals, right-aligned under the amounts.
  const total = (label: string, value: string, strong = false) =>
    w.row(
      [
        { text: label, x: 200, width: COLUMNS.amount - 210, align: 'right', font: strong ? bold : undefined },
        { text: value, x: COLUMNS.amount, width: NUMBER_WIDTH.amount, align: 'right', font: strong ? bold : undefined },
      ],
      strong ? 12 : 11,
    );
  total('Subtotal', m(inv.subtotal));
  if (inv.discount) total(`Coupon ${inv.coupon?.code ?? ''}`.trim(), `-${m(inv.discount)}`);
  total('Amount before tax', m(inv.amountBeforeTax));
  for (const tax of inv.taxes) total(tax.label, m(tax.amount));
  total(`Total (${inv.currency})`, m(inv.total), true);
  total('Paid', m(inv.amountPaid));
  total('Balance due', m(inv.amountDue), true);

  if (inv.payTo) {
    const bank = inv.payTo.bank;
    w.y -= 6;
    w.panel([
      {
        text: `Pay ${m(inv.amountDue)}${inv.paymentDueOn ? ` by ${formatDay(inv.paymentDueOn)}` : ''}`,
        font: bold,
        size: 12.5,
        gap: 3,
      },
      // "…to the account below": the account follows these words in the same box.
      ...(inv.payTo.instruction ? [{ text: inv.payTo.instruction, size: 10, gap: 4 }] : []),
      { text: `Account name: ${bank.accountName}`, size: 10.5 },
      { text: `Bank: ${bank.bankName}`, size: 10.5 },
      { text: `Account number: ${bank.accountNumber}`, size: 10.5 },
      { text: `${bank.codeLabel}: ${bank.code}`, size: 10.5 },
      { text: `Reference: ${inv.payTo.reference}`, font: bold, size: 10.5 },
    ]);
  }

  w.y -= 4;
  // Each note whole on one page (issue 34: India's GST note was cut across the page break).
  for (const note of inv.notes) w.text(note, { size: 10, color: MUTED, gap: 3, keep: true });
  if (india) w.signature(india.signatory.for, india.signatory.label);
  w.footer();
  return w.save();
}
