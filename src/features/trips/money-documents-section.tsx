import { formatDay, formatMinor } from '../../../contract/format.ts';
import { PdfActions } from './pdf-actions.tsx';
import type { WalletEntry } from './wallet.ts';

/**
 * A booking's receipt vouchers (the tax on an advance) and debit notes (a refund that failed,
 * charged back) on the trip page, beside its credit note, from the copy kept on the phone (their
 * PDFs open offline).
 */
export function MoneyDocumentsSection({ entry }: { entry: WalletEntry }) {
  const documents = entry.moneyDocuments;
  if (!documents.length) return null;
  const heading = documents.every((d) => d.document.kind === 'receipt')
    ? 'Receipt vouchers'
    : documents.every((d) => d.document.kind === 'debit-note')
      ? 'Debit notes'
      : 'Receipt vouchers and debit notes';
  return (
    <section className="trip-section" aria-labelledby="trip-money-documents-heading">
      <h2 id="trip-money-documents-heading">{heading}</h2>
      <ul className="trip-money-documents">
        {documents.map(({ document: d, pdf }) => (
          <li key={d.number}>
            <p>
              {d.kind === 'receipt'
                ? `Receipt voucher ${d.number} of ${formatDay(d.issueDate)}: ${formatMinor(d.total, d.currency)} received in advance, with its tax.`
                : `Debit note ${d.number} of ${formatDay(d.issueDate)}${d.creditNoteNumber ? `, reversing credit note ${d.creditNoteNumber}` : ''}: ${formatMinor(d.total, d.currency)} charged back while the refund is sent again.`}
            </p>
            <PdfActions blob={pdf} filename={d.pdf.filename} title={`${d.title} ${d.number}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
