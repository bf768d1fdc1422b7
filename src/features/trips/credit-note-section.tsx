import { formatDay, formatMinor } from '../../../contract/format.ts';
import { PdfActions } from './pdf-actions.tsx';
import type { WalletEntry } from './wallet.ts';

/** A cancelled booking's credit note on the trip page, from the copy kept on the phone (opens offline). */
export function CreditNoteSection({ entry }: { entry: WalletEntry }) {
  const note = entry.creditNote;
  if (!note) return null;
  return (
    <section className="trip-section" aria-labelledby="trip-credit-note-heading">
      <h2 id="trip-credit-note-heading">Credit note</h2>
      <p>
        Credit note {note.number} of {formatDay(note.issueDate)}, against invoice {note.invoiceNumber}:{' '}
        {formatMinor(note.total, note.currency)} refunded.
      </p>
      <PdfActions blob={entry.creditNotePdf} filename={note.pdf.filename} title={`Credit note ${note.number}`} />
    </section>
  );
}
