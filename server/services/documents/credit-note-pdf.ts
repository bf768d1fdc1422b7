import type { CreditNote } from '../../../contract/credit-notes.ts';
import { indiaDeclarations } from '../../../contract/documents.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { A4, ACCENT, CONTENT_WIDTH, MARGIN, MUTED, PdfWriter } from './pdf-writer.ts';

/*
 * A credit note as an A4 PDF, laid out as the invoice is: the seller and the note's facts (its
 * number, the invoice it corrects), the buyer (with the PAN the invoice shows), one block per
 * booking line (numbered from 1) with the tax reversed on it, the totals credited and, in India, the
 * seller's authorised signatory.
 */

const AMOUNT_X = 410;
const AMOUNT_WIDTH = CONTENT_WIDTH - AMOUNT_X;

export async function creditNotePdf(note: CreditNote, issuedAt: Date): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `Credit Note ${note.number}`,
    author: note.seller.tradeName,
    subject: `Booking ${note.RefIdKey}`,
    date: issuedAt,
    footer: `${note.seller.legalName} · ${note.seller.taxLabel} ${note.seller.taxNumber} · Credit note ${note.number} against ${note.invoiceNumber}`,
  });
  const m = (amount: number) => formatMinor(amount, note.currency);
  const { bold } = w;
  const india = indiaDeclarations(note);

  const top = w.y;
  w.place('CREDIT NOTE', { x: A4[0] - MARGIN, y: top }, { font: bold, size: 20, color: ACCENT, align: 'right' });
  const facts: [string, string][] = [
    ['Credit note no.', note.number],
    ['Date', formatDay(note.issueDate)],
    ['Against invoice', note.invoiceNumber],
    ['Booking', note.RefIdKey],
  ];
  facts.forEach(([label, value], i) => {
    const y = top - 30 - i * 16;
    w.place(label, { x: 330, y }, { size: 10, color: MUTED });
    w.place(value, { x: A4[0] - MARGIN, y }, { font: bold, size: 10.5, align: 'right' });
  });
  w.text(note.seller.tradeName, { font: bold, size: 16, color: ACCENT, width: 280, gap: 2 });
  w.text(note.seller.legalName, { size: 10, width: 280 });
  for (const line of note.seller.address) w.text(line, { size: 10, width: 280 });
  w.text(`${note.seller.taxLabel} ${note.seller.taxNumber}`, { font: bold, size: 10, width: 280 });
  w.y = Math.min(w.y, top - 30 - facts.length * 16);
  w.rule(10);

  w.text('Credited to', { size: 10, color: MUTED });
  w.text(note.buyer.name, { font: bold, size: 13 });
  if (note.buyer.email) w.text(note.buyer.email, { size: 10.5 });
  if (note.buyer.gstin) w.text(`GSTIN ${note.buyer.gstin}`, { size: 10.5 });
  if (note.buyer.trn) w.text(`TRN ${note.buyer.trn}`, { size: 10.5 });
  if (note.buyer.pan) w.text(`PAN ${note.buyer.pan}`, { size: 10.5 });
  if (note.placeOfSupply)
    w.text(`Place of supply: ${note.placeOfSupply.state} (${note.placeOfSupply.code})`, { font: bold, size: 10.5 });
  w.text(`Reason: ${note.reason}`, { size: 10.5 });
  w.rule(10);

  w.row(
    [
      { text: 'Description', x: 0, width: AMOUNT_X - 10, font: bold, color: MUTED },
      { text: 'Credited', x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right', font: bold, color: MUTED },
    ],
    10,
    4,
  );
  for (const line of note.lines) {
    w.ensure(60);
    w.text(`${line.position}. ${line.title}`, { font: bold, size: 11.5, width: AMOUNT_X - 10 });
    w.row([
      { text: 'Amount before tax', x: 12, width: AMOUNT_X - 22 },
      { text: m(line.amount), x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right' },
    ]);
    for (const tax of line.taxes) {
      w.row([
        { text: `${tax.label} reversed`, x: 12, width: AMOUNT_X - 22, color: MUTED },
        { text: m(tax.amount), x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right', color: MUTED },
      ]);
    }
    w.y -= 6;
  }
  w.rule(6);
  const total = (label: string, value: string, strong = false) =>
    w.row(
      [
        { text: label, x: 200, width: AMOUNT_X - 210, align: 'right', font: strong ? bold : undefined },
        { text: value, x: AMOUNT_X, width: AMOUNT_WIDTH, align: 'right', font: strong ? bold : undefined },
      ],
      strong ? 12 : 11,
    );
  total('Amount before tax', m(note.amountBeforeTax));
  for (const tax of note.taxes) total(`${tax.label} reversed`, m(tax.amount));
  total(`Total credited (${note.currency})`, m(note.total), true);
  w.y -= 4;
  for (const n of note.notes) w.text(n, { size: 10, color: MUTED, gap: 3, keep: true });
  if (india) w.signature(india.signatory.for, india.signatory.label);
  w.footer();
  return w.save();
}
