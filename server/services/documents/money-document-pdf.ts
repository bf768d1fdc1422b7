import { indiaDeclarations } from '../../../contract/documents.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import type { MoneyDocument } from '../../../contract/money-documents.ts';
import { A4, ACCENT, CONTENT_WIDTH, MARGIN, MUTED, PdfWriter } from './pdf-writer.ts';

/*
 * A receipt voucher or debit note as an A4 PDF, laid out as the credit note is
 * (credit-note-pdf.ts): the seller and the document's facts (its number, date, booking, the credit
 * note a debit note reverses and, in India, that no tax is payable on reverse charge), the buyer
 * with the PAN the invoice shows and the place of supply, the money with its taxes, the notes and,
 * in India, the seller's authorised signatory.
 */

const AMOUNT_X = 410;
const AMOUNT_WIDTH = CONTENT_WIDTH - AMOUNT_X;

export async function moneyDocumentPdf(doc: MoneyDocument, issuedAt: Date): Promise<Uint8Array> {
  const receipt = doc.kind === 'receipt';
  const w = await PdfWriter.create({
    title: `${doc.title} ${doc.number}`,
    author: doc.seller.tradeName,
    subject: `Booking ${doc.RefIdKey}`,
    date: issuedAt,
    footer: `${doc.seller.legalName} · ${doc.seller.taxLabel} ${doc.seller.taxNumber} · ${doc.title} ${doc.number}${doc.creditNoteNumber ? ` against ${doc.creditNoteNumber}` : ''}`,
  });
  const m = (amount: number) => formatMinor(amount, doc.currency);
  const { bold } = w;
  const india = indiaDeclarations(doc);

  const top = w.y;
  w.place(
    doc.title.toUpperCase(),
    { x: A4[0] - MARGIN, y: top },
    { font: bold, size: 20, color: ACCENT, align: 'right' },
  );
  const facts: [string, string][] = [
    [receipt ? 'Receipt voucher no.' : 'Debit note no.', doc.number],
    ['Date', formatDay(doc.issueDate)],
    ...(doc.creditNoteNumber ? [['Against credit note', doc.creditNoteNumber] as [string, string]] : []),
    ['Booking', doc.RefIdKey],
    ...(india ? [[`${india.reverseCharge.label}:`, india.reverseCharge.value] as [string, string]] : []),
  ];
  facts.forEach(([label, value], i) => {
    const y = top - 30 - i * 16;
    w.place(label, { x: 330, y }, { size: 10, color: MUTED });
    w.place(value, { x: A4[0] - MARGIN, y }, { font: bold, size: 10.5, align: 'right' });
  });
  w.text(doc.seller.tradeName, { font: bold, size: 16, color: ACCENT, width: 280, gap: 2 });
  w.text(doc.seller.legalName, { size: 10, width: 280 });
  for (const line of doc.seller.address) w.text(line, { size: 10, width: 280 });
  w.text(`${doc.seller.taxLabel} ${doc.seller.taxNumber}`, { font: bold, size: 10, width: 280 });
  w.y = Math.min(w.y, top - 30 - facts.length * 16);
  w.rule(10);

  w.text(receipt ? 'Received from' : 'Debited to', { size: 10, color: MUTED });
  w.text(doc.buyer.name, { font: bold, size: 13 });
  if (doc.buyer.email) w.text(doc.buyer.email, { size: 10.5 });
  if (doc.buyer.gstin) w.text(`GSTIN ${doc.buyer.gstin}`, { size: 10.5 });
  if (doc.buyer.trn) w.text(`TRN ${doc.buyer.trn}`, { size: 10.5 });
  if (doc.buyer.pan) w.text(`PAN ${doc.buyer.pan}`, { size: 10.5 });
  if (doc.placeOfSupply)
    w.text(`Place of supply: ${doc.placeOfSupply.state} (${doc.placeOfSupply.code})`, { font: bold, size: 10.5 });
  if (doc.reason) w.text(`${receipt ? 'Received' : 'Reason'}: ${doc.reason}`, { size: 10.5 });
  w.rule(10);

  w.row(
    [
      { text: 'Description', x: 0, width: AMOUNT_X - 10, font: bold, color: MUTED },
      {
        text: receipt ? 'Received' : 'Debited',
        x: AMOUNT_X,
        width: AMOUNT_WIDTH,
        align: 'right',
        font: bold,
        color: MUTED,
      },
    ],
    10,
    4,
  );
  w.text(`1. ${doc.description}`, { font: bold, size: 11.5, width: AMOUNT_X - 10 });
  w.row([
    { text: 'Amount before tax', x: 12, width: AMOUNT_X - 22 },
    { text: m(doc.taxable), x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right' },
  ]);
  w.y -= 6;
  w.rule(6);
  const total = (label: string, value: string, strong = false) =>
    w.row(
      [
        { text: label, x: 200, width: AMOUNT_X - 210, align: 'right', font: strong ? bold : undefined },
        { text: value, x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right', font: strong ? bold : undefined },
      ],
      strong ? 12 : 11,
    );
  total('Amount before tax', m(doc.taxable));
  for (const tax of doc.taxes) total(tax.label, m(tax.amount));
  total(`${receipt ? 'Total received' : 'Total debited'} (${doc.currency})`, m(doc.total), true);
  w.y -= 4;
  for (const n of doc.notes) w.text(n, { size: 10, color: MUTED, gap: 3, keep: true });
  if (india) w.signature(india.signatory.for, india.signatory.label);
  w.footer();
  return w.save();
}
